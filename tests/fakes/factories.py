"""Small builders of events and cards for tests: sensible defaults, override only what a test is about."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from reverie.domain.dream import Candidate
from reverie.domain.events import Event, parse_event
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ScopeKind,
    Source,
    SourceKind,
    Status,
)

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    """A fixed point in time, `minutes` after T0 (so orderings in tests never depend on the clock)."""
    return T0 + timedelta(minutes=minutes)


def make_event(
    event_id: str = "e1",
    *,
    tenant_id: str = "t1",
    user_id: str = "u1",
    session_id: str = "s1",
    ts: datetime | None = None,
    kind: str = "message",
    **fields: Any,
) -> Event:
    """A valid event of `kind`; message events default to a user saying `text`."""
    data: dict[str, Any] = {
        "event_id": event_id,
        "tenant_id": tenant_id,
        "user_id": user_id,
        "session_id": session_id,
        "ts": ts or T0,
        "kind": kind,
    }
    if kind == "message":
        data.update(role="user", text=f"message {event_id}")
    elif kind == "note":
        data.update(text=f"note {event_id}")
    data.update(fields)
    return parse_event(data)


def make_card(
    memory_id: str = "m-1",
    *,
    tenant_id: str = "t1",
    user_id: str | None = "u1",
    scope: ScopeKind = ScopeKind.USER,
    project_id: str | None = None,
    layer: Layer = Layer.NOTES,
    status: Status | None = None,
    type: MemoryType = MemoryType.FACT,
    statement: str = "the build uses uv",
    updated_at: datetime | None = None,
    **fields: Any,
) -> MemoryCard:
    """A valid card: an L2 hypothesis by default, an L3 verified card (with evidence) for `layer=L3`."""
    if status is None:
        status = Status.VERIFIED if layer is Layer.KNOWLEDGE else Status.HYPOTHESIS
    fields.setdefault("evidence_refs", [EvidenceRef(session_id="s1", event_id="e1")])
    return MemoryCard(
        memory_id=memory_id,
        tenant_id=tenant_id,
        user_id=user_id,
        scope=scope,
        project_id=project_id,
        layer=layer,
        status=status,
        type=type,
        statement=statement,
        created_at=updated_at or T0,
        updated_at=updated_at or T0,
        **fields,
    )


def make_candidate(statement: str, type: MemoryType = MemoryType.FACT, event_id: str = "e1") -> Candidate:
    """What the user said in a later session (s2), as the reasoner hands it to the merge."""
    return Candidate(
        type=type,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s2", event_id=event_id)],
        source=Source(kind=SourceKind.USER),
    )
