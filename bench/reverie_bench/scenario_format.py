"""The scenario suite's file format (`bench/scenarios/*.json`), validated with pydantic.

A scenario file is a sessions file (the format of `events/sessions/*.json`, one user, every event timed)
plus `steps` (what people do between sessions: edit a memory, derive a card from one, roll a dream run
back, dream again) and an `expect` block the harness measures against. Every expected value is a regular
expression, matched case-insensitively as a whole word or phrase (`mentions`).

A scenario of the consolidation suite names the `behaviour` it checks (one of `BEHAVIOURS`); the report
gives the pass rate per behaviour. Besides the contexts, `expect.cards` checks the stored cards (how many
active cards say a thing, their status, versions and confidence) and `expect.reviews` the review queue.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, TypeGuard, get_args

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


# What the consolidation suite checks, one behaviour per scenario (issue 15's list, in its order).
Behaviour = Literal[
    "latest_wins",  # a changed state supersedes the old one
    "fuse",  # a refinement fuses into one richer card
    "self_audit",  # paraphrases among held cards fuse with no new mention
    "one_idea",  # independent facts in one message become separate cards
    "longevity",  # one-off requests and passing moods stay in the raw log
    "validity",  # stated validity sets valid_until; expired cards are not injected
    "plans_end",  # a plan reported done or cancelled stops being the current plan
    "corrections_retire",  # a contradicted hypothesis or card, and what was derived from it, retire
    "conflicts_visible",  # unsettled contradictions become conflicting cards with a review item
    "secrets",  # masking costs only the secret
    "injection",  # useful facts beside an injected instruction survive; the instruction is quarantined
    "statement_quality",  # grammatical third-person statements that keep the speaker's terms
    "no_confidence_creep",  # confidence rises only with new support; unchanged cards are not rewritten
    "nothing_invisible",  # what was said before any dream is recalled as raw, reference-only turns
]
BEHAVIOURS: tuple[str, ...] = get_args(Behaviour)


class Question(_Strict):
    """Asked of recall after the last session. `latest`: every one must appear in the context; `stale`:
    none may appear in an unflagged line; `contradictions`: pairs that must not both appear unflagged;
    `absent`: must not appear anywhere in the context, flagged or not."""

    query: str = Field(min_length=1)
    latest: list[Pattern] = Field(default_factory=list)
    stale: list[Pattern] = Field(default_factory=list)
    contradictions: list[tuple[Pattern, Pattern]] = Field(default_factory=list)
    absent: list[Pattern] = Field(default_factory=list)


CardStatus = Literal["hypothesis", "verified", "conflicting", "superseded", "archived", "rejected"]


class CardCheck(_Strict):
    """The user's stored cards whose text (statement, condition, action, outcome) mentions `pattern`, at the
    end. `active`: exactly this many are active (L3, verified or conflicting, not expired); `statuses`:
    every matching card (any layer, current versions) has one of these; `some_status`: at least one matching
    card has this one; `max_versions`: none has more versions (a retired card one more: its retirement);
    `max_confidence`: no active one is surer."""

    pattern: Pattern
    active: int | None = Field(default=None, ge=0)
    statuses: list[CardStatus] = Field(default_factory=list)
    some_status: CardStatus | None = None
    max_versions: int | None = Field(default=None, ge=1)
    max_confidence: float | None = Field(default=None, ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _checks_something(self) -> CardCheck:
        if (
            self.active is None
            and not self.statuses
            and self.some_status is None
            and not (self.max_versions or self.max_confidence is not None)
        ):
            raise ValueError(f"card check {self.pattern!r}: says nothing to check")
        return self


class ReviewCheck(_Strict):
    """At least one open review item for `reason` whose cards mention `mentions` (any, when None)."""

    reason: Literal["conflict", "quarantine", "correction"]
    mentions: Pattern | None = None


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
    cards: list[CardCheck] = Field(default_factory=list)
    reviews: list[ReviewCheck] = Field(default_factory=list)


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

    behaviour: Behaviour | None = Field(default=None, description="what the consolidation suite checks")
    undreamt: list[str] = Field(
        default_factory=list, description="sessions after which no dream runs (a queued or failed dream)"
    )
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
        for session_id in self.undreamt:
            if session_id not in ids:
                raise ValueError(f"undreamt: names no session: {session_id!r}")
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
