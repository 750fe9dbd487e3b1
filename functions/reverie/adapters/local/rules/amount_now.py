"""A count of someone's that moved on, said with its noun left out: "I'm 20 weeks now!" after "I'm 8 weeks pregnant",
"She's 14 months now" after "Rosie is 10 months old", "Down to 76 kg after the summer!" after "I weigh 82 kilos",
"I'm up to 10k runs now" after "I run 5k three times a week".
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

from reverie.adapters.local.rules.verdicts import (
    decision,
    one_held_value,
    opened_by,
    replace_with,
    with_value,
)
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.ports import MergeAction, MergeDecision

# A unit's words, by the one unit they name.
_UNITS = {
    "day": r"days?",
    "week": r"weeks?",
    "month": r"months?",
    "kg": r"kgs?|kilos?|kilograms?|kilogrammes?",
    "lb": r"lbs?|pounds",
    "stone": r"stones?",
    "km": r"k|kms?|kilometres?|kilometers?",
    "mile": r"miles?",
}
_UNIT = r"(?P<unit>" + "|".join(_UNITS.values()) + r")"
_N = r"(?P<n>\d{1,3}(?:\.\d)?)"
_LEAD = r"^(?:(?:and|so|oh|wow|yay|finally)[,!\s]+)*"
_SAID_RE = re.compile(
    rf"{_LEAD}(?P<who>i|he|she|(?-i:[A-Z])[a-z]+)(?:'s|'m|\s+is|\s+am)\s+(?:now\s+)?(?P<moved>(?:down|up)\s+to\s+)?"
    # (what is counted may follow, and a clause after a comma: "I'm up to 10k runs now, still three times a week")
    rf"{_N}\s*{_UNIT}\b(?:\s+(?-i:[a-z]+s))?(?:\s+now)?(?:,[^.!?]*)?[.!]*$",
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
    who, unit = found.group("who"), found.group("unit")
    fit = one_held_value(cards, lambda said: _counts(said, unit), opened_by(who))
    if fit is None:
        return decision(MergeAction.NOOP, None, "a count with no noun that no one held card answers for")
    card, held = fit
    statement = with_value(
        as_digits(card.statement), held, "n", found.group("n")
    )  # `_counts` reads the digits
    return replace_with(candidate, card, f"{card.memory_id}'s count moved on", statement)


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
    theirs = opened_by(who, f"{who}'s")  # "The user's shoe size is 8"
    fit = one_held_value(
        cards,
        _SIZE_HELD_RE,
        lambda card: theirs(card) and re.search(r"\bsize\b", card.statement, re.I) is not None,
    )
    if fit is None:
        return decision(MergeAction.NOOP, None, "a size with no noun that no one held card answers for")
    card, held = fit
    return replace_with(
        candidate,
        card,
        f"{card.memory_id}'s size moved on",
        with_value(card.statement, held, "n", found.group("n")),
    )
