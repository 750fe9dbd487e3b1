"""A count of someone's that moved on, said with its noun left out: "I'm 20 weeks now!" after "I'm 8 weeks pregnant",
"She's 14 months now" after "Rosie is 10 months old". Read alone it says nothing (20 weeks of what?); the held
card of the same person giving one count in the same unit says what: that card, with the count replaced (latest
wins): "The user is 20 weeks pregnant".

Read (`amount_now`): the speaker or a named person, "is/'s/'m" a number and a unit of time, and "now"; kept for the
merge. Merged (`amount_moved_on`): the one held card of the same person with one count in that unit; none, or
two, and the statement stands for nothing held: it is not kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision, replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.ports import MergeAction, MergeDecision

_UNIT = r"(?P<unit>days?|weeks?|months?)"
_SAID_RE = re.compile(
    rf"^(?:(?:and|so|oh|wow|yay)[,!\s]+)*(?P<who>i|he|she|(?-i:[A-Z])[a-z]+)(?:'s|'m|\s+is|\s+am)\s+(?:now\s+)?"
    rf"(?P<n>\d{{1,3}})\s+{_UNIT}(?:\s+now)?[.!]*$",
    re.I,
)
_KEPT_RE = re.compile(rf"^(?P<who>.+?)(?: is|'s) (?P<n>\d{{1,3}}) {_UNIT} now[.!]*$")


def amount_now(part: str) -> str | None:
    """`part` as "<who> is <n> <unit> now." when it gives a count with its noun left out and says it is new;
    None otherwise ("I'm 20 weeks" with no "now" may be anything)."""
    text = as_digits(part.strip())
    found = _SAID_RE.match(text)
    if found is None or not re.search(r"\bnow\b", text, re.I):
        return None
    who = found.group("who")
    be = "I am" if who.lower() == "i" else f"{who[:1].upper()}{who[1:]} is"
    return f"{be} {found.group('n')} {found.group('unit')} now."


def _counts(statement: str, unit: str) -> list[re.Match[str]]:
    singular = unit.rstrip("s")
    return list(re.finditer(rf"\b(?P<n>\d{{1,3}})\s+{singular}s?\b", as_digits(statement), re.I))


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
