"""An amount said of an "it" nothing names, as the new one: "So it's twelve hundred quid a month now", "it's
now £36 a lesson". After a pasted letter or a long aside, several things came before the "it"; the amount
itself names it: the one held fact giving one amount per the same unit ("Rent is eleven hundred and fifty
quid a month, paid on the first") is what moved. Latest wins: that card, with its amount replaced.

"now" must say the amount is new ("it's £40 a month" alone may be anything's price). Amounts in words are
amounts ("twelve hundred" is 1200). No held fact with one amount per that unit, or two of them, and "it" is
not known: the claim waits (`merge.decide`), as any "it" nothing held answers for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import one_held_value, replace_with, with_value
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.domain.restatement import stem
from reverie.ports import MergeDecision

_LEAD_RE = re.compile(r"^(?:(?:and|but|so|well|yeah|yes|oh|ok|okay)[,.!\s]+)*", re.I)
_AMOUNT = r"(?P<amount>[£$€₦]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?)(?:\s?(?P<money>quid|pounds?|euros?|dollars?|bucks))?"
_PER = r"\s+(?:a|an|per|each)\s+(?P<unit>[a-z]{3,})\b"
_IT_AMOUNT_RE = re.compile(rf"^it(?:'s|’s|\s+is)\s+(?:now\s+)?{_AMOUNT}{_PER}(?P<rest>[^.;]*)", re.I)
_NOW_RE = re.compile(r"\bnow\b", re.I)


def it_amount(part: str) -> str | None:
    """`part` as "It is <amount> ... now." when it gives an "it" a new amount per a unit (see the module);
    None otherwise."""
    text = _LEAD_RE.sub("", part.strip())
    found = _IT_AMOUNT_RE.match(as_digits(text))
    if found is None or not _NOW_RE.search(text):
        return None
    body = re.sub(r"^it(?:'s|’s|\s+is)\s+", "", text, flags=re.I).rstrip(" .!")
    return f"It is {body}."


def _amounts(statement: str, unit: str) -> list[re.Match[str]]:
    """The amounts `statement` gives per `unit` (its words in digits)."""
    return [
        m
        for m in re.finditer(_AMOUNT + _PER, as_digits(statement), re.I)
        if stem(m.group("unit").lower()) == unit
    ]


def it_amount_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held fact whose one amount per the candidate's unit the candidate's "it" moves (see the module),
    superseded by it with the new amount in place; None when the candidate is no such "it", or no one
    card fits (then `stands_for_it_amount`)."""
    if candidate.type is not MemoryType.FACT or not stands_for_it_amount(candidate):
        return None
    found = _IT_AMOUNT_RE.match(as_digits(candidate.statement))
    if found is None:
        return None
    unit = stem(found.group("unit").lower())
    fit = one_held_value(cards, lambda said: _amounts(said, unit))
    if fit is None:
        return None
    card, held = fit
    new = found.group("amount")
    if held.group("amount")[:1] in "£$€₦" and new[:1] not in "£$€₦":
        new = held.group("amount")[0] + new
    statement = with_value(as_digits(card.statement), held, "amount", new)  # `_amounts` reads the digits
    return replace_with(
        candidate, card, f"a new amount per {found.group('unit')} of what {card.memory_id} gives", statement
    )


def stands_for_it_amount(candidate: Candidate) -> bool:
    """`candidate` is an "It is <amount> per <unit> ... now" kept for a held card to answer for."""
    return candidate.statement.startswith("It is ") and it_amount(candidate.statement) is not None
