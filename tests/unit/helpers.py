"""Small builders for service tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from reverie.domain.events import Event, parse_event
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    Scope,
    Source,
    SourceKind,
    Status,
)
from reverie.ports import CardQuery
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.capture import append_events
from reverie.services.dream.runner import dream
from tests.conftest import Clock


def held_card(
    statement: str, at: datetime, type: MemoryType = MemoryType.FACT, memory_id: str = "m-1", **fields: Any
) -> MemoryCard:
    """A verified L3 card of user `u` in tenant `t`, said by the user at `at` (on s1/e1), as a dream holds one;
    `fields` set the rest (`valid_until`, `key`, ...)."""
    return MemoryCard(
        memory_id=memory_id,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=type,
        tenant_id="t",
        user_id="u",
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=at,
        created_at=at,
        updated_at=at,
        **fields,
    )


def event(scope: Scope, session: str, event_id: str, **fields: Any) -> Event:
    fields.setdefault("kind", "message")
    if fields["kind"] == "message":
        fields.setdefault("role", "user")
    data = {
        "event_id": event_id,
        "tenant_id": scope.tenant_id,
        "user_id": scope.user_id,
        "session_id": session,
    }
    return parse_event({**data, **fields})


def remember(b: Backends, caller: Scope, statement: str, type: str = "fact", **fields: Any) -> MemoryCard:
    """Create one memory as `caller` (fields go to NewMemory, e.g. scope=ScopeKind.PROJECT)."""
    fields.setdefault("evidence_refs", [EvidenceRef(session_id="s1", event_id="e1")])
    return create_memories(b, caller, [NewMemory(type=MemoryType(type), statement=statement, **fields)])[0]


def note(
    b: Backends, scope: Scope, session: str, event_id: str, text: str, at: datetime, **fields: Any
) -> None:
    """Capture one explicit note at time `at`."""
    from reverie.services.capture import append_events

    append_events(b, scope, [event(scope, session, event_id, kind="note", text=text, ts=at, **fields)])


def dream_a_conflict(b: Backends, scope: Scope, now: datetime) -> None:
    """Two dreams that leave "manager is Eve" (newer, dreamt first) against "manager is Dana" (older, later)."""
    from reverie.services.dream.runner import dream

    note(b, scope, "s2", "n1", "Alice's manager is Eve", now, key="alice.manager", source="user")
    dream(b, scope.tenant_id, scope.user_id)
    note(
        b,
        scope,
        "s1",
        "n1",
        "Alice's manager is Dana",
        now - timedelta(days=3),
        key="alice.manager",
        source="user",
    )
    dream(b, scope.tenant_id, scope.user_id)


def dreamt_session(b: Backends, scope: Scope, session: str, clock: Clock, *steps: dict[str, Any]) -> None:
    """One session of `steps` (event fields, ids e0, e1, ...), a minute apart on `clock`, then a dream."""
    events = []
    for n, fields in enumerate(steps):
        clock.advance(minutes=1)
        events.append(event(scope, session, f"e{n}", ts=clock.now, **fields))
    append_events(b, scope, events)
    dream(b, scope.tenant_id, scope.user_id or "")


def live_cards(b: Backends, scope: Scope, word: str) -> list[MemoryCard]:
    """The user's cards of every layer, not superseded, whose statement contains `word`."""
    query = CardQuery(scope=scope, layers=frozenset(Layer), limit=1000)
    return [c for c in b.notes.query(query) if word in c.statement and c.status is not Status.SUPERSEDED]


def conflict_reviews(b: Backends, scope: Scope) -> list[list[str]]:
    """The memory ids (sorted) of each open conflict review item of the user."""
    assert b.runs is not None
    reviews = b.runs.list_reviews(scope.tenant_id, scope.user_id or "", "open")
    return [sorted(r.memory_ids) for r in reviews if r.reason == "conflict"]


def derive(b: Backends, origin: MemoryCard, memory_id: str, statement: str, *more: str) -> MemoryCard:
    """A card built on `origin` (and on the cards named in `more`): `derived_from` them, no key of its own."""
    update = {
        "memory_id": memory_id,
        "statement": statement,
        "key": None,
        "derived_from": [origin.memory_id, *more],
    }
    return b.notes.create(origin.model_copy(update=update))
