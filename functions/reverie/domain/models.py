"""The memory card (one schema for L2 notes and L3 knowledge) and the scope it lives in."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Annotated, Any, Final

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from reverie.domain.guards import mask_secrets
from reverie.domain.identifiers import ID_PATTERN as ID_PATTERN  # re-exported: ids are checked with it
from reverie.domain.identifiers import Identifier

MAX_STATEMENT_CHARS = 2_000
MAX_EVENT_TEXT_CHARS = 32_000
MAX_KEY_CHARS = 200

CARD_TEXT_FIELDS: Final = ("statement", "condition", "action", "outcome")
"""A card's free text: masked by the write-path guard whenever a card is built or revised."""
MASKED_CARD_FIELDS: Final = (*CARD_TEXT_FIELDS, "key")
"""Every card field a person's words can reach: its free text and its key (a note's key is the caller's)."""


def _masked(value: Any) -> Any:
    return mask_secrets(value).text if isinstance(value, str) else value


MaskedText = Annotated[str, BeforeValidator(_masked)]
"""Text of a record the dream stores (a candidate's claim, a change's reason, a review item's detail): masked
on creation. A writer that cuts text to a field's limit masks it first (no half secret survives a cut)."""


STORED_CARD: Final = {"stored": True}
"""Validation context for a card read back from a store: its text was masked when it was written, so a read
skips the guard and returns exactly what is stored, without the guard's cost (tens of µs a field)."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    """Naive datetimes are taken as UTC; every stored time is timezone-aware UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


UtcDatetime = Annotated[datetime, AfterValidator(_aware)]


def new_memory_id() -> str:
    return "m-" + secrets.token_hex(6)


class Layer(StrEnum):
    NOTES = "L2"
    KNOWLEDGE = "L3"


class MemoryType(StrEnum):
    FACT = "fact"
    PREFERENCE = "preference"
    CONSTRAINT = "constraint"
    SKILL = "skill"
    PROCEDURE = "procedure"
    CORRECTION = "correction"
    PLAN = "plan"
    EPISODE = "episode"


class ScopeKind(StrEnum):
    USER = "user"
    PROJECT = "project"
    ORG = "org"
    GLOBAL = "global"


class Status(StrEnum):
    HYPOTHESIS = "hypothesis"
    VERIFIED = "verified"
    CONFLICTING = "conflicting"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    REJECTED = "rejected"


class ReviewStatus(StrEnum):
    AUTO = "auto"
    HUMAN_APPROVED = "human_approved"
    EDITED = "edited"


class Stability(StrEnum):
    VOLATILE = "volatile"
    NORMAL = "normal"
    HIGH = "high"


class SourceKind(StrEnum):
    USER = "user"
    AGENT = "agent"
    TOOL = "tool"
    DOCUMENT = "document"
    HUMAN_REVIEW = "human_review"


class Trust(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"
    UNTRUSTED = "untrusted"


DEFAULT_TRUST: dict[SourceKind, Trust] = {
    SourceKind.HUMAN_REVIEW: Trust.HIGH,
    SourceKind.USER: Trust.MEDIUM,
    SourceKind.AGENT: Trust.MEDIUM,
    SourceKind.TOOL: Trust.UNTRUSTED,
    SourceKind.DOCUMENT: Trust.UNTRUSTED,
}

# Every card has an expiry or a review cycle: without one given, the review cycle follows its stability.
DEFAULT_TTL_DAYS: dict[Stability, int] = {Stability.VOLATILE: 7, Stability.NORMAL: 180, Stability.HIGH: 730}

# Statuses that recall may inject; everything else stays out of L4.
INJECTABLE_STATUSES = frozenset({Status.VERIFIED, Status.CONFLICTING})
# ... and what it searches: a looked-up fact may be a hypothesis (`MemoryCard.looked_up`), shown as reference.
RECALL_STATUSES = INJECTABLE_STATUSES | {Status.HYPOTHESIS}
LOOKED_UP_SOURCES = frozenset({SourceKind.TOOL, SourceKind.DOCUMENT})


class Scope(BaseModel):
    """Who is asking: a request reaches only its tenant, its user and (if named) its project."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tenant_id: Identifier
    user_id: Identifier
    project_id: Identifier | None = None


class Source(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: SourceKind
    trust: Trust | None = None
    name: str | None = Field(default=None, max_length=200, description="tool or document name")

    @model_validator(mode="after")
    def _default_trust(self) -> Source:
        if self.trust is None:
            object.__setattr__(self, "trust", DEFAULT_TRUST[self.kind])
        return self


class EvidenceRef(BaseModel):
    """A pointer into L1: the session and event a card rests on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    session_id: Identifier
    event_id: Identifier


class MemoryCard(BaseModel):
    """One idea, traceable to evidence, versioned, with an expiry or a review cycle.

    Cards are immutable values: a revision is a new version (`model_copy(update=...)` then
    `NoteStore.update`), never an in-place change.

    Its text and key (`MASKED_CARD_FIELDS`) never hold a secret: validation masks them
    (`reverie.domain.guards`).
    A `model_copy` skips validation; every `NoteStore` validates a card again before storing it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=True)

    memory_id: Identifier = Field(default_factory=new_memory_id)
    version: int = Field(default=1, ge=1)
    layer: Layer = Layer.NOTES
    type: MemoryType
    scope: ScopeKind = ScopeKind.USER
    tenant_id: Identifier
    user_id: Identifier | None = None
    project_id: Identifier | None = None
    key: str | None = Field(default=None, min_length=1, max_length=MAX_KEY_CHARS)
    statement: str = Field(min_length=1, max_length=MAX_STATEMENT_CHARS)
    condition: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    action: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    outcome: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    evidence_refs: list[EvidenceRef] = Field(default_factory=list)
    source: Source = Field(default_factory=lambda: Source(kind=SourceKind.AGENT))
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    status: Status = Status.HYPOTHESIS
    review_status: ReviewStatus = ReviewStatus.AUTO
    stability: Stability = Stability.NORMAL
    valid_until: UtcDatetime | None = None
    valid_from: UtcDatetime | None = Field(
        default=None,
        description='a change said ahead ("from 1 March I\'m based at BRS"): when the card starts to hold; the '
        "card it replaces holds until then (its valid_until)",
    )
    ttl_days: int | None = Field(default=None, ge=1, le=36_500)
    supersedes: Identifier | None = None
    superseded_by: Identifier | None = None
    derived_from: list[Identifier] = Field(default_factory=list)
    hit_count: int = Field(default=0, ge=0)
    last_hit_at: UtcDatetime | None = None
    last_verified_at: UtcDatetime | None = None
    observed_at: UtcDatetime | None = Field(
        default=None, description="when what the card says happened (the evidence's time)"
    )
    created_at: UtcDatetime = Field(default_factory=utcnow)
    updated_at: UtcDatetime = Field(default_factory=utcnow)
    dream_run_id: Identifier | None = None

    @field_validator(*MASKED_CARD_FIELDS, mode="before")
    @classmethod
    def _mask_secrets(cls, value: Any, info: ValidationInfo) -> Any:
        """Nothing that looks like a credential or personal secret reaches L2/L3, whichever path writes
        the card: its text is masked before its length is checked. Masking is idempotent, so a card that
        is validated again (a revision, a store's own check) keeps the text it had."""
        if isinstance(value, str) and not (info.context or {}).get("stored"):
            return mask_secrets(value).text
        return value

    @model_validator(mode="before")
    @classmethod
    def _default_review_cycle(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("valid_until") is None and data.get("ttl_days") is None:
            stability = data.get("stability") or Stability.NORMAL
            data = {**data, "ttl_days": DEFAULT_TTL_DAYS[Stability(stability)]}
        return data

    @model_validator(mode="after")
    def _rules(self) -> MemoryCard:
        if self.layer is Layer.KNOWLEDGE and not self.evidence_refs:
            raise ValueError("evidence_refs: an L3 card must cite at least one L1 event")
        if self.layer is Layer.NOTES and self.status in (Status.VERIFIED, Status.CONFLICTING):
            raise ValueError(f"status: a {self.status.value} card lives in L3, not L2")
        if self.layer is Layer.KNOWLEDGE and self.status is Status.HYPOTHESIS:
            raise ValueError("status: a hypothesis lives in L2 until it is verified")
        if self.scope is ScopeKind.USER and self.user_id is None:
            raise ValueError("user_id: a user-scoped card names its user")
        if self.scope is ScopeKind.PROJECT and self.project_id is None:
            raise ValueError("project_id: a project-scoped card names its project")
        return self

    @property
    def review_due_at(self) -> datetime | None:
        if self.ttl_days is None:
            return None
        base = self.last_verified_at or self.created_at
        return base + timedelta(days=self.ttl_days)

    def named_by(self, memory_id: str | None) -> bool:
        """Whether `memory_id` names this card: its id, or the id its writer chose (a chosen id is stored
        as `<chosen>@<user>`, see services.ownership), as an agent's feedback may name it."""
        return memory_id is not None and self.memory_id in (memory_id, f"{memory_id}@{self.user_id}")

    def is_expired(self, now: datetime) -> bool:
        """Hard expiry only (`valid_until`); a passed review cycle is the dream's decay to act on."""
        return self.valid_until is not None and self.valid_until <= now

    @property
    def looked_up(self) -> bool:
        """A fact a tool or a document gave that nobody has confirmed (a hypothesis on one untrusted
        support, e.g. read from a page that also tried to steer the agent): recall may show it under the
        reference heading, as unverified and naming its source, never as a memory or an instruction. A
        tool's own behaviour (a failure's condition and outcome) is a lesson in the making, not a fact read."""
        return (
            self.status is Status.HYPOTHESIS
            and self.type is MemoryType.FACT
            and self.source.kind in LOOKED_UP_SOURCES
            and not (self.condition or self.action or self.outcome)
        )

    def visible_to(self, scope: Scope) -> bool:
        return self.tenant_id == scope.tenant_id and scope_allows(
            scope, self.scope, self.user_id, self.project_id
        )


def scope_allows(scope: Scope, kind: ScopeKind, user_id: str | None, project_id: str | None) -> bool:
    """The one visibility rule; every query path applies the same rule in its own query language."""
    if kind is ScopeKind.USER:
        return user_id == scope.user_id
    if kind is ScopeKind.PROJECT:
        return project_id is not None and project_id == scope.project_id
    return True  # org and global: the whole tenant (one stack per tenant)
