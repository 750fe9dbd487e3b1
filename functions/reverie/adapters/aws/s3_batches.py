"""What the S3 log stores, apart from how it talks to S3: a session's pointer and its batches (one
immutable object each, one event per JSON line), and the check that makes an append idempotent."""

from __future__ import annotations

import json
from dataclasses import dataclass

from reverie.domain.errors import EventConflict
from reverie.domain.events import Event, parse_event


@dataclass(frozen=True)
class Pointer:
    date: str
    gen: str


@dataclass(frozen=True)
class Batch:
    key: str
    session_id: str
    seq: int
    appended_at: int  # ns since the epoch, by the writer's clock
    lines: tuple[str, ...]  # one event each, as `model_dump_json` wrote it


@dataclass(frozen=True)
class StoredSession:
    pointer: Pointer | None
    batches: tuple[Batch, ...]  # by seq


def fresh_events(group: list[Event], session: StoredSession) -> list[tuple[Event, str]]:
    """The events of `group` the session does not hold yet, with their JSON line; `EventConflict` if an id
    comes back (stored, or earlier in the group) with another payload."""
    known = {p["event_id"]: p for batch in session.batches for p in map(json.loads, batch.lines)}
    fresh = []
    for event in group:
        line = event.model_dump_json()
        payload = json.loads(line)
        previous = known.setdefault(event.event_id, payload)
        if previous is payload:  # first time this id is seen
            fresh.append((event, line))
        elif previous != payload:
            raise EventConflict(
                f"event {event.event_id} of session {event.session_id} is already stored with a different "
                "payload; L1 is immutable, so send it under a new event_id"
            )
    return fresh


def batch_events(batch: Batch) -> list[Event]:
    return [parse_event(json.loads(line)) for line in batch.lines]
