"""Ingest a file of agent sessions (the format of `events/sessions/*.json`) through the public services."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from reverie.api.schemas import EventIn, NewMemoryIn, to_event, untimed
from reverie.domain.errors import AlreadyExists
from reverie.domain.models import ID_PATTERN, Scope
from reverie.services import admin, capture
from reverie.services.backends import Backends


class SessionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = Field(pattern=ID_PATTERN)
    session_id: str = Field(pattern=ID_PATTERN)
    events: list[EventIn] = Field(default_factory=list)
    memories: list[NewMemoryIn] = Field(
        default_factory=list, description="memories the agent wrote during the session (POST /memories)"
    )
    end: Literal["success", "failure", "unknown"] | None = Field(
        default=None, description="end the session with this outcome (queues it for dreaming)"
    )


class SessionsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    description: str = ""
    sessions: list[SessionIn] = Field(min_length=1)


@dataclass
class IngestReport:
    sessions: int = 0
    events: int = 0
    duplicates: int = 0
    memories: int = 0
    existing_memories: int = 0


def load_sessions(path: Path) -> SessionsFile:
    return SessionsFile.model_validate(json.loads(path.read_text(encoding="utf-8")))


def ingest(
    b: Backends,
    tenant_id: str,
    data: SessionsFile,
    progress: Callable[[int], None] = lambda _: None,
) -> IngestReport:
    """Append every session's events, write its memories, end it. Safe to run twice: events are
    idempotent by id and memories with a `memory_id` are created once."""
    report = IngestReport()
    for session in data.sessions:
        scope = Scope(tenant_id=tenant_id, user_id=session.user_id)
        events = [to_event(e, tenant_id, session.user_id, session.session_id) for e in session.events]
        if events:
            result = capture.append_events(b, scope, events, untimed(session.events))
            report.events += result.stored
            report.duplicates += result.duplicates
        for memory in session.memories:
            try:
                admin.create_memories(b, scope, [admin.NewMemory(**memory.model_dump())])
                report.memories += 1
            except AlreadyExists:
                report.existing_memories += 1
        if session.end and events:
            capture.end_session(b, scope, session.session_id, session.end)
        report.sessions += 1
        progress(1)
    return report
