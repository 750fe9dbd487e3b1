"""The scenario suite's file format (`bench/scenarios/*.json`), validated with pydantic.

A scenario file is a sessions file (the format of `events/sessions/*.json`, one user, every event timed)
plus `steps` (what people do between sessions: edit a memory, derive a card from one, roll a dream run
back, dream again) and an `expect` block the harness measures against. Every expected value is a regular
expression, matched case-insensitively as a whole word or phrase (`mentions`).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, TypeGuard

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from reverie.api.schemas import to_event, untimed
from reverie.cli.ingest import SessionIn, SessionsFile
from reverie.domain.events import Event, MessageEvent
from reverie.domain.models import MemoryType, UtcDatetime


@cache
def compile_pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE)


def mentions(pattern: str, text: str) -> bool:
    """`pattern` occurs in `text` as a whole word or phrase (case and runs of whitespace ignored)."""
    return compile_pattern(pattern).search(" ".join(text.split())) is not None


def _compiles(pattern: str) -> str:
    try:
        compile_pattern(pattern)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression {pattern!r}: {exc}") from exc
    return pattern


Pattern = Annotated[str, Field(min_length=1), AfterValidator(_compiles)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Question(_Strict):
    """Asked of recall after the last session. `latest`: every one must appear in the context; `stale`:
    none may appear in an unflagged line; `contradictions`: pairs that must not both appear unflagged."""

    query: str = Field(min_length=1)
    latest: list[Pattern] = Field(default_factory=list)
    stale: list[Pattern] = Field(default_factory=list)
    contradictions: list[tuple[Pattern, Pattern]] = Field(default_factory=list)


class DuplicateGroup(_Strict):
    """Cards matching `pattern` all say the same thing: more than one active is a surviving duplicate."""

    about: str = Field(min_length=1)
    pattern: Pattern


class RepeatedError(_Strict):
    """A situation that failed before and comes back at the start of session `before`: the context asked
    with `query` (default: that session's first user message) must carry every `fix` pattern."""

    before: str
    query: str | None = None
    fix: list[Pattern] = Field(min_length=1)


class Expect(_Strict):
    questions: list[Question] = Field(min_length=1)
    duplicates: list[DuplicateGroup] = Field(default_factory=list)
    poison: list[Pattern] = Field(default_factory=list, description="must be in no context, no active card")
    volatile: list[Pattern] = Field(default_factory=list, description="must be in no active card")
    repeated_errors: list[RepeatedError] = Field(default_factory=list)
    ask_at: UtcDatetime | None = Field(default=None, description="when the questions are asked")


class _Step(_Strict):
    after: str = Field(description="the session after which (and after its dream) the step happens")
    at: UtcDatetime | None = Field(default=None, description="default: an hour after what came before")


class EditStep(_Step):
    """A person edits the newest active card matching `match` (admin.edit_memory)."""

    action: Literal["edit"]
    match: Pattern
    statement: str = Field(min_length=1)


class DeriveStep(_Step):
    """A card is derived from the newest active card matching `match` (`derived_from` set)."""

    action: Literal["derive"]
    match: Pattern
    statement: str = Field(min_length=1)
    type: MemoryType = MemoryType.FACT
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)


class RollbackStep(_Step):
    """A reviewer rolls back the latest dream run (dream system only)."""

    action: Literal["rollback"]
    reason: str = "rolled back by a reviewer"


class DreamStep(_Step):
    """One more dream run now, without new sessions (dream system only)."""

    action: Literal["dream"]


Step = Annotated[EditStep | DeriveStep | RollbackStep | DreamStep, Field(discriminator="action")]


class ScenarioFile(SessionsFile):
    """One scenario: a sessions file of one user, the steps between sessions, what to expect."""

    steps: list[Step] = Field(default_factory=list)
    expect: Expect

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioFile:
        users = {s.user_id for s in self.sessions}
        if len(users) != 1:
            raise ValueError(f"sessions: a scenario follows one user, found {sorted(users)}")
        ids = [s.session_id for s in self.sessions]
        if len(set(ids)) != len(ids):
            raise ValueError("sessions: session ids must be unique")
        for s in self.sessions:
            if not s.events or s.end is None:
                raise ValueError(f"session {s.session_id}: needs events and an `end` (it is dreamt on)")
            if untimed(s.events):
                raise ValueError(f"session {s.session_id}: every event needs a `ts` (the suite's clock)")
        for step in self.steps:
            if step.after not in ids:
                raise ValueError(f"steps: `after` names no session: {step.after!r}")
        for check in self.expect.repeated_errors:
            if check.before not in ids:
                raise ValueError(f"repeated_errors: `before` names no session: {check.before!r}")
            if check.query is None and first_user_text(self.session(check.before)) is None:
                raise ValueError(f"repeated_errors: session {check.before} has no user message; give `query`")
        return self

    @property
    def user_id(self) -> str:
        return self.sessions[0].user_id

    def session(self, session_id: str) -> SessionIn:
        return next(s for s in self.sessions if s.session_id == session_id)


def events_of(session: SessionIn, tenant_id: str) -> list[Event]:
    """The session's events as domain events (what capture stores)."""
    return [to_event(e, tenant_id, session.user_id, session.session_id) for e in session.events]


def is_user_message(event: Event) -> TypeGuard[MessageEvent]:
    return isinstance(event, MessageEvent) and event.role == "user"


def first_user_text(session: SessionIn) -> str | None:
    """What the user opened the session with: the query an agent would ask recall with."""
    return next((e.text for e in events_of(session, "scenario") if is_user_message(e)), None)


def load_scenario(path: Path) -> ScenarioFile:
    return ScenarioFile.model_validate(json.loads(path.read_text(encoding="utf-8")))
