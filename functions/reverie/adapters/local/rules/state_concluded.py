"""A state that ends in the event it was heading for: "is pregnant" ends when she "had her baby", "is learning to
drive" when they "passed their driving test", "is engaged" when they "got married". The news replaces the state
(latest wins) rather than joining it ("had her baby ... and is pregnant").

Said of the same someone (the same name and the same person of theirs: "Pia's sister"), the state before the news.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

# (the state, the event that concludes it)
_CONCLUDED = (
    (
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?(?:pregnant|expecting)\b", re.I),
        re.compile(
            r"\b(?:had|has\s+had)\s+(?:her|their|the|a)\s+baby\b|\bgave\s+birth\b|\bbaby\s+(?:was\s+born|arrived)\b",
            re.I,
        ),
    ),
    (
        re.compile(r"\blearning\s+to\s+drive\b|\btaking\s+driving\s+lessons\b", re.I),
        re.compile(r"\bpassed\s+(?:\w+\s+)?driving\s+test\b", re.I),
    ),
    (
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?engaged\b", re.I),
        re.compile(r"\bgot\s+married\b|\bgot\s+hitched\b|\bwedding\s+was\b", re.I),
    ),
)


def state_concluded(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the state the candidate's event concludes, of the same someone (see the module)."""
    for state, event in _CONCLUDED:
        if not event.search(candidate.statement):
            continue
        for card in cards:
            if state.search(card.statement) and owner(card.statement) == owner(candidate.statement):
                return replace(candidate, card, f"the state {card.memory_id} says has come to its end")
    return None
