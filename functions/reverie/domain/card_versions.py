"""A card as a note store writes it at a version: the one rule every `NoteStore` adapter applies."""

from __future__ import annotations

from datetime import datetime

from pydantic import ValidationError

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import MemoryCard


def prepare_version(card: MemoryCard, version: int, updated_at: datetime) -> MemoryCard:
    """The card as stored at `version`: validated again (a `model_copy` skips validation), without
    usage counters (they live beside the versions). Invalid content raises `InvalidRequest`."""
    data = card.model_dump()
    data.update(version=version, updated_at=updated_at, hit_count=0, last_hit_at=None)
    try:
        return MemoryCard.model_validate(data)
    except ValidationError as exc:
        raise InvalidRequest(f"memory {card.memory_id} is not a valid card: {exc}") from exc
