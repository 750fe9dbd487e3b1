"""Online capture: append events to L1, turn explicit notes into L2 hypotheses, end sessions.

Trust is the server's (`domain.trust`): a note's hypothesis carries the source its text shows (a note quoting
a README is the README's), and only an admin's caller (the console) may send what a human reviewer said."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from reverie.domain.access import DEFAULT_ROLE, Role, require_admin
from reverie.domain.errors import AlreadyExists, EventConflict, InvalidRequest, NotFound
from reverie.domain.events import Event, FeedbackEvent, NoteEvent, SessionEndEvent, event_text
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, Scope, SourceKind, Status
from reverie.domain.trust import written_source
from reverie.services.backends import Backends


@dataclass(frozen=True)
class CaptureResult:
    stored: int
    duplicates: int
    notes: list[str] = field(default_factory=list)
    masked: list[str] = field(default_factory=list)


def note_memory_id(event: NoteEvent) -> str:
    """A note's card id is derived from its event, so a retried capture never makes a second card."""
    raw = f"{event.tenant_id}/{event.user_id}/{event.session_id}/{event.event_id}".encode()
    return "n-" + hashlib.sha256(raw).hexdigest()[:12]


def note_to_hypothesis(event: NoteEvent) -> MemoryCard:
    """The note as an L2 hypothesis, with the source the server reads in it (`written_source`); the card
    masks any secret in its text."""
    return MemoryCard(
        memory_id=note_memory_id(event),
        layer=Layer.NOTES,
        type=event.type,
        tenant_id=event.tenant_id,
        user_id=event.user_id,
        key=event.key,
        statement=event.text,
        evidence_refs=[EvidenceRef(session_id=event.session_id, event_id=event.event_id)],
        source=written_source(event.source, event.text),
        status=Status.HYPOTHESIS,
        observed_at=event.ts,
    )


def append_events(
    b: Backends,
    scope: Scope,
    events: Sequence[Event],
    untimed: Set[str] = frozenset(),
    role: Role = DEFAULT_ROLE,
) -> CaptureResult:
    """Append events (idempotent by event id); explicit notes become L2 hypotheses (never injected).

    Every event must belong to the caller's tenant and user: isolation is checked here, not trusted.
    A note or feedback from source `human_review` needs the admin `role` (nothing of the batch is
    stored otherwise). `untimed` names events the client sent without a time (stamped on arrival): a
    retry of one of them takes the time already stored, so it is recognised as the same event.
    """
    for event in events:
        if event.tenant_id != scope.tenant_id or event.user_id != scope.user_id:
            raise InvalidRequest(
                f"event {event.event_id} belongs to {event.tenant_id}/{event.user_id}, "
                f"not to the caller's {scope.tenant_id}/{scope.user_id}"
            )
        if isinstance(event, NoteEvent | FeedbackEvent) and event.source is SourceKind.HUMAN_REVIEW:
            require_admin(role, f"event {event.event_id}: source human_review (a person's review)")
    try:
        result = b.log.append(events)
    except EventConflict:
        if not untimed:
            raise
        # An event sent without a time was stamped on arrival, so its retry differs from the stored one
        # by its time alone: it takes the stored time (found by id) and the batch is appended again,
        # which also settles two copies racing each other. What still differs is a real conflict.
        events = _reuse_stored_times(b, events, untimed)
        result = b.log.append(events)
    notes: list[str] = []
    masked: list[str] = []
    # Notes are (re)derived for every note in the batch: ids are deterministic, so a retry after a crash
    # between the append and here completes the work instead of duplicating it.
    for event in events:
        if isinstance(event, NoteEvent):
            card = note_to_hypothesis(event)
            if card.statement != event.text:
                masked.append(card.memory_id)
            try:
                b.notes.create(card)
                notes.append(card.memory_id)
            except AlreadyExists:
                pass
    return CaptureResult(stored=result.stored, duplicates=result.duplicates, notes=notes, masked=masked)


def _reuse_stored_times(b: Backends, events: Sequence[Event], untimed: Set[str]) -> list[Event]:
    stored: dict[tuple[str, str], datetime] = {}
    for session_id in {e.session_id for e in events if e.event_id in untimed}:
        first = events[0]
        ids = [e.event_id for e in events if e.session_id == session_id and e.event_id in untimed]
        for event_id, ts in b.log.stored_times(first.tenant_id, first.user_id, session_id, ids).items():
            stored[(session_id, event_id)] = ts
    return [
        e.model_copy(update={"ts": stored[(e.session_id, e.event_id)]})
        if e.event_id in untimed and (e.session_id, e.event_id) in stored
        else e
        for e in events
    ]


def end_session(
    b: Backends, scope: Scope, session_id: str, outcome: Literal["success", "failure", "unknown"] = "unknown"
) -> CaptureResult:
    """Record the session's end and queue it for dreaming (one queue message per session)."""
    event = SessionEndEvent(
        event_id="session-end",
        tenant_id=scope.tenant_id,
        user_id=scope.user_id,
        session_id=session_id,
        outcome=outcome,
        ts=b.clock(),
    )
    known = b.log.read_session(scope.tenant_id, scope.user_id, session_id)
    if not known:
        raise NotFound(f"session {session_id} has no events: nothing to end")
    already = any(isinstance(e, SessionEndEvent) for e in known)
    result = b.log.append([]) if already else b.log.append([event])
    # Sent even when the end was already recorded: a crash between the append and the send must not strand
    # the session; the queue's dedup id keeps a pending duplicate out, and a dream run is idempotent.
    b.queue.send(
        {
            "tenant_id": scope.tenant_id,
            "user_id": scope.user_id,
            "session_id": session_id,
            "trigger": "session_end",
            # the session's size: the consumer publishes it, and the volume alarm sums it (infra/triggers.py)
            "tokens": sum(b.tokens.count(event_text(e)) for e in known),
        },
        dedup_id=f"{scope.tenant_id}/{scope.user_id}/{session_id}",
    )
    return CaptureResult(stored=result.stored, duplicates=result.duplicates + int(already))
