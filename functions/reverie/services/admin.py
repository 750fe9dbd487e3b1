"""Memory administration: create, list, read, history, human edit, feedback, delete, forget a user."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from reverie.domain.errors import AlreadyExists, InvalidRequest, NotFound
from reverie.domain.events import FeedbackEvent, NoteEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Scope,
    ScopeKind,
    Source,
    SourceKind,
    Stability,
    Status,
    Trust,
)
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.forget import Forgotten, delete_memory, delete_user
from reverie.services.indexing import sync_index

__all__ = ["Forgotten", "delete_memory", "delete_user"]  # forgetting lives in services.forget

API_SESSION = "api"  # L1 session that holds what was written through the memories API directly


@dataclass(frozen=True)
class NewMemory:
    """A memory written directly (not learnt by a dream): the write itself is recorded in L1 as evidence."""

    type: MemoryType
    statement: str
    key: str | None = None
    scope: ScopeKind = ScopeKind.USER
    source: SourceKind = SourceKind.USER
    confidence: float = 0.8
    stability: Stability = Stability.NORMAL
    evidence_refs: Sequence[EvidenceRef] = ()
    observed_at: datetime | None = None
    valid_until: datetime | None = None
    condition: str | None = None
    action: str | None = None
    outcome: str | None = None
    event_id: str | None = None
    memory_id: str | None = None  # a client-chosen id makes a retried create safe (AlreadyExists)
    derived_from: Sequence[str] = ()


def get_memory(b: Backends, scope: Scope, memory_id: str) -> MemoryCard:
    card = b.notes.get(scope.tenant_id, memory_id)
    if not card.visible_to(scope):
        raise NotFound(f"memory {memory_id} not found")
    return card


def create_memories(b: Backends, scope: Scope, items: Sequence[NewMemory]) -> list[MemoryCard]:
    """Store memories written directly through the API, indexed at once.

    Untrusted sources (tool output, documents) only ever make L2 hypotheses: they wait for the dream and
    review. Everything else becomes verified L3 knowledge citing its evidence; without evidence given,
    the write is recorded as a note event in L1 and cited.
    """
    now = b.clock()
    cards: list[MemoryCard] = []
    events: list[NoteEvent] = []
    chosen_ids = [item.memory_id for item in items if item.memory_id]
    if len(set(chosen_ids)) != len(chosen_ids):
        raise InvalidRequest("memory_id: each memory of a batch needs its own id")
    taken = b.notes.get_many(scope.tenant_id, chosen_ids) if chosen_ids else []
    if taken:
        raise AlreadyExists(f"memory ids already taken: {', '.join(c.memory_id for c in taken)}")
    for i, item in enumerate(items):
        masked = mask_secrets(item.statement)  # the L1 record of the write; the card masks its own text
        refs = list(item.evidence_refs)
        source = Source(kind=item.source)
        if not refs:
            event = NoteEvent(
                event_id=item.event_id or f"mem-{now:%Y%m%dT%H%M%S}-{i}-{secrets.token_hex(4)}",
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,
                session_id=API_SESSION,
                ts=now,
                text=masked.text,
                type=item.type,
                key=item.key,
                source=item.source,
            )
            events.append(event)
            refs = [EvidenceRef(session_id=API_SESSION, event_id=event.event_id)]
        trusted = source.trust is not Trust.UNTRUSTED
        cards.append(
            MemoryCard(
                **({"memory_id": item.memory_id} if item.memory_id else {}),
                layer=Layer.KNOWLEDGE if trusted else Layer.NOTES,
                status=Status.VERIFIED if trusted else Status.HYPOTHESIS,
                review_status=ReviewStatus.HUMAN_APPROVED
                if item.source is SourceKind.HUMAN_REVIEW
                else ReviewStatus.AUTO,
                type=item.type,
                scope=item.scope,
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,  # a shared card names its author: forgetting them deletes it
                project_id=scope.project_id if item.scope is ScopeKind.PROJECT else None,
                key=item.key,
                statement=item.statement,
                condition=item.condition,
                action=item.action,
                outcome=item.outcome,
                evidence_refs=refs,
                source=source,
                confidence=item.confidence,
                stability=item.stability,
                derived_from=list(item.derived_from),
                observed_at=item.observed_at or now,
                valid_until=item.valid_until,
                last_verified_at=now if trusted else None,
                created_at=now,
                updated_at=now,
            )
        )
    if events:
        b.log.append(events)
    stored = [b.notes.create(card) for card in cards]
    sync_index(b, stored)
    return stored


def list_memories(
    b: Backends,
    scope: Scope,
    *,
    layers: Sequence[Layer] = (),
    types: Sequence[MemoryType] = (),
    statuses: Sequence[Status] = (),
    key: str | None = None,
    limit: int = 100,
    offset: int = 0,
) -> list[MemoryCard]:
    return b.notes.query(
        CardQuery(
            scope=scope,
            layers=frozenset(layers) or None,
            types=frozenset(types) or None,
            statuses=frozenset(statuses) or None,
            key=key,
            limit=limit,
            offset=offset,
        )
    )


def history(b: Backends, scope: Scope, memory_id: str) -> list[MemoryCard]:
    get_memory(b, scope, memory_id)
    return b.notes.history(scope.tenant_id, memory_id)


EDITABLE_FIELDS = frozenset(
    {"statement", "type", "key", "condition", "action", "outcome", "confidence", "stability", "valid_until"}
)


def edit_memory(
    b: Backends, scope: Scope, memory_id: str, expected_version: int, changes: dict[str, Any]
) -> MemoryCard:
    """A human edit: a new version marked `edited` (never rewritten by a dream), verified into L3.

    `expected_version` is the version the editor read; a stale one raises `VersionConflict`.
    """
    if not changes:
        raise InvalidRequest(f"nothing to change: name at least one of {sorted(EDITABLE_FIELDS)}")
    unknown = set(changes) - EDITABLE_FIELDS
    if unknown:
        raise InvalidRequest(f"cannot edit {sorted(unknown)}; editable fields are {sorted(EDITABLE_FIELDS)}")
    current = get_memory(b, scope, memory_id)
    now = b.clock()
    data = current.model_dump()  # validated below: the card masks secrets in every text field it gets
    data.update(changes)
    data.update(
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        review_status=ReviewStatus.EDITED,
        last_verified_at=now,
        updated_at=now,
    )
    revised = MemoryCard.model_validate(data)
    stored = b.notes.update(revised, expected_version)
    sync_index(b, [stored])
    return stored


def feedback(
    b: Backends,
    scope: Scope,
    memory_id: str,
    signal: Literal["used", "wrong"],
    text: str = "",
    session_id: str = API_SESSION,
) -> MemoryCard:
    """`used` counts a hit; `wrong` halves the card's confidence (a new version) and records the feedback
    in L1 so the next dream can correct the card."""
    card = get_memory(b, scope, memory_id)
    now = b.clock()
    if signal == "used":
        b.notes.record_hits(scope.tenant_id, [memory_id], now)
        return b.notes.get(scope.tenant_id, memory_id)
    b.log.append(
        [
            FeedbackEvent(
                event_id=f"fb-{memory_id}-{now:%Y%m%dT%H%M%S%f}",
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,
                session_id=session_id,
                ts=now,
                signal="negative",
                text=mask_secrets(text).text,
                target_memory_id=memory_id,
            )
        ]
    )
    revised = card.model_copy(update={"confidence": round(card.confidence / 2, 4), "updated_at": now})
    stored = b.notes.update(MemoryCard.model_validate(revised.model_dump()), card.version)
    sync_index(b, [stored])
    return stored


@dataclass(frozen=True)
class UserSummary:
    user_id: str
    memories: int
    sessions: int


def list_users(b: Backends, tenant_id: str) -> list[UserSummary]:
    counts = b.notes.count_by_user(tenant_id)
    users = sorted(set(counts) | set(b.log.users(tenant_id)))
    return [UserSummary(u, counts.get(u, 0), len(b.log.sessions(tenant_id, u))) for u in users]
