"""Off a rota or a list: "I've come off the on-call rota completely" after "I'm on call every other week", "Mum
was taken off the waiting list" after "Mum is on the waiting list for a new hip". The rota names the duty by its
words ("on-call": call); the one held card of the same person saying that duty of them ends (latest wins). A duty
no card names, or two cards naming it, leave the news as a card of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import whom
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import negated, terms
from reverie.ports import MergeDecision

_OFF_RE = re.compile(
    r"\b(?:come|came|coming|got|gotten|been\s+taken|was\s+taken|were\s+taken|stepped|dropped|taken\s+myself)\s+off\s+"
    r"(?:the|my|our|his|her|their)\s+(?P<duty>[\w-]+(?:\s+[\w-]+)?)\s+(?:rota|roster|list|schedule|rotation)\b",
    re.I,
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PLAN})


def off_the_rota(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card of the same person naming the duty the candidate came off (see the module)."""
    found = _OFF_RE.search(candidate.statement)
    if found is None or candidate.type not in _KINDS:
        return None
    duty = terms(found.group("duty").replace("-", " ")) - terms("on")
    who = whom(candidate.statement)
    held = [
        card
        for card in cards
        if card.type in _KINDS
        and whom(card.statement) == who
        and not negated(card.statement)
        and duty
        and duty <= terms(card.statement.replace("-", " "))
    ]
    return (
        replace(candidate, held[0], f"came off what {held[0].memory_id} puts them on")
        if len(held) == 1
        else None
    )
