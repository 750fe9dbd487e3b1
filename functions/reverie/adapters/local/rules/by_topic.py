"""Two statements about the same subject and the same specific thing, with no slot in common: news of a
plan (done, cancelled, moved, what it was for got) supersedes it; two facts or tastes about the same thing
("loves jazz" / "goes to a jazz club every Friday") fuse into one card; a change ("sold the Ibiza")
replaces the state it ends."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import event, owner, possessions, pursuit, topic
from reverie.adapters.local.rules.keys import other_slots, state_slot
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
from reverie.adapters.local.rules.their_things import (
    about_what_they_do,
    does_what_they_are,
    favourite_of_taste,
    names_the_one,
    uses_its_name,
)
from reverie.adapters.local.rules.values import other_amounts
from reverie.adapters.local.rules.verdicts import SAME_TIME, decision, fused, join, replace, time_of
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import MONTH_NAME, human_date
from reverie.ports import MergeAction, MergeDecision


def about_the_same(candidate: Candidate, card: MemoryCard) -> frozenset[str]:
    """The specific things both statements are about, when they are about the same someone (or the
    candidate's subject is something the card is about: "the user's dog" after "the user has a dog",
    "Aiko's Saturday run" after "Aiko runs every weekend"); else nothing."""
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    owned = owned - _NOT_OWNED  # "Gil's plan for Rome ..." is about Rome, as "Gil is going to Rome" is
    if not mine or mine != theirs or other_people(candidate.statement, card.statement):
        return frozenset()  # "Post Ines's ..." / "Post Bartek's ...": one opening word, two people
    about = topic(card.statement)
    extra = owned - their_owned
    if extra and not extra & about:
        return frozenset()  # "the user's sister ..." says nothing more about what "the user ..." says
    # "Eda got a new Vaillant boiler" is about what "Eda's boiler is a Baxi" is of
    return (topic(candidate.statement) & about) | (extra & about) | (topic(candidate.statement) & their_owned)


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
    if candidate.type not in _FUSIBLE and candidate.type is not MemoryType.PLAN:
        return None
    for card in cards:
        if _describes_what_it_uses(candidate, card):
            return fused(candidate, card, join(card.statement, candidate.statement), "what it works with")
        if _named_by_its_day(candidate, card):
            return fused(
                candidate, card, join(card.statement, candidate.statement), "what is done on that day"
            )
        if _by_what_it_is(candidate, card):  # "The Go API runs on Fly.io" after "Tao's API is written in Go"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "the thing, by what it is"
            )
        # "Hal's go-to Korean dish is ..." after "Hal loves Korean food"
        if favourite_of_taste(candidate, card):
            return fused(
                candidate, card, join(card.statement, candidate.statement), "a favourite within a taste"
            )
        if does_what_they_are(
            candidate, card
        ):  # "Gio teaches maths at Oakwood High" after "Gio is a teacher"
            return fused(candidate, card, join(card.statement, candidate.statement), "what they are, done")
        if uses_its_name(candidate, card):  # "rides their Brompton" after "'s folding bike is a Brompton"
            return fused(candidate, card, join(card.statement, candidate.statement), "its thing, by its name")
        if _of_its_named_thing(candidate, card):  # "Miso is 12 now ..." after "Pat has a cat called Miso"
            return fused(
                candidate, card, join(card.statement, candidate.statement), "the thing it has, by name"
            )
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
        if card.type not in _FUSIBLE or candidate.type not in _FUSIBLE:
            continue
        # a change ("sold the Ibiza on 20 June") replaces the state it ends whatever numbers either names
        if not event(card.statement) and _CHANGE_RE.search(candidate.statement):
            return replace(candidate, card, f"a change of what {card.memory_id} says")
        if (
            other_amounts(candidate.statement, card.statement)  # a date and a dose are no two values
            or candidate.valid_until != card.valid_until  # a lasting fact never joins a passing one
        ):
            continue
        happened = event(card.statement) or event(candidate.statement)
        if not _keys_allow(candidate, card) or _denies_any(candidate, card):
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
        if not happened and (
            _refines(candidate, card)
            or _describes_what_it_has(candidate, card)
            or _tells_of(candidate, card)
            or _at_the_same_place(candidate, card)
            or names_the_one(candidate, card)  # "the Oxfam shop" after "a charity shop"
        ):
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


def _of_its_named_thing(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate's subject is, by its name, the thing the card says its subject has: "Miso is 12 now" after
    "Pat has a cat called Miso" (a name: capitalised where the candidate opens with it)."""
    if candidate.type not in _FUSIBLE or card.type not in _FUSIBLE or not candidate.statement[:1].isupper():
        return False
    name, _ = owner(candidate.statement)
    return bool(name) and name != owner(card.statement)[0] and name in possessions(card.statement)


# "The Go API runs ...": a thing named by "the", what it is, and its head noun.
_THE_NAMED_RE = re.compile(r"^the\s+(?P<name>(?-i:[A-Z])[\w-]*)\s+(?!of\b)[a-z]+", re.I)
_THE_KIND_OF_RE = re.compile(
    r"^the\s+(?P<what>(?:[\w.+#-]+\s+){1,2}?)(?P<head>[a-z][\w-]*)\s+(?!of\b)[a-z]+", re.I
)


def _by_what_it_is(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate names, by "the", what it is and its kind, the one thing the card says someone's thing of
    that kind is ("The Go API runs on Fly.io" after "Tao's API is written in Go"), or by "the" and the name of
    the thing the card says they have ("The Vitamix makes ..." after "Max has a Vitamix blender")."""
    if candidate.type not in _FUSIBLE or card.type not in _FUSIBLE:
        return False
    brand = _THE_NAMED_RE.match(candidate.statement.strip())  # "The Vitamix makes ..." after "has a Vitamix"
    if brand and re.search(
        rf"\b(?:has|have|got|bought|owns?)\s+(?:a|an)\s+{re.escape(brand.group('name'))}\b", card.statement
    ):
        return True
    found = _THE_KIND_OF_RE.match(candidate.statement.strip())
    if found is None:
        return False
    head = found.group("head")
    owned = re.match(
        rf"^[\w-]+'s\s+(?:[\w-]+\s+)?{re.escape(head)}\s+(?:is|are|was|were|has|have)\b", card.statement, re.I
    )
    return owned is not None and terms(found.group("what")) <= terms(card.statement[owned.end() :])


def _describes_what_it_has(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate is about something the card says its subject has: "Elif's cat Miso is a Maine Coon"
    after "Elif has a cat"."""
    return bool(owner(candidate.statement)[1] & possessions(card.statement))


def _tells_of(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate's subject is the thing of the card's subject that the card tells of: "Dad's
    amlodipine is 5 mg every morning" after "Dad has been put on amlodipine for his blood pressure"."""
    thing = owner(candidate.statement)[1] - _LINKS
    about = topic(card.statement)
    # "Bex's vinyl collection" is what "Bex collects vinyl" tells of: a noun made of the card's verb
    return bool(thing) and all(w in about or (w.endswith("ion") and stem(w[:-3]) in about) for w in thing)


_LINKS = frozenset(stem(w) for w in "is are was were has have had".split())
_FUSIBLE = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})

# What a statement's subject does something with: "deploys with argocd", "uses Jira", "syncs via rsync". After
# "with", a capitalised name is a person more often than a tool ("works with Priya"): only a lower-case one.
_INSTRUMENT_RE = re.compile(
    r"\b(?:(?:uses|use|used|using|via)\s+(?:the\s+|a\s+|an\s+)?|with\s+(?=[a-z]))([\w.-]+)"
)

# How someone goes or does something: "by" and a bare noun ("commutes by S-Bahn", "pays by card"), not a
# time ("by Friday", "by 5pm") or a determined thing ("by the river").
_BY_MEANS_RE = re.compile(
    r"\bby\s+(?!(?:the|a|an|my|our|your|his|her|their|its|this|that|then|now|far|noon|midnight|tomorrow|"
    rf"tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|{MONTH_NAME})\b)([^\W\d][\w-]*)",
    re.I,
)

_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# Something named by the day it recurs on: "the Saturday shift", "my Tuesday class", "Ana's Monday run".
_BY_ITS_DAY_RE = re.compile(r"^(?:the|my|our|[A-Z][\w-]*'s)\s+(?P<day>" + _DAYS + r")\s+[a-z]", re.I)
_ON_DAYS_RE = re.compile(r"\b(?:on|every|each)\s+(?P<day>" + _DAYS + r")s?\b", re.I)


def _named_by_its_day(candidate: Candidate, card: MemoryCard) -> bool:
    """A fact about something named by the day it recurs on ("The Saturday shift is at the Brixton branch")
    after a fact that its subject does something on that day ("volunteers at a food bank on Saturdays"):
    more about that one thing."""
    named = _BY_ITS_DAY_RE.match(candidate.statement)
    if named is None or not card.type is candidate.type is MemoryType.FACT or event(candidate.statement):
        return False
    whose = named.group(0).split()[0]
    if whose.endswith("'s") and stem(whose.lower()) != owner(card.statement)[0]:
        return False  # someone else's day
    days = {d.group("day").lower() for d in _ON_DAYS_RE.finditer(card.statement)}
    return named.group("day").lower() in days


def _describes_what_it_uses(candidate: Candidate, card: MemoryCard) -> bool:
    """A lasting fact about the thing a held fact says its subject works with ("Argocd syncs from the
    infra repo every 3 min" after "Jo deploys with argocd"), or about their own one of it ("Jo's bike is a
    Brompton" after "Jo rides to work by bike"): more about how they do it, one card."""
    if (
        candidate.type is not MemoryType.FACT
        or card.type is not MemoryType.FACT
        or event(candidate.statement)
    ):
        return False
    thing, owned = owner(candidate.statement)
    used = {stem(m.group(1).lower().rstrip(".-")) for m in _INSTRUMENT_RE.finditer(card.statement)}
    if bool(thing) and thing in used and thing != owner(card.statement)[0]:
        return True
    # which one of what they use or go by: "The user's S-Bahn is the S6" after "The user commutes to the
    # office by S-Bahn", "Jo's bike is a Brompton" after "Jo rides to work by bike"
    means = used | {stem(m.group(1).lower().rstrip(".-")) for m in _BY_MEANS_RE.finditer(card.statement)}
    return bool(thing) and thing == owner(card.statement)[0] and bool(owned & means)


def _refines(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate adds detail to all the card says, pointing the same way: "goes to a jazz club every
    Friday" refines "loves jazz"; sharing one word of a longer card ("LGBTQ support groups" beside
    "passionate about LGBTQ rights") is another statement, not more of it."""
    about = topic(candidate.statement) | owner(candidate.statement)[1]
    held = topic(_COMPARED_RE.sub("", card.statement))  # "likes tea more than coffee" is about tea
    if about & _TAUGHT:  # "'s driving lessons are on Saturdays" is how "is learning to drive" goes on
        held -= _LEARNING
    return held <= about and not _denies_any(candidate, card)


_LEARNING = frozenset(stem(w) for w in ("learning", "learn", "studying", "study"))
_TAUGHT = frozenset(
    stem(w)
    for w in (
        "lesson",
        "lessons",
        "class",
        "classes",
        "course",
        "courses",
        "tutor",
        "teacher",
        "instructor",
        "coach",
    )
)


# A place someone does something at, named with "the": "at the Eastside food bank", "At the food bank".
_AT_PLACE_RE = re.compile(
    r"\bat\s+the\s+(?P<place>(?:(?-i:[A-Z])[\w'-]*\s+)*[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I
)


def _places(statement: str) -> list[frozenset[str]]:
    return [frozenset(terms(m.group("place"))) for m in _AT_PLACE_RE.finditer(statement)]


def _at_the_same_place(candidate: Candidate, card: MemoryCard) -> bool:
    """What the same person does at the place the card says they do something at: "runs the Saturday shift at
    the food bank" after "volunteers at the Eastside food bank" (the place said with fewer words is the one)."""
    theirs = _places(card.statement)
    return any(mine and any(mine <= place for place in theirs) for mine in _places(candidate.statement))


# What a taste is set against, not what it is about: "more than coffee", "over cats", "rather than the bus".
_COMPARED_RE = re.compile(r"\s+(?:more\s+than|rather\s+than|better\s+than|over|instead\s+of)\s+[^,.;]+", re.I)


def _keys_allow(candidate: Candidate, card: MemoryCard) -> bool:
    """A changeable state is its own attribute: what merely shares words with it is not more of it."""
    return not (state_slot(candidate.key) or state_slot(card.key))


# A statement that reports a change replaces what it changes instead of adding to it.
_CHANGE_RE = re.compile(
    r"\b(?:switched|swapped|changed|replaced|moved (?:from|away|to)|no longer|no more(?! than)|not any ?more|"
    r"stopped|quit|"
    r"gave up|left|instead of|went back to|now (?:uses?|prefers?|works?|lives?)|stepped down|stepped back|"
    # out of what one was in for: "pulled out of Brighton with a stress fracture", "dropped out of the course"
    r"pulled out|dropped out|withdrew|bowed out|moved out|"
    r"resigned|retired from|(?:can|don|won|doesn)'?t\b[^.;]*\bany\s*more|cannot\b[^.;]*\bany\s*more|"
    # a version or a system moved on: "upgraded staging to Postgres 16", "migrated the blog to Hugo"
    r"(?:upgraded|downgraded|migrated|bumped|updated)\b(?=[^.;]*\bto\b)|"
    # parting with what the card says one has: "sold the Ibiza", "gave away the piano", "got rid of the van"
    r"sold|gave away|given away|got rid of|traded (?:(?:the|my|our|his|her|their) [\w-]+ )?in|part[- ]exchanged|"
    r"scrapped|"
    # a new one of the thing got: "got a new Vaillant boiler fitted" after "the boiler is a Baxi"
    r"(?:got|bought|had|have|fitted|installed|ordered)\s+(?:a|our|my)\s+(?:brand\s+)?new)\b",
    re.I,
)


def _denies_any(candidate: Candidate, card: MemoryCard) -> bool:
    return negated(candidate.statement) != negated(card.statement)
