"""A count of someone's that moved on, said with its noun left out: "I'm 20 weeks now!" after "I'm 8 weeks pregnant",
"She's 14 months now" after "Rosie is 10 months old", "Down to 76 kg after the summer!" after "I weigh 82 kilos".
Read alone it says nothing (20 weeks of what?); the held card of the same person giving one count in the same
unit (kg, kilos and kilograms are one unit) says what: that card, with the count replaced (latest wins): "The user
is 20 weeks pregnant", "The user weighs 76 kilos".

Read (`amount_now`): the speaker or a named person, "is/'s/'m" a number and a unit, and "now"; or "down to" / "up
to" a number and a unit, its subject left out as chat does (the speaker's); kept for the merge. Merged
(`amount_moved_on`): the one held card of the same person with one count in that unit; none, or two, and the
statement stands for nothing held: it is not kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision, replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeAction, MergeDecision

# A unit's words, by the one unit they name.
_UNITS = {
    "day": r"days?",
    "week": r"weeks?",
    "month": r"months?",
    "kg": r"kgs?|kilos?|kilograms?|kilogrammes?",
    "lb": r"lbs?|pounds",
    "stone": r"stones?",
}
_UNIT = r"(?P<unit>" + "|".join(_UNITS.values()) + r")"
_N = r"(?P<n>\d{1,3}(?:\.\d)?)"
_LEAD = r"^(?:(?:and|so|oh|wow|yay|finally)[,!\s]+)*"
_SAID_RE = re.compile(
    rf"{_LEAD}(?P<who>i|he|she|(?-i:[A-Z])[a-z]+)(?:'s|'m|\s+is|\s+am)\s+(?:now\s+)?(?P<moved>(?:down|up)\s+to\s+)?"
    rf"{_N}\s*{_UNIT}\b(?:\s+now)?[.!]*$",
    re.I,
)
# "Down to 76 kg after the summer!": its subject left out, the speaker's; what it moved from, or when, after it.
_BARE_RE = re.compile(
    rf"{_LEAD}(?P<moved>(?:down|up)\s+to)\s+{_N}\s*{_UNIT}\b(?:\s+(?:now|already|at\s+last|after\s+[\w\s]+|"
    r"since\s+[\w\s]+|from\s+\d[\w\s.]*))?[.!]*$",
    re.I,
)
_KEPT_RE = re.compile(rf"^(?P<who>.+?)(?: is|'s) {_N} {_UNIT} now[.!]*$")


def _unit_of(word: str) -> str:
    return next(unit for unit, words in _UNITS.items() if re.fullmatch(words, word, re.I))


def amount_now(part: str) -> str | None:
    """`part` as "<who> is <n> <unit> now." when it gives a count with its noun left out and says it is new;
    None otherwise ("I'm 20 weeks" with no "now" may be anything)."""
    text = as_digits(part.strip())
    found = _SAID_RE.match(text) or _BARE_RE.match(text)
    if found is None or not (found.group("moved") or re.search(r"\bnow\b", text, re.I)):
        return None
    who = found.group("who") if "who" in found.groupdict() else "i"
    be = "I am" if who.lower() == "i" else f"{who[:1].upper()}{who[1:]} is"
    return f"{be} {found.group('n')} {found.group('unit')} now."


def _counts(statement: str, unit: str) -> list[re.Match[str]]:
    words = _UNITS[_unit_of(unit)]
    return list(re.finditer(rf"\b(?P<n>\d{{1,3}}(?:\.\d)?)\s*(?:{words})\b", as_digits(statement), re.I))


def amount_moved_on(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the same person whose one count in the candidate's unit moved on (see the module),
    superseded with the new count in place; a no-op when no one card fits."""
    found = _KEPT_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    who = found.group("who")
    fits = [
        (card, counts[0])
        for card in cards
        if card.type is MemoryType.FACT
        and card.statement.startswith(f"{who} ")
        and len(counts := _counts(card.statement, found.group("unit"))) == 1
    ]
    if len(fits) != 1:
        return decision(MergeAction.NOOP, None, "a count with no noun that no one held card answers for")
    card, held = fits[0]
    said = as_digits(card.statement)
    statement = said[: held.start("n")] + found.group("n") + said[held.end("n") :]
    return replace_with(candidate, card, f"{card.memory_id}'s count moved on", statement)


# "The user has been catching the 7:55 instead": a clock time that replaces one held, its noun left out.
_CLOCK_RE = re.compile(r"(?<![\d:.£$€])(?P<t>\d{1,2}[:.][0-5]\d)(?![\d:])")
_TIME_INSTEAD_RE = re.compile(r"^(?P<who>.+?) (?:has|have|is|are|was|now|will|'s)\b.*\binstead[.!]*$")


def time_instead(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the same person with one clock time, superseded with the time a short statement says
    "instead" ("The user has been catching the 7:55 instead" → "The user takes the 7:55 train to work");
    None when the candidate is not such a statement or no one held card has one time to replace."""
    found = _TIME_INSTEAD_RE.match(candidate.statement.strip())
    times = _CLOCK_RE.findall(candidate.statement)
    if (
        candidate.type is not MemoryType.FACT
        or found is None
        or len(times) != 1
        or len(found.string.split()) > 12
    ):
        return None
    who = found.group("who")
    fits = [
        (card, clocks[0])
        for card in cards
        if card.type is MemoryType.FACT
        and card.statement.startswith(f"{who} ")
        and len(clocks := list(_CLOCK_RE.finditer(card.statement))) == 1
    ]
    if len(fits) != 1:
        return None
    card, held = fits[0]
    statement = card.statement[: held.start("t")] + times[0] + card.statement[held.end("t") :]
    return replace_with(candidate, card, f"{card.memory_id}'s time said instead", statement)


# "I'm a 9 now" after "my shoe size is 8": a size said with its noun left out.
_SIZE_NOW_RE = re.compile(r"^(?P<who>.+?) is (?:a|an) (?P<n>\d{1,2}(?:\.5)?) now[.!]*$")
_SIZE_HELD_RE = re.compile(r"(?<![\d.])(?P<n>\d{1,2}(?:\.5)?)(?![\d:]|\.\d)")


def size_now(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the same person giving one size ("shoe size is 8"), superseded with the size a bare
    "is a 9 now" says; a no-op when no one card gives a size (a bare number says nothing alone)."""
    found = _SIZE_NOW_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    who = found.group("who")
    fits = [
        (card, sizes[0])
        for card in cards
        if card.type is MemoryType.FACT
        and card.statement.startswith((f"{who} ", f"{who}'s "))  # "The user's shoe size is 8"
        and re.search(r"\bsize\b", card.statement, re.I)
        and len(sizes := list(_SIZE_HELD_RE.finditer(card.statement))) == 1
    ]
    if len(fits) != 1:
        return decision(MergeAction.NOOP, None, "a size with no noun that no one held card answers for")
    card, held = fits[0]
    statement = card.statement[: held.start("n")] + found.group("n") + card.statement[held.end("n") :]
    return replace_with(candidate, card, f"{card.memory_id}'s size moved on", statement)


# "The carer's time has changed, she comes at 9 now": an hour said "now" of a thing a held card times.
_HOUR = r"\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm)\b|\d{1,2}[:.][0-5]\d(?![\d:])"
_HELD_HOUR_RE = re.compile(rf"(?<![\d:.£$€])(?P<t>{_HOUR})", re.I)
_HOUR_NOW_RE = re.compile(rf"\bat\s+(?P<t>{_HOUR}|\d{{1,2}}(?=\s+now\b))\s+now\b", re.I)
_NOT_THE_THING = frozenset(stem(w) for w in "time times now changed change moved hour".split())


def hour_now(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact that gives an hour for a thing the candidate names too, superseded with the hour the
    candidate says it is "now" ("Mum's carer comes at 8am" → "... at 9am"); None otherwise."""
    found = _HOUR_NOW_RE.search(candidate.statement)
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    mine = terms(candidate.statement) - _NOT_THE_THING
    fits = [
        (card, hours[0])
        for card in cards
        if card.type is MemoryType.FACT
        and len(hours := list(_HELD_HOUR_RE.finditer(card.statement))) == 1
        and mine & (terms(card.statement) - _NOT_THE_THING - terms(hours[0].group("t")))
    ]
    if len(fits) != 1:
        return None
    card, held = fits[0]
    new = found.group("t")
    suffix = re.search(r"(am|pm)$", held.group("t"), re.I)
    if suffix and new.isdigit():  # "at 9 now" after "at 8am": 9am
        new += suffix.group(1)
    statement = card.statement[: held.start("t")] + new + card.statement[held.end("t") :]
    return replace_with(candidate, card, f"{card.memory_id}'s hour moved on", statement)
