"""A level someone is at, their age, or a count of what they have, moved on: "Maya started Year 4 this week" after "Rae's daughter Maya is in Year 3"
(a school year, a grade, a band, a belt, a size) is the same person's same kind of level with another number,
so the later statement wins. The two name the same person (the news may name fewer people of the card's: "Maya"
for "Rae's daughter Maya") and no one else; a level of another kind ("Level 4 in piano") is another attribute.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.their_people import persons_of
from reverie.adapters.local.rules.verdicts import fused, join, replace, replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.numerals import as_digits
from reverie.domain.ordinal_days import ORDINALS
from reverie.domain.restatement import negated, stem
from reverie.domain.text import entities
from reverie.domain.validity import NUMBERS
from reverie.ports import MergeDecision

_LEVEL_RE = re.compile(
    r"\b(?P<label>year|grade|level|band|stage|form|belt|kyu|size)\s+(?P<n>\d{1,2}[a-z]?)\b(?!\s*(?:%|[:.]\d))",
    re.I,
)


def levels(text: str) -> dict[str, str]:
    """Each kind of level the text names with its number ("Year 4" → {"year": "4"})."""
    return {m.group("label").lower(): m.group("n").lower() for m in _LEVEL_RE.finditer(text)}


def _names(text: str) -> frozenset[str]:
    """The names the text gives (capitalised words, the level's own label aside); an unnamed user ("The user
    has ...") is named so too."""
    named = frozenset(entities(text)) - {m.group("label").lower() for m in _LEVEL_RE.finditer(text)}
    return named | ({"the user"} if text.lower().startswith("the user") else set())


def _same_person(candidate: Candidate, card: MemoryCard, said: str | None = None, counted: str = "") -> bool:
    """The news (`said` of it, all of it by default) names someone, only people the card names, and no person of
    theirs the card does not ("Maya" for "Rae's daughter Maya"; not "Maya's brother"), the one `counted` aside
    ("our third baby": one more of the children counted, not a person of someone's)."""
    named = _names(candidate.statement if said is None else said)
    if not named and (
        the := _THE_KIN_RE.match(candidate.statement)
    ):  # "the twins are 8 now": the user's twins
        return re.search(rf"'s\s+{re.escape(the.group('kin'))}\b", card.statement, re.I) is not None
    return (
        bool(named)
        and named <= _names(card.statement)
        and persons_of(candidate.statement) - {counted.lower()} <= persons_of(card.statement)
    )


_THE_KIN_RE = re.compile(r"^the\s+(?P<kin>twins|kids|children|boys|girls|baby|eldest|youngest)\b", re.I)


def level_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the same person's level of the same kind another number (see the module)."""
    mine = levels(candidate.statement)
    if len(mine) != 1 or negated(candidate.statement):
        return None
    label, number = next(iter(mine.items()))
    for card in cards:
        theirs = levels(card.statement)
        if theirs.get(label, number) == number or len(theirs) != 1:
            continue
        if not _same_person(candidate, card):
            continue  # another person's level, or a person of theirs
        return replace(candidate, card, f"{card.memory_id} gives another {label} for the same person")
    return None


# How many of a kind of thing someone has: "has two cats", "we have 3 kids" (numbers written as digits first).
# number words one to twelve, as validity reads them
_NUMBERS = {w: n for w, n in NUMBERS.items() if w.isalpha() and w not in ("a", "an")}
_WORDS = {n: w for w, n in _NUMBERS.items()}
_COUNT_RE = re.compile(
    rf"\b(?:has|have|got|own|owns)\s+(?P<n>\d{{1,3}}|{'|'.join(sorted(_NUMBERS, key=len, reverse=True))})\s+"
    r"(?P<things>[a-z]{3,}s)\b",
    re.I,
)


# ... or one more of them got, by its place in the count: "adopted a third cat" (three now), "had our second baby".
_ONE_MORE_RE = re.compile(
    r"\b(?:adopted|got|bought|rescued|had|welcomed|took\s+in)\s+(?:a|an|our|their|my)\s+"
    r"(?P<nth>second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?P<things>[a-z]{3,})\b",
    re.I,
)


# ... or one more child born: "our third baby, Ada, arrived on Sunday", "Kim's second child was born in May".
_BORN_RE = re.compile(
    r"\b(?:a|an|our|their|my|his|her|[A-Z][\w-]*'s)\s+(?P<nth>second|third|fourth|fifth|sixth|seventh|eighth)\s+"
    r"(?P<things>baby|child|kid|son|daughter)\b(?=[^.;!?]*\b(?:arrived|was\s+born|came\s+along)\b)",
    re.I,
)
# children are counted under any of these names: "has two kids" before "our third baby arrived"
_CHILD = frozenset({"kid", "child", "children", "babi", "baby"})


def _counted(things: str) -> str:
    said = stem(things.lower())
    return "child" if said in _CHILD else said


def _count(found: re.Match[str]) -> int:
    if "nth" in found.groupdict():
        return ORDINALS[found.group("nth").lower()]
    n = found.group("n").lower()
    return int(n) if n.isdigit() else _NUMBERS[n]


def count_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the same person's count of the same things another number ("Tim has three cats
    now" after "Tim has two cats, so no lilies"): the later count wins."""
    mine = (
        _COUNT_RE.search(candidate.statement)
        or _ONE_MORE_RE.search(candidate.statement)
        or _BORN_RE.search(candidate.statement)
    )
    if mine is None or negated(candidate.statement):
        return None
    for card in cards:
        theirs = _COUNT_RE.search(card.statement)
        if (
            theirs is None
            or _counted(theirs.group("things")) != _counted(mine.group("things"))
            or _count(theirs) == _count(mine)
            # (the name of the one more got is not whom the count is of: "adopted a third cat, Pepper")
            or not _same_person(candidate, card, candidate.statement[: mine.end()], mine.group("things"))
        ):
            continue
        if mine.re is not _COUNT_RE and _count(mine) == _count(theirs) + 1:
            # "our third baby, Ada, arrived" after "has two kids, Sam and Ava": the count moves on, the names stay
            given = theirs.group("n")
            now = str(_count(mine)) if given.isdigit() else _WORDS.get(_count(mine), str(_count(mine)))
            held = card.statement[: theirs.start("n")] + now + card.statement[theirs.end("n") :]
            statement = join(held, candidate.statement)
            return fused(
                candidate,
                card,
                statement,
                f"one more of the {theirs.group('things')} {card.memory_id} counts",
            )
        return replace(candidate, card, f"{card.memory_id} gives another count of {mine.group('things')}")
    return None


# The age someone is or has reached: "Theo is 6", "Theo turned 7 last week", "Gran is 89 years old now", a baby's
# in weeks or months ("Rosie is 6 weeks old", "is 4 months old now": the unit is part of the age).
_AGE_RE = re.compile(
    r"\b(?:is|are|turned|turns|'s|'re|aged)\s+(?P<n>\d{1,3}(?:\s+(?:weeks?|months?)\s+old)?)(?:\s+years?\s+old)?"
    r"(?=\s*(?:now\b|today\b|last\b|this\b|on\b|in\b|[.,;!]|$))",
    re.I,
)


def age_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the same person another age ("Theo turned 7 last week" after "Uri's son Theo is
    6"): the later age wins."""
    mine = _AGE_RE.findall(candidate.statement)
    if len(mine) != 1 or negated(candidate.statement):
        return None
    for card in cards:
        theirs = _AGE_RE.findall(card.statement)
        if len(theirs) != 1 or theirs == mine or not _same_person(candidate, card):
            continue
        return replace(candidate, card, f"{card.memory_id} gives another age for the same person")
    return None


# A rate someone keeps up: "runs 20 miles a week", "is up to thirty miles a week now" (numbers in words as digits).
_RATE_RE = re.compile(
    # ("one coffee a day", "two walks a week": the small counts words are left as)
    r"\b(?P<n>\d+(?:\.\d+)?|one|two)\s+(?P<unit>[a-z]{2,}s?)\s+(?:a|an|per|each|every)\s+"
    r"(?P<period>day|week|fortnight|month|year|night|session)\b",
    re.I,
)
_LEVEL_CHANGE_RE = re.compile(r"\b(?:up|down|back)\s+to\b", re.I)
_ON_RATE_RE = re.compile(r"\b(?:is|are|am|'s|'re|'m)\s+(?:now\s+|only\s+)?on\s+\d", re.I)


def _rate_number(n: str) -> float:
    return {"one": 1.0, "two": 2.0}.get(n.lower()) or float(n)


def rate_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card giving the same person's rate of the same thing another number ("Bel is up to 30
    miles a week now" after "Bel runs 20 miles a week"): the later rate wins. The candidate says the rate moved
    ("up to", "down to") or does what the card says; two held rates of one unit are two things (running and
    swimming miles), and nothing is replaced."""
    mine = [m for m in _RATE_RE.finditer(as_digits(candidate.statement))]
    if len(mine) != 1 or negated(candidate.statement):
        return None
    rate = mine[0]
    unit, period = stem(rate.group("unit").lower()), rate.group("period").lower()
    same = []
    for card in cards:
        theirs = [m for m in _RATE_RE.finditer(as_digits(card.statement))]
        if (
            len(theirs) == 1
            and stem(theirs[0].group("unit").lower()) == unit
            and theirs[0].group("period").lower() == period
            and _same_person(candidate, card)
        ):
            same.append((card, theirs[0]))
    if len(same) != 1 or _rate_number(same[0][1].group("n")) == _rate_number(rate.group("n")):
        return None
    card = same[0][0]
    doing = _verbs(candidate.statement) & _verbs(card.statement)
    # ... or both say what the person is on ("is on 10 hours a week" / "is on 16 hours a week now")
    on = _ON_RATE_RE.search(as_digits(candidate.statement)) and _ON_RATE_RE.search(as_digits(card.statement))
    if not (_LEVEL_CHANGE_RE.search(candidate.statement) or doing or on):
        return None
    return replace(candidate, card, f"{card.memory_id} gives another rate of {rate.group('unit')} a {period}")


_ADVERBS = frozenset("only still now usually just also normally generally currently roughly about".split())


def _verbs(statement: str) -> frozenset[str]:
    """The verb after the statement's subject ("runs" of "Bel runs 20 miles a week"), stemmed; none for "is"."""
    words = re.sub(r"^the user\b", "User", statement.strip(), flags=re.I).split()  # "The user" is one subject
    words = [words[0], *(w for w in words[1:] if w.lower() not in _ADVERBS)] if words else []
    verb = words[1].lower().strip(",.") if len(words) > 1 else ""
    return frozenset({stem(verb)}) if verb.endswith("s") and verb not in ("is", "has", "was") else frozenset()


# A group's size said grown or shrunk: "my team's grown to seven people" after "manages a team of four".
_GROWN_RE = re.compile(
    rf"\b(?P<thing>[a-z]{{3,}})(?:'s|’s|\s+has|\s+have)\s+(?:now\s+)?(?:grown|shrunk|gone\s+up|gone\s+down|increased|"
    rf"dropped|doubled|halved)\s+to\s+(?P<n>\d{{1,3}}|{'|'.join(sorted(_NUMBERS, key=len, reverse=True))})\b",
    re.I,
)


def size_grown(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card giving the size of the same person's group ("a team of four"), with the new size in
    place ("Uzo manages a team of seven")."""
    grown = _GROWN_RE.search(candidate.statement)
    if grown is None or negated(candidate.statement):
        return None
    of_size = re.compile(
        rf"\b(?:a|an|the|my|our|their|his|her)\s+{re.escape(grown.group('thing'))}\s+of\s+"
        rf"(?P<n>\d{{1,3}}|{'|'.join(sorted(_NUMBERS, key=len, reverse=True))})\b",
        re.I,
    )
    fits = [(c, m) for c in cards if (m := of_size.search(c.statement)) and _same_person(candidate, c)]
    if len(fits) != 1:
        return None
    card, held = fits[0]
    if _count(held) == _count(grown):
        return None
    statement = card.statement[: held.start("n")] + grown.group("n") + card.statement[held.end("n") :]
    return replace_with(
        candidate, card, f"{card.memory_id} gives the {grown.group('thing')}'s size before", statement
    )
