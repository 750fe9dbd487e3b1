"""Two statements about the same subject and the same specific thing, with no slot in common: news of a
plan (done, cancelled, moved, what it was for got) supersedes it; two facts or tastes about the same thing
("loves jazz" / "goes to a jazz club every Friday") fuse into one card; a change ("sold the Ibiza")
replaces the state it ends."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import event, owner, pursuit, topic
from reverie.adapters.local.rules.described_same import (
    FUSIBLE,
    at_the_same_place,
    by_what_it_is,
    denies_any,
    describes_what_it_has,
    describes_what_it_uses,
    named_by_its_day,
    of_its_named_thing,
    refines,
    tells_of,
)
from reverie.adapters.local.rules.frequency import how_often
from reverie.adapters.local.rules.keys import other_slots, state_slot
from reverie.adapters.local.rules.moved_day import moved_to_another_time
from reverie.adapters.local.rules.plan_ends import (
    called_off,
    decided_against,
    done_otherwise,
    done_to,
    event_came,
    got,
    same_plan,
    state_ended,
)
from reverie.adapters.local.rules.plays_for import plays_for_team
from reverie.adapters.local.rules.their_things import (
    about_what_they_do,
    does_what_they_are,
    favourite_of_taste,
    names_the_one,
    uses_its_name,
    usual_said_as_habit,
)
from reverie.adapters.local.rules.values import other_amounts
from reverie.adapters.local.rules.verdicts import SAME_TIME, decision, fused, join, replace, time_of
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.domain.text import MONTH_NAME, human_date
from reverie.ports import MergeAction, MergeDecision


def about_the_same(candidate: Candidate, card: MemoryCard) -> frozenset[str]:
    """The specific things both statements are about, when they are about the same someone (or the
    candidate's subject is something the card is about: "the user's dog" after "the user has a dog",
    "Aiko's Saturday run" after "Aiko runs every weekend"); else nothing."""
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    owned = owned - _NOT_OWNED  # "Gil's plan for Rome ..." is about Rome, as "Gil is going to Rome" is
    # "Lily has outgrown ..." is about whom "Dot's daughter Lily is ..." is about
    of_theirs = bool(mine) and mine in their_owned and _named_in(candidate.statement, card.statement)
    theirs = mine if of_theirs else theirs
    if not mine or mine != theirs or (not of_theirs and other_people(candidate.statement, card.statement)):
        return frozenset()  # "Post Ines's ..." / "Post Bartek's ...": one opening word, two people
    about = topic(card.statement)
    extra = owned - their_owned
    if extra and not extra & about:
        return frozenset()  # "the user's sister ..." says nothing more about what "the user ..." says
    # "Eda got a new Vaillant boiler" is about what "Eda's boiler is a Baxi" is of
    return (topic(candidate.statement) & about) | (extra & about) | (topic(candidate.statement) & their_owned)


def _named_in(statement: str, card: str) -> bool:
    """The name `statement` opens with is a name `card` gives too ("Lily ..." / "Dot's daughter Lily ...")."""
    first = statement.split(maxsplit=1)[0].removesuffix("'s") if statement.strip() else ""
    return (
        first[:1].isupper()
        and first.lower() != "the"
        and re.search(rf"\b{re.escape(first)}\b", card) is not None
    )


# What "'s" owns that names no thing of its own: "Gil's plan for Rome" is about Rome.
_NOT_OWNED = frozenset(stem(w) for w in ("plan", "plans", "for", "of"))


def plan_news(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A later statement about what a held plan was for ("Marc's Halifax move is off", "Zoë came back
    from Patagonia") is news of the plan, not a restatement of it: the plan is over. So is the thing a plan
    to get one was for, said to be there ("The new boiler has been humming away since Tuesday" after "needs
    to get the old boiler replaced")."""
    if candidate.type is MemoryType.PLAN:
        return None  # a plan beside a plan: restated, refined or changed (see `_by_topic`)
    for card in cards:
        if (
            card.type is MemoryType.PLAN
            and (candidate.observed_at is None or candidate.observed_at > time_of(card) + SAME_TIME)
            and not other_slots(candidate.key, card.key, card.user_id or "")
            and (about_the_same(candidate, card) or got(candidate, card))
        ):
            return replace(candidate, card, f"news of the plan {card.memory_id}")
        if state_ended(candidate, card):
            return replace(candidate, card, f"{card.memory_id} holds while a state lasts, and it is over")
        if called_off(candidate, card):
            return replace(candidate, card, f"what the plan {card.memory_id} was for is off")
        if decided_against(candidate, card):  # "decided to stay in London after all"
            return replace(candidate, card, f"decided against what the plan {card.memory_id} was for")
        if card.type is MemoryType.PLAN and done_otherwise(candidate, card):
            return replace(candidate, card, f"the plan {card.memory_id} was done otherwise")
        if card.type is MemoryType.PLAN and done_to(candidate, card):
            return replace(candidate, card, f"what the plan {card.memory_id} was to do is done")
        if event_came(candidate, card):
            return replace(candidate, card, f"{card.memory_id} holds until an event, and it has happened")
    return None


def by_topic(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A plan followed by news of it (done, cancelled, moved) is over: the news supersedes it. Two facts
    or tastes about the same specific thing fuse into one card; so does what happened in a pursuit someone
    began ("started learning the cello" / "played cello in a first concert"), each part keeping its date."""
    if candidate.type not in FUSIBLE and candidate.type is not MemoryType.PLAN:
        return None
    for card in cards:
        if describes_what_it_uses(candidate, card):
            return fused(candidate, card, join(card.statement, candidate.statement), "what it works with")
        if named_by_its_day(candidate, card):
            return fused(
                candidate, card, join(card.statement, candidate.statement), "what is done on that day"
            )
        if by_what_it_is(candidate, card):  # "The Go API runs on Fly.io" after "Tao's API is written in Go"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "the thing, by what it is"
            )
        # "Hal's go-to Korean dish is ..." after "Hal loves Korean food"
        if favourite_of_taste(candidate, card):
            return fused(
                candidate, card, join(card.statement, candidate.statement), "a favourite within a taste"
            )
        if usual_said_as_habit(candidate, card):  # "always orders a flat white" / "'s go-to coffee is ..."
            return decision(MergeAction.NOOP, card, f"{card.memory_id} says the same habit")
        if does_what_they_are(
            candidate, card
        ):  # "Gio teaches maths at Oakwood High" after "Gio is a teacher"
            return fused(candidate, card, join(card.statement, candidate.statement), "what they are, done")
        if uses_its_name(candidate, card):  # "rides their Brompton" after "'s folding bike is a Brompton"
            return fused(candidate, card, join(card.statement, candidate.statement), "its thing, by its name")
        if of_its_named_thing(candidate, card):  # "Miso is 12 now ..." after "Pat has a cat called Miso"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "the thing it has, by name"
            )
        # "Leo plays for the Hornets" after "... Leo plays football"
        if team := plays_for_team(candidate, card):
            return fused(candidate, card, team, "the team of the game they play")
        if about_what_they_do(candidate, card):  # "The book club meets ..." after "Cas is in a book club"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "what they do, described"
            )
        if other_slots(candidate.key, card.key, card.user_id or "") or not about_the_same(candidate, card):
            continue  # two slots are two attributes, whatever words they share
        if card.type is candidate.type is MemoryType.PLAN and same_plan(candidate, card):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} is the same plan")
        if card.type is MemoryType.PLAN and (
            candidate.observed_at is None or candidate.observed_at > time_of(card)
        ):
            return replace(candidate, card, f"news of the plan {card.memory_id}")
        if card.type not in FUSIBLE or candidate.type not in FUSIBLE:
            continue
        # a change ("sold the Ibiza on 20 June") replaces the state it ends whatever numbers either names
        if not event(card.statement) and _CHANGE_RE.search(candidate.statement):
            return replace(candidate, card, f"a change of what {card.memory_id} says")
        # "moved my gym sessions to lunchtime" after "goes to the gym at 6am": another time for it
        if not event(card.statement) and moved_to_another_time(candidate.statement, card.statement):
            return replace(candidate, card, f"{card.memory_id}'s time, moved")
        # "traded the Passat for a Kia Niro": what the card names is given up for another
        if (
            not event(card.statement)
            and (traded := _TRADED_RE.search(candidate.statement))
            and stem(traded.group("what").lower()) in terms(card.statement)
        ):
            return replace(candidate, card, f"{card.memory_id}'s {traded.group('what')} given up for another")
        if (
            other_amounts(candidate.statement, card.statement)  # a date and a dose are no two values
            or candidate.valid_until != card.valid_until  # a lasting fact never joins a passing one
        ):
            continue
        happened = event(card.statement) or event(candidate.statement)
        if not _keys_allow(candidate, card) or denies_any(candidate, card):
            continue
        if (
            happened
            and _BEGUN_RE.search(card.statement)
            and pursuit(card.statement) & (pursuit(candidate.statement) | topic(candidate.statement))
        ):
            statement = join(_dated(card), candidate.statement)
            return fused(candidate, card, statement, "what happened in the same pursuit")
        if (
            _JOINED_RE.search(candidate.statement)
            and (_DOES_RE.search(card.statement) or _BEGUN_RE.search(card.statement))
            and pursuit(card.statement) & topic(candidate.statement)
        ):  # "plays the cello" / "joined the Hackney Community Orchestra as second cello"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "a pursuit held, taken further"
            )
        if not happened and practised(candidate, card):
            return fused(
                candidate, card, join(card.statement, candidate.statement), "how a pursuit is practised"
            )
        if not happened and (
            refines(candidate, card)
            or describes_what_it_has(candidate, card)
            or tells_of(candidate, card)
            or at_the_same_place(candidate, card)
            or names_the_one(candidate, card)  # "the Oxfam shop" after "a charity shop"
        ):
            if as_it_is_now(candidate, card):  # "Han's hair is a pixie cut now" after "Han has long hair"
                return replace(candidate, card, f"what {card.memory_id} said, as it is now")
            return fused(candidate, card, join(card.statement, candidate.statement), "the same subject")
    return None


# A pursuit someone began ("started learning the cello", "took up running"): a state that later events in
# it ("played cello in a first concert") add to; other events stay apart, each at its own date.
_BEGUN_RE = re.compile(
    r"\b(?:started|starts|began|begun|begins|took up|takes up|picked up|joined|signed up|enrolled|registered)\b"
    # ... or one carried on now: "is learning Japanese", "is training for a marathon"
    r"|\b(?:is|are|am|'s|'re|'m)\s+(?:learning|studying|training|practi[sc]ing|taking\s+(?:lessons|classes))\b",
    re.I,
)
# ... and one held as a habit ("plays the cello", "does judo", "sings in a choir") that the person takes further by
# joining something in it ("joined the Hackney Community Orchestra as second cello", "signed up for a judo club",
# "started guitar lessons with Dave"); so does one being learnt ("is learning the guitar" / "has got guitar lessons
# with Sam on Thursdays").
_DOES_RE = re.compile(
    r"^\S+(?: \S+)? (?:plays|does|practi[sc]es|sings|swims|climbs|runs|rides|dances)\b", re.I
)
_JOINED_RE = re.compile(
    r"\b(?:joined|signed up (?:for|to|with)|enrolled (?:in|at|on)|got into|"
    r"(?:started|starting|begun|began|taking|booked|got|has|have|having|doing)\s+(?:\w+\s+){0,2}?(?:lessons|classes|"
    r"a\s+course|coaching))\b",
    re.I,
)


# A state said as it is now: "is a pixie cut now", "these days", "any more".
# ("from now on" says a rule from here, no state)
_NOW_RE = re.compile(r"(?<!\bfrom\s)\bnow\b(?!\s+on\b)|\b(?:these\s+days|nowadays|any\s?more)\b", re.I)


def as_it_is_now(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate gives, as it is now, the value of a changeable attribute (a slot, its own or the card's), and
    the older card said it otherwise, with no "now" of its own: the news replaces it (latest wins), it does not
    add to it ("Quin's sister is in Leeds now" after "Quin's sister lives in Dubai")."""
    return (
        candidate.type is MemoryType.FACT
        and (candidate.key or card.key) is not None
        and (candidate.key is None or card.key in (None, candidate.key))
        and _NOW_RE.search(candidate.statement) is not None
        and _NOW_RE.search(card.statement) is None
        and not terms(candidate.statement) >= terms(card.statement)  # all it said, and more: a detail
    )


def practised(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate says how often the person does what the card holds they do or are learning, named the
    same ("is learning Spanish" / "does 20 minutes of Spanish on Duolingo every morning")."""
    goes = _GOES_RE.search(card.statement)  # "goes running": what they do is the running
    held = pursuit(card.statement) or (frozenset({stem(goes.group("what").lower())}) if goes else frozenset())
    return (
        bool(held)
        and (goes or _DOES_RE.search(card.statement) or _BEGUN_RE.search(card.statement)) is not None
        and how_often(card.statement) is None
        and how_often(candidate.statement) is not None
        and held <= topic(candidate.statement)
    )


_TRADED_RE = re.compile(
    r"\b(?:traded|swapped|exchanged|part[- ]exchanged)\s+(?:in\s+)?(?:the|my|our|his|her|their)\s+(?:[\w-]+\s+)?"
    r"(?P<what>[\w-]+)\s+(?:in\s+)?for\b",
    re.I,
)
_GOES_RE = re.compile(r"^\S+(?: \S+)? (?:goes|go) (?P<what>[a-z]+ing)\b", re.I)
_ABSOLUTE_DATE_RE = re.compile(
    rf"\b(?:1[89]|20)\d\d\b|\b{MONTH_NAME}\b",
    re.I,
)


def _dated(card: MemoryCard) -> str:
    """The card's statement, with its date when it tells of something that happened and names none: a
    fused card is dated by its newest part, so an older event keeps its own date in its words."""
    statement = card.statement
    when = card.observed_at
    if when is None or not event(statement) or _ABSOLUTE_DATE_RE.search(statement):
        return statement
    return f"{statement.rstrip(' .')} on {human_date(when)}."


def _keys_allow(candidate: Candidate, card: MemoryCard) -> bool:
    """A changeable state is its own attribute: what merely shares words with it is not more of it."""
    return not (state_slot(candidate.key) or state_slot(card.key))


# A statement that reports a change replaces what it changes instead of adding to it.
_CHANGE_RE = re.compile(
    r"\b(?:switched|swapped|changed|replaced|moved (?:from|away|to)|no longer|no more(?! than)|not any ?more|"
    r"stopped|paused|put\s+on\s+hold|quit|(?:taken|took|came|come|weaned)\s+(?:\w+\s+)?off|discharged|retired\b(?!\s+from\b)|"
    # a thing of theirs gone: "my Brompton got stolen", "the car was written off"
    r"(?:got|was|been)\s+(?:stolen|nicked|written\s+off)|"
    r"gave up|given up|giving up|packed in|jacked in|left|instead of|(?:went|go|goes|gone|going) back to|(?:is|are|am) back on|now (?:uses?|prefers?|works?|lives?)|"
    r"stepped down|stepped back|"
    # out of what one was in for: "pulled out of Brighton with a stress fracture", "dropped out of the course"
    r"pulled out|dropped out|withdrew|bowed out|moved out|outgrown|outgrew|grew out of|recovered from|got over|"
    r"resigned|retired from|(?:can|don|won|doesn)'?t\b[^.;]*\bany\s*more|cannot\b[^.;]*\bany\s*more|"
    # a version or a system moved on: "upgraded staging to Postgres 16", "migrated the blog to Hugo"
    r"(?:upgraded|downgraded|migrated|bumped|updated|renamed|dropped|dropped down|went down|went up)\b"
    r"(?=[^.;]*\bto\b)|"
    # parting with what the card says one has: "sold the Ibiza", "gave away the piano", "got rid of the van"
    r"sold|gave away|given away|got rid of|traded (?:(?:the|my|our|his|her|their) [\w-]+ )?in|part[- ]exchanged|"
    # ... or given back: "the ThinkPad's gone back", "returned the loan car"
    r"(?:has|have|'s|’s)\s+(?:gone|been\s+(?:sent|given|handed))\s+back(?!\s+to\b)|"
    r"returned(?!\s+(?:from|to|home|after)\b)|handed\s+(?:it\s+|them\s+)?back|sent\s+(?:it\s+|them\s+)?back|"
    r"scrapped|cut\s+(?:\w+\s+){0,2}out|"
    # a new one of the thing got: "got a new Vaillant boiler fitted" after "the boiler is a Baxi"
    r"(?:got|bought|had|have|fitted|installed|ordered)\s+(?:a|our|my)\s+(?:brand\s+)?new)\b",
    re.I,
)
