"""What the search index holds and how it is asked: one document per current card."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.models import (
    INJECTABLE_STATUSES,
    Identifier,
    MemoryCard,
    MemoryType,
    Scope,
    ScopeKind,
    Status,
    UtcDatetime,
)


class SearchDoc(BaseModel):
    """The indexed projection of a card's current version (the note store stays the source of truth)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    memory_id: Identifier
    tenant_id: Identifier
    scope: ScopeKind
    user_id: Identifier | None = None
    project_id: Identifier | None = None
    type: MemoryType
    status: Status
    key: str | None = None
    text: str
    vector: list[float] | None = None
    valid_until: UtcDatetime | None = None
    observed_at: UtcDatetime | None = Field(default=None, description="timeline position")
    entities: list[str] = Field(default_factory=list)

    @classmethod
    def from_card(cls, card: MemoryCard, vector: list[float] | None, entities: list[str]) -> SearchDoc:
        return cls(
            memory_id=card.memory_id,
            tenant_id=card.tenant_id,
            scope=card.scope,
            user_id=card.user_id,
            project_id=card.project_id,
            type=card.type,
            status=card.status,
            key=card.key,
            text=card_search_text(card),
            vector=vector,
            valid_until=card.valid_until,
            observed_at=card.observed_at or card.created_at,
            entities=entities,
        )


def card_search_text(card: MemoryCard) -> str:
    parts = [card.statement, card.condition, card.action, card.outcome]
    return " ".join(p for p in parts if p)


class SearchFilter(BaseModel):
    """Filters every search path applies inside its query: the caller's scope always, then the rest.

    `now` excludes documents whose `valid_until` has passed (without it, the current time is used:
    an expired document is never returned).
    """

    model_config = ConfigDict(frozen=True)

    scope: Scope
    statuses: frozenset[Status] = INJECTABLE_STATUSES
    types: frozenset[MemoryType] | None = None
    now: datetime | None = None


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result of a recall path: a memory id and its `score`, higher is better, comparable only within
    one path's results. A plain value (not a pydantic model): a recall builds a few hundred of them, and
    validating each cost ~2.5 µs against ~0.3 µs to build one; the index adapters give `score` as a float."""

    memory_id: str
    score: float
