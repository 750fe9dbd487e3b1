"""A correction of one value in a card that says more: the card, with the value put right.

"Plot 7 is £40 not £45" corrects the fee in "Plot 7: holder Mrs Achebe, fee is £45 a year, renewal due 1
March"; stored alone it would take the holder and the renewal out of what is known. When the denied value
stands once, word for word, in the card the correction replaces, and the value given instead does not,
the new version is that card with the one value swapped ("... fee is £40 a year, renewal due 1 March").
Only values with a digit (an amount, a number, a time) are swapped: where a name's words begin and end is
not known well enough to swap it inside a sentence. Both must be values of one kind where both say theirs:
"£1,250 on the 28th, not £1,150 on the 1st" pairs "28th" with "£1,150" read left to right, and a day put in
place of an amount would make the card wrong ("rent is 28th a month"); "£40 not 45" is one kind.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction, MergeDecision

_AMOUNT = r"[£$€]?\d[\d,.:/]*(?:[a-z%]{1,3})?"
# "£1,250 not £1,205", "7:30, not 8:00", "19%, not 21%": the value given, then the one denied.
_SWAP_RE = re.compile(
    rf"(?<![\w£$€])(?P<new>{_AMOUNT})\s*[,;]?\s+not\s+(?P<old>{_AMOUNT})(?![\w,.:/]*\w)", re.I
)


_KIND_RE = re.compile(
    r"^(?P<money>[£$€])|(?P<day>\d(?:st|nd|rd|th))$|(?P<time>\d:\d\d)$|(?P<unit>[a-z%]+)$", re.I
)


def _kind(value: str) -> str | None:
    """What kind of value `value` says it is (a currency, a day of the month, a time, a unit), or None."""
    found = _KIND_RE.search(value)
    if found is None:
        return None
    kind = found.lastgroup
    return f"{kind} {found.group(kind).lower()}" if kind in ("money", "unit") else kind


def swapped(statement: str, held: str) -> str | None:
    """`held` with the one value `statement` denies replaced by the value it gives, or None."""
    found = _SWAP_RE.search(statement)
    if found is None:
        return None
    new, old = (found.group(g).rstrip(".,") for g in ("new", "old"))
    if None not in (kinds := (_kind(new), _kind(old))) and kinds[0] != kinds[1]:
        return None
    at = list(re.finditer(rf"(?<![\w£$€]){re.escape(old)}(?![\w£$€]|[.,:/]\d)", held))
    if len(at) != 1 or re.search(rf"(?<![\w£$€]){re.escape(new)}(?!\w)", held):
        return None
    return held[: at[0].start()] + new + held[at[0].end() :]


def with_value_swapped(
    candidate: Candidate, cards: Sequence[MemoryCard], decision: MergeDecision
) -> MergeDecision:
    """`decision`, its new version saying the card it replaces with the corrected value, when the
    candidate corrects one value of that card (see the module docstring)."""
    if decision.action is not MergeAction.SUPERSEDE or decision.statement is not None:
        return decision
    card = next((c for c in cards if c.memory_id == decision.target_id), None)
    kept = swapped(candidate.statement, card.statement) if card is not None else None
    if kept is None:
        return decision
    return decision.model_copy(
        update={"statement": kept, "reason": f"{decision.reason}, the value put right"}
    )
