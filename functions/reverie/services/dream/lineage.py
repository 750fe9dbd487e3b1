"""What a card absorbed: the cards the dream fused into it ("update" in the product's terms), whose history
it carries. A correction of the richer card reaches what was built on the cards it absorbed
(`decisions.propagate_correction`)."""

from __future__ import annotations

from reverie.domain.models import MemoryCard, Status
from reverie.services.backends import Backends


def absorbed_by(b: Backends, card: MemoryCard, depth: int = 3) -> set[str]:
    """The cards `card` absorbed by fusing them into itself (each superseded by it, and named in its
    `derived_from`), and what those absorbed in turn, a few fusions deep: a card derived from an absorbed
    card rests on what `card` says now. (A card `card` was merely derived from, still current, is not.)"""
    found: set[str] = set()
    frontier = [card]
    for _ in range(depth):
        ids = [i for c in frontier for i in c.derived_from if i not in found]
        if not ids:
            break
        frontier = [
            c
            for c in b.notes.get_many(card.tenant_id, ids)
            if c.status is Status.SUPERSEDED and c.superseded_by in ({card.memory_id} | found)
        ]
        found |= {c.memory_id for c in frontier}
    return found
