"""Keeps the search index in step with the note store: one document per injectable current card."""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard
from reverie.domain.search import SearchDoc, card_search_text
from reverie.domain.text import entities
from reverie.services.backends import Backends


def is_indexed(card: MemoryCard) -> bool:
    """Only L3 cards that recall may inject are indexed; hypotheses and retired cards stay out."""
    return card.layer is Layer.KNOWLEDGE and card.status in INJECTABLE_STATUSES


def sync_index(b: Backends, cards: Sequence[MemoryCard]) -> None:
    """Upsert the cards that belong in the index and remove the ones that no longer do."""
    keep = [c for c in cards if is_indexed(c)]
    drop = [c.memory_id for c in cards if not is_indexed(c)]
    if keep:
        texts = [card_search_text(c) for c in keep]
        vectors = b.embedder.embed(texts)
        b.index.upsert(
            [SearchDoc.from_card(c, v, entities(t)) for c, v, t in zip(keep, vectors, texts, strict=True)]
        )
    if drop:
        tenants = {c.tenant_id for c in cards}
        for tenant in tenants:
            b.index.delete(
                tenant, [c.memory_id for c in cards if c.tenant_id == tenant and c.memory_id in drop]
            )
