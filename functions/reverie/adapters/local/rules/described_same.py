"""What tells that two statements about the same someone are about the same one thing, said otherwise: a
thing named by its name or by what it is, what it has or uses, the day it recurs on, the place it happens at,
a detail that refines all the card says (`by_topic` fuses what these find)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import event, owner, possessions, pursuit, topic
from reverie.adapters.local.rules.their_people import persons_of
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import MONTH_NAME


def of_its_named_thing(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate's subject is, by its name, the thing the card says its subject has: "Miso is 12 now" after
    "Pat has a cat called Miso" (a name: capitalised where the candidate opens with it)."""
    if candidate.type not in FUSIBLE or card.type not in FUSIBLE or not candidate.statement[:1].isupper():
        return False
    name, _ = owner(candidate.statement)
    return bool(name) and name != owner(card.statement)[0] and name in possessions(card.statement)


# "The Go API runs ...": a thing named by "the", what it is, and its head noun.
_THE_NAMED_RE = re.compile(r"^the\s+(?P<name>(?-i:[A-Z])[\w-]*)\s+(?!of\b)[a-z]+", re.I)
_THE_KIND_OF_RE = re.compile(
    r"^the\s+(?P<what>(?:[\w.+#-]+\s+){1,2}?)(?P<head>[a-z][\w-]*)\s+(?!of\b)[a-z]+", re.I
)


def by_what_it_is(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate names, by "the", what it is and its kind, the one thing the card says someone's thing of
    that kind is ("The Go API runs on Fly.io" after "Tao's API is written in Go"), or by "the" and the name of
    the thing the card says they have ("The Vitamix makes ..." after "Max has a Vitamix blender")."""
    if candidate.type not in FUSIBLE or card.type not in FUSIBLE:
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


def describes_what_it_has(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate is about something the card says its subject has: "Elif's cat Miso is a Maine Coon"
    after "Elif has a cat"."""
    return bool(owner(candidate.statement)[1] & possessions(card.statement))


def tells_of(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate's subject is the thing of the card's subject that the card tells of: "Dad's
    amlodipine is 5 mg every morning" after "Dad has been put on amlodipine for his blood pressure"."""
    (who, thing), (card_who, whose) = owner(candidate.statement), owner(card.statement)
    # (the card's someone is whose the thing is: "Nadia's dad's amlodipine" after "Nadia's dad has been put on ...")
    thing = thing - _LINKS - (whose if who == card_who else frozenset())
    about = topic(card.statement)
    # "Bex's vinyl collection" is what "Bex collects vinyl" tells of: a noun made of the card's verb
    missing = {w for w in thing if not (w in about or (w.endswith("ion") and stem(w[:-3]) in about))}
    if not missing:
        return bool(thing)
    # ... or a thing for what the card's person does: "Pip's sourdough starter" after "Pip bakes sourdough
    # every weekend" (the thing named by what the card's verb acts on, and one word more)
    done = thing - missing
    return (
        len(missing) == 1
        and bool(done)
        and done <= pursuit(card.statement)
        and not event(card.statement)
        and not done & persons_of(candidate.statement)
    )


_LINKS = frozenset(stem(w) for w in "is are was were has have had".split())
FUSIBLE = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})

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


def named_by_its_day(candidate: Candidate, card: MemoryCard) -> bool:
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


def describes_what_it_uses(candidate: Candidate, card: MemoryCard) -> bool:
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


def refines(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate adds detail to all the card says, pointing the same way: "goes to a jazz club every
    Friday" refines "loves jazz"; sharing one word of a longer card ("LGBTQ support groups" beside
    "passionate about LGBTQ rights") is another statement, not more of it."""
    who, owned = owner(candidate.statement)
    about = topic(candidate.statement) | owned
    held = topic(_COMPARED_RE.sub("", card.statement))  # "likes tea more than coffee" is about tea
    held -= {who}  # "Juno is on ..." after "Ori's dog Juno has ...": Juno is whom both are about
    if about & _TAUGHT:  # "'s driving lessons are on Saturdays" is how "is learning to drive" goes on
        held -= _LEARNING
    return held <= about and not denies_any(candidate, card)


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


def at_the_same_place(candidate: Candidate, card: MemoryCard) -> bool:
    """What the same person does at the place the card says they do something at: "runs the Saturday shift at
    the food bank" after "volunteers at the Eastside food bank" (the place said with fewer words is the one)."""
    theirs = _places(card.statement)
    return any(mine and any(mine <= place for place in theirs) for mine in _places(candidate.statement))


# What a taste is set against, not what it is about: "more than coffee", "over cats", "rather than the bus".
_COMPARED_RE = re.compile(r"\s+(?:more\s+than|rather\s+than|better\s+than|over|instead\s+of)\s+[^,.;]+", re.I)


def denies_any(candidate: Candidate, card: MemoryCard) -> bool:
    """One of the two is said negated and the other not."""
    return negated(candidate.statement) != negated(card.statement)
