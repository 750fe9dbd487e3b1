"""Whom one lives with, ended by a move: "Mum moved into a care home in Didsbury" after "Mum lives with us".

Whom someone lives with (`household`) and where they live (`home_city`) are two slots: "my flatmate Jo lives with
me" leaves the city one lives in as it was. But a move of home ends the household the person had: the news of it
(a new `home_city` value said as a move) replaces the card on whom they lived with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.keys import same_slot
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_MOVED_RE = re.compile(r"\b(?:moved|moving|relocated|gone\s+into|went\s+into|moved\s+out)\b", re.I)


def household_left(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card on whom the candidate's person lives with, when the candidate says they moved home."""
    key = candidate.key or ""
    if not key.endswith(".home_city") or not _MOVED_RE.search(candidate.statement):
        return None
    household = key.removesuffix("home_city") + "household"
    for card in cards:
        if same_slot(household, card.key, card.user_id or ""):
            return replace(candidate, card, f"a move away from the household {card.memory_id} says")
    return None
