"""How a held plan, or a rule held while a state lasts, is over by what is said later (for `merge`): the new
thing a plan was to get is spoken of, the state is said to be over; and when two plans are one plan."""

from __future__ import annotations

import re
from datetime import timedelta
from itertools import pairwise

from reverie.adapters.local.rules.about import jaccard, owner, topic
from reverie.adapters.local.rules.animal_named import DOG_BREEDS
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST
from reverie.adapters.local.rules.verdicts import time_of
from reverie.adapters.local.rules.whose import possessor
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import negated, stem, terms

SAME_TIME = timedelta(minutes=5)  # observations this close count as simultaneous (as in `merge`)

# A rule held while a state lasts ("While Dmitri is in Nairobi for the project, put ...") ...
_WHILE_RE = re.compile(
    r"^(?:while|as long as|for as long as|whenever|when)\s+(?P<condition>[^,]{3,80}),", re.I
)
# ... and news that the state is over ("Dmitri's Nairobi stint is over", "back from Nairobi").
_ENDED_RE = re.compile(
    r"\b(?:is|are|was|were|has been|'s)\s+(?:now\s+|finally\s+|officially\s+)?(?:over|done|finished|ended)\b|"
    r"\b(?:back (?:from|home)|left|moved (?:out of|away from))\b",
    re.I,
)


def state_ended(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate says the state a held rule lasts while is over, naming what that state names."""
    scoped = _WHILE_RE.match(card.statement)
    if scoped is None or not _ENDED_RE.search(candidate.statement):
        return False
    if (
        candidate.observed_at is not None
        and candidate.observed_at <= (card.observed_at or card.updated_at) + SAME_TIME
    ):
        return False
    return bool(topic(scoped.group("condition")) & topic(candidate.statement))


_PLANNING = frozenset(
    stem(w) for w in "plan plans planning planned intend intends hope hopes aim aims".split()
)


def same_plan(candidate: Candidate, card: MemoryCard) -> bool:
    """Two plans of one person for the same specific things ("needs to get the old boiler replaced before
    winter" / "plans to replace her old boiler before winter"): one plan, said twice."""
    mine, theirs = topic(candidate.statement) - _PLANNING, topic(card.statement) - _PLANNING
    return len(mine & theirs) >= 2 and (mine <= theirs or theirs <= mine or jaccard(mine, theirs) >= 0.5)


# A plan to get something new ("get the old boiler replaced", "buy a new bike", "have a heat pump fitted") ...
_GETTING_RE = re.compile(
    r"\b(?:replac\w*|get|getting|buy|buying|order\w*|install\w*|fit|fitted|fitting|upgrad\w*|swap\w*|"
    r"change|changing|renew\w*)\b",
    re.I,
)
# ... is reached when the new one is spoken of: "the new boiler", "our new bike".
_NEW_THING_RE = re.compile(r"\b(?:the|my|our|his|her|their)\s+(?:brand[\s-]+)?new\s+(?P<thing>[\w-]+)", re.I)


# ... or, for a dog, when one of a breed was got: "We adopted a greyhound called Pepper" after "thinking of getting
# a dog".
_DOG_GOT_RE = re.compile(
    r"\b(?:got|adopted|rescued|bought|brought\s+home|took\s+in|picked\s+up)\s+(?:a|an|our|my)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:" + "|".join(DOG_BREEDS) + r")\b",
    re.I,
)


# ... or when it is said to be in place: "the solar panels went in last week", "the new boiler was fitted".
_IN_PLACE_RE = re.compile(
    r"^(?:the|our|my)\s+(?:new\s+)?(?:[\w-]+\s+)?(?P<thing>[\w-]+)\s+(?:went\s+in|went\s+up|(?:was|were|got|have\s+been|"
    r"has\s+been)\s+(?:fitted|installed|put\s+in|delivered)|arrived|came)\b",
    re.I,
)


def got(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate speaks of the new thing the plan `card` was to get (a dog by its breed too), or says it is
    in place."""
    if not _GETTING_RE.search(card.statement):
        return False
    if _DOG_GOT_RE.search(candidate.statement) and stem("dog") in terms(card.statement):
        return True
    if (placed := _IN_PLACE_RE.match(candidate.statement.strip())) and stem(
        placed.group("thing").lower()
    ) in terms(card.statement):
        return True
    new = _NEW_THING_RE.search(candidate.statement)
    return new is not None and stem(new.group("thing").lower()) in terms(card.statement)


# A plan said as one, whatever type it was kept as ("The plan is to remortgage with Nationwide", "Ana intends
# to move to Porto", "we're going to sell the van") ...
_PLAN_SAID_RE = re.compile(
    r"\b(?:the plan is|plans? to|planning to|intends? to|going to|aims? to|hopes? to|will)\b"
    # ... or an arrangement said in the present for a time ahead: "we're moving to Bristol in the summer"
    r"|\b(?:is|are|am)\s+(?:[a-z]+ing)\b[^.;]*\b(?:in\s+the\s+(?:summer|spring|autumn|winter|new\s+year)|next\s+"
    r"(?:week|month|year|spring|summer|autumn|winter)|in\s+(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December))\b"
    # ... or a sale or purchase under way: "we're selling our flat in Leith", "is buying a house"
    r"|\b(?:is|are|am|'re|'m)\s+(?:selling|buying|renting\s+out|remortgaging)\b",
    re.I,
)
# ... is over when the thing it was for is said to be off: "the Nationwide remortgage is off", "the move to
# Porto has been called off", "the van sale fell through", "the trip is cancelled".
_OFF_RE = re.compile(
    r"^(?P<thing>.{3,80}?)\s+(?:is|are|was|were|has been|have been|got|'s)\s+(?:now\s+|definitely\s+|"
    r"officially\s+)?(?:off|cancel+ed|called off|scrapped|shelved|dropped|abandoned|not happening|"
    r"not going ahead|on hold)\b|^(?P<fell>.{3,80}?)\s+(?:fell|has fallen|have fallen) through\b"
    # ... or the one it was with cancelled: "Dentist cancelled on me, need to rebook"
    r"|^(?P<on>.{3,60}?)\s+(?:has\s+|have\s+)?(?:cancell?ed|bailed|pulled\s+out)\s+on\b",
    re.I,
)


# ... or that someone called it off: "we've called the wedding off", "they cancelled the trip to Rome".
_CALLED_OFF_RE = re.compile(
    r"\b(?:called|call|calling)\s+(?:off\s+(?P<a>(?:the|our|my|their|his|her|(?-i:[A-Z])[\w-]*'s)\s+[^,.;]{2,60}?)(?=\s*(?:[,.;!]|$)|"
    r"\s+(?:because|as|since|after)\b)|(?P<b>(?:the|our|my|their|his|her|(?-i:[A-Z])[\w-]*'s)\s+[^,.;]{2,40}?)\s+off\b)"
    r"|\b(?:cancell?ed|scrapped|shelved|postponed indefinitely)\s+(?P<c>(?:the|our|my|their|his|her|(?-i:[A-Z])[\w-]*'s)\s+[^,.;]{2,60}?)"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:because|as|since|after)\b)",
    re.I,
)
# An event and the verb for what happens at it: "the wedding is off" ends "getting married in September".
# ... "the flat sale fell through" ends "selling the flat"
_EVENT_VERBS = {
    stem("wedding"): frozenset({stem("married"), stem("marry"), stem("marrying")}),
    stem("sale"): frozenset({stem("sell"), stem("selling")}),
    stem("purchase"): frozenset({stem("buy"), stem("buying")}),
}


def called_off(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate, said later, says the thing a held plan was for is off (cancelled, fell through)."""
    off = _OFF_RE.match(candidate.statement) or _CALLED_OFF_RE.search(candidate.statement)
    if off is None or not (card.type.value == "plan" or _PLAN_SAID_RE.search(card.statement)):
        return False
    if (
        candidate.observed_at is not None
        and candidate.observed_at <= (card.observed_at or card.updated_at) + SAME_TIME
    ):
        return False
    said = next(g for g in off.groups() if g)
    # "the wedding": no subject; who cancelled ("Dentist cancelled on me") is the thing, by any name
    thing = (topic(said) if off.re is _OFF_RE and not off.groupdict().get("on") else terms(said)) - _PLANNING
    if thing & set(_EVENT_VERBS):  # "the car sale fell through" ends no selling of the flat
        objects = terms(said) - set(_EVENT_VERBS) - _PLANNING - terms(possessor(said))
        if objects and not objects & terms(card.statement):
            return False
    thing |= {verb for word in thing for verb in _EVENT_VERBS.get(word, ())}
    return bool(thing & (topic(card.statement) - _PLANNING))


# A decision against what a plan was for: "decided to stay in London after all", "we're staying put", "decided
# not to sell the van", "decided against the extension", "changed our minds about the puppy", "not moving after
# all"; or word that it did not happen ("didn't do the Italian course in the end").
_AGAINST_RE = re.compile(
    r"\b(?:decided|chosen|opted)\s+(?:not\s+to\s+(?P<verb>[a-z]+)|against\s+(?P<thing>[^,.;]+)|(?P<stay>to\s+stay)\b)"
    r"|\b(?P<put>staying\s+put|stay\s+put)\b|\bchanged\s+(?:my|our|their|his|her)\s+minds?\s+about\s+(?P<about>[^,.;]+)"
    r"|\bnot\s+(?P<ing>[a-z]+ing)\b[^.;]*\bafter\s+all\b"
    # ... or that it did not happen: "didn't do the Italian course in the end", "didn't end up buying the van"
    r"|\b(?:didn'?t|did\s+not)\s+(?:end\s+up\s+[a-z]+ing\s+(?P<ended>[^,.;]+)|[a-z]+\s+(?P<done>[^,.;]+?)\s+"
    r"(?:in\s+the\s+end|after\s+all)\b)",
    re.I,
)
_MOVE_RE = re.compile(r"\b(?:move|moving|relocat\w*|emigrat\w*)\b", re.I)


def decided_against(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate, said later of the plan's someone, decides against what the held plan was for: staying
    ends a plan to move, "not to sell" a plan to sell, "against the extension" a plan for one."""
    against = _AGAINST_RE.search(candidate.statement)
    if against is None or not (card.type.value == "plan" or _PLAN_SAID_RE.search(card.statement)):
        return False
    if owner(candidate.statement)[0] != owner(card.statement)[0] or (
        candidate.observed_at is not None
        and candidate.observed_at <= (card.observed_at or card.updated_at) + SAME_TIME
    ):
        return False
    if against.group("stay") or against.group("put"):
        return _MOVE_RE.search(card.statement) is not None
    verb = against.group("verb") or against.group("ing")
    if verb:
        return stem(verb.lower()) in terms(card.statement) or (
            verb.lower().endswith("ing") and stem(verb.lower()[:-3]) in terms(card.statement)
        )
    said = against.group("thing") or against.group("about")
    thing = topic(said) if said else terms(against.group("done") or against.group("ended"))
    return bool(thing - _PLANNING & (topic(card.statement) - _PLANNING))


# What holds until an event rather than a date ("until the baby arrives", "till the renovation is finished",
# "until my cast comes off", "until the move", "until we move"): the event, its subject and verb.
_UNTIL_EVENT_RE = re.compile(
    r"\b(?:until|till|'til|up until)\s+(?:(?:the|my|our|his|her|their|its)\s+(?P<noun>[a-z][\w-]+)|"
    r"(?P<who>I|we|they|he|she|[A-Z][\w-]+)(?=\s+[a-z]))(?:\s+(?:is|are|gets?|has|have)\b)?(?:\s+(?P<verb>[a-z]+)(?:\s+(?P<particle>off|"
    r"out|back|home|in|over|up|through)\b)?)?",
    re.I,
)
# An event said to be past as a whole: "the renovation is finished", "the move is done", "has happened".
_COMPLETED_RE = re.compile(
    r"\b(?:is|are|was|were|has been|have been|'s)\s+(?:now\s+|finally\s+|all\s+)?(?:over|done|finished|"
    r"complete|completed|ended|behind (?:us|me))\b|\b(?:has|have)\s+(?:happened|taken place)\b|\btook place\b",
    re.I,
)
# The one equivalence of words this needs: a birth reported is the arrival of a baby.
_BIRTH_RE = re.compile(
    r"\b(?:was|were|been|got)\s+born\b|\bgave birth\b|\bhad\s+(?:the|a|our|her|their)\s+baby\b", re.I
)


def event_came(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate, said later, reports as happened the event until which the card holds: its noun with
    the event's verb in the past ("the baby arrived"), or said to be over ("the renovation is finished");
    the noun's own verb in the past ("until the move" / "we moved in on Saturday"); a person's event in
    the past ("until I finish my thesis" / "I finished my thesis"); a birth for a baby's arrival."""
    until = _UNTIL_EVENT_RE.search(card.statement)
    if until is None or negated(candidate.statement) or not _later(candidate, card):
        return False
    said = candidate.statement
    whose, _ = owner(said)  # someone else's news ("Tom's baby was born") is no event of the card's
    if whose and whose not in terms(card.statement) | {stem((until.group("noun") or "").lower())}:
        return False
    noun, verb, particle = until.group("noun"), until.group("verb"), until.group("particle")
    if noun and noun.lower() == "baby" and _BIRTH_RE.search(said):
        return True
    words = [w.strip(",.;:!?'\"()").lower() for w in said.split()]
    if noun and stem(noun.lower()) not in {stem(w) for w in words}:
        return False  # what is said is not about that event
    if noun and (_COMPLETED_RE.search(said) or _past_of(noun, words)):
        return True
    return bool(verb) and (_past_of(verb, words) or _irregular_past(particle, words))


def _later(candidate: Candidate, card: MemoryCard) -> bool:
    return (
        candidate.observed_at is None
        or candidate.observed_at > (card.observed_at or card.updated_at) + SAME_TIME
    )


def _past_of(word: str, words: list[str]) -> bool:
    """A regular past of `word` is among `words` ("arrives" / "arrived", "move" / "moved")."""
    base = stem(word.lower())
    return any(w.endswith("ed") and stem(w) == base for w in words)


def _irregular_past(particle: str | None, words: list[str]) -> bool:
    """An irregular past followed by the event's particle ("comes off" / "came off"); without a particle an
    irregular past says too little of which event it is."""
    if not particle:
        return False
    return any(w in IRREGULAR_PAST and nxt == particle.lower() for w, nxt in pairwise(words))


# What a plan was to do ("planning to get a dog", "going to buy a Golf", "we'll book Crete") ...
_PLANNED_VERB_RE = re.compile(
    r"\b(?:(?:plans?|planning|planned|intends?|going|aims?|hopes?|wants?)\s+to|"
    # ("thinking of selling the caravan")
    r"(?:thinking\s+(?:of|about)|considering)(?=\s+[a-z]+ing\b))\s+(?P<verb>[a-z]+)\b|\bwill\s+(?P<will>[a-z]+)\b",
    re.I,
)
# ... done otherwise, said as such: "we got a cat instead", "ended up booking Crete", "in the end we bought a van".
_OTHERWISE_RE = re.compile(r"\b(?:instead|ended\s+up|in\s+the\s+end)\b", re.I)
_PAST_OF = {"got": "get", "went": "go", "bought": "buy", "took": "take", "made": "make", "chose": "choose",
            "did": "do", "found": "find", "built": "build", "sold": "sell", "flew": "fly", "drove": "drive"}  # fmt: skip


def _done(word: str) -> str | None:
    """The present of a past verb ("got" → get, "booked" → book), or None when it is none."""
    lower = word.lower()
    if lower in _PAST_OF:
        return _PAST_OF[lower]
    if lower.endswith("ed") and len(lower) > 4:
        return stem(lower)
    if lower.endswith("ing") and len(lower) > 5:  # "ended up booking"
        return stem(lower)
    return None


def done_otherwise(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate, said later, says what the plan `card` was to do was done otherwise ("got a cat instead"
    after "planning to get a dog"): the plan is over, and the news is what happened."""
    planned = _PLANNED_VERB_RE.search(card.statement)
    if planned is None or not _OTHERWISE_RE.search(candidate.statement):
        return False
    if candidate.observed_at is not None and candidate.observed_at <= time_of(card) + SAME_TIME:
        return False
    verb = (planned.group("verb") or planned.group("will")).lower()
    return any(
        (present := _done(w)) is not None and (present == verb or present == stem(verb))
        for w in re.findall(r"[A-Za-z]+", candidate.statement)
    )


# What a plan was to do to a thing, said done to it: "the kitchen is finally painted" after "planning to repaint
# the kitchen in May", "our old van has been sold" after "going to sell the van", "the shed is done".
_DONE_TO_RE = re.compile(
    # (the thing bare, as chat leaves out "the": "Caravan's sold")
    r"^(?:(?:so|and|well|yay|finally)\W+)?(?P<thing>(?:the|my|our|his|her|their)\s+[a-z][\w' -]{1,40}?|[a-z][\w-]+)\s+"
    r"(?:is|are|'s|has\s+been|have\s+been|was|were|got)\s+(?:(?:now|finally|all|fully|completely|officially)\s+)?"
    r"(?P<done>[a-z]+)\b",
    re.I,
)
_FINISHED = frozenset("done finished complete completed sorted".split())


# ... or the plan's deed named as a noun and said done: "migration done" after "planning to migrate the blog".
_DEED_DONE_RE = re.compile(
    r"\b(?P<deed>[a-z]{4,}?(?:ation|ition|ion|ment|al))\s+(?:is\s+|'s\s+|was\s+|now\s+)?(?:all\s+)?"
    r"(?:done|finished|complete|completed|sorted|over)\b",
    re.I,
)


def _deed_done(candidate: Candidate, card: MemoryCard, verb: str) -> bool:
    """The candidate says the plan's deed, as a noun ("migration", "renovation", "removal"), is done, and
    speaks of what the plan was about."""
    found = _DEED_DONE_RE.search(candidate.statement)
    if found is None:
        return False
    root = re.sub(r"(?:ation|ition|ion|ment|al)$", "", found.group("deed").lower())
    shared = (topic(candidate.statement) & topic(card.statement)) - _PLANNING
    return len(root) >= 4 and stem(verb).startswith(root[:5]) and bool(shared)


# ... or a plan to have a thing done by someone ("needs to get the garden fence fixed", "having the boiler
# serviced") reached when the thing is said to be so ("The fence is fixed").
_CAUSATIVE_RE = re.compile(
    r"\b(?:get|getting|have|having)\s+(?:the|my|our|his|her|their)\s+(?:[\w-]+\s+){0,3}?(?P<thing>[\w-]+)\s+"
    r"(?P<done>[a-z]{3,}ed)\b",
    re.I,
)


def _had_done(candidate: Candidate, card: MemoryCard) -> bool:
    """The plan has a thing done by someone, and the candidate says that thing is done so."""
    wanted, found = _CAUSATIVE_RE.search(card.statement), _DONE_TO_RE.match(candidate.statement.strip())
    return (
        wanted is not None
        and found is not None
        and found.group("done").lower() == wanted.group("done").lower()
        and found.group("thing").split()[-1].lower() == wanted.group("thing").lower()
    )


def done_to(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate, said later, says the thing the plan `card` was to act on has had it done (see above)."""
    if negated(candidate.statement):
        return False
    if candidate.observed_at is not None and candidate.observed_at <= time_of(card) + SAME_TIME:
        return False
    if _had_done(candidate, card):  # "The fence is fixed" after "needs to get the garden fence fixed"
        return True
    planned = _PLANNED_VERB_RE.search(card.statement)
    if planned is None:
        return False
    if _deed_done(candidate, card, (planned.group("verb") or planned.group("will")).lower()):
        return True
    found = _DONE_TO_RE.match(candidate.statement.strip())
    if found is None:
        return False
    if stem(found.group("thing").split()[-1].lower()) not in terms(card.statement):
        return False  # another thing than the plan's
    done = found.group("done").lower()
    verb = (planned.group("verb") or planned.group("will")).lower()
    verbs = {stem(verb), stem(verb[2:]) if verb.startswith("re") and len(verb) > 5 else stem(verb)}
    return done in _FINISHED or _done(done) in verbs | {verb}
