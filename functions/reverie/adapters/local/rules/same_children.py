"""The same children told twice: "has got two kids, Ollie and Grace" and "children are Ollie, who's 9, and Grace,
who's 6" are one group of people (the same names, called kids, children, sons, daughters, twins ...), and the
second says more of it: one card, not two side by side.

Both statements name the group by one of those words and the same two or more names (beyond the owner's); the
same names in statements of something else ("Ollie and Grace have swimming on Tuesdays") are left to the other
rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import names_inside, owner
from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_GROUP_RE = re.compile(
    r"\b(?:kids|children|sons|daughters|boys|girls|twins|grandchildren|grandkids|stepchildren)\b", re.I
)


def _whose(statement: str) -> tuple[str, frozenset[str]]:
    """Whose children: the owner and what of theirs, the group's own word left out ("the user's sister")."""
    who, owned = owner(statement)
    return who, frozenset(w for w in owned if not _GROUP_RE.search(w + "s") and not _GROUP_RE.search(w))


def _names(statement: str) -> frozenset[str]:
    who, _ = owner(statement)
    return frozenset(n for n in names_inside(statement) if n.lower() != who)


def same_children(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card telling of the same group of children by the same names (see the module)."""
    if not _GROUP_RE.search(candidate.statement):
        return None
    names = _names(candidate.statement)
    if len(names) < 2:
        return None
    for card in cards:
        if (
            _GROUP_RE.search(card.statement)
            and _whose(card.statement) == _whose(candidate.statement)
            and _names(card.statement) == names
        ):
            return fused(candidate, card, join(card.statement, candidate.statement), "the same children")
    return None
