"""The dream's records: runs, the changes they make, candidate propositions, verdicts, review items."""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.models import (
    MAX_KEY_CHARS,
    MAX_STATEMENT_CHARS,
    EvidenceRef,
    Identifier,
    MaskedText,
    MemoryType,
    Source,
    Stability,
    UtcDatetime,
    utcnow,
)

STAGES = ("select", "verify", "restructure", "decay")


class Trigger(StrEnum):
    SESSION_END = "session_end"
    IDLE = "idle"
    SCHEDULE = "schedule"
    VOLUME = "volume"
    MANUAL = "manual"


class RunStatus(StrEnum):
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    ROLLED_BACK = "rolled_back"


class ChangeKind(StrEnum):
    ADDED = "added"
    UPDATED = "updated"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"
    REJECTED = "rejected"
    CONFLICTED = "conflicted"
    DECAYED = "decayed"
    QUEUED = "queued"  # sent to human review


class Budget(BaseModel):
    """What one run may spend."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_tokens: int = Field(default=50_000, ge=1, description="material tokens read by select")
    max_reasoner_calls: int = Field(default=50, ge=0)
    max_seconds: float = Field(default=120.0, gt=0)
    max_cards: int = Field(default=500, ge=1, description="active L3 cards kept per user after decay")


class DreamRun(BaseModel):
    """One run of the dream for one (tenant, user): operational record, updated as stages complete."""

    model_config = ConfigDict(extra="forbid")

    run_id: Identifier
    tenant_id: Identifier
    user_id: Identifier
    trigger: Trigger
    status: RunStatus = RunStatus.RUNNING
    budget: Budget = Field(default_factory=Budget)
    inputs: dict[str, Any] = Field(default_factory=dict, description="session ids, since, ...")
    stages_done: list[str] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)
    durations_ms: dict[str, float] = Field(default_factory=dict)
    reasoner_tokens: dict[str, int] = Field(default_factory=dict, description="input / output / calls")
    error: str | None = None
    fence: int | None = Field(
        default=None, description="the fencing token of the lease the run holds: every write of it checks it"
    )
    started_at: UtcDatetime = Field(default_factory=utcnow)
    finished_at: UtcDatetime | None = None
    rolled_back_at: UtcDatetime | None = None


class Change(BaseModel):
    """One change a run made to the note store: enough to explain it and to undo it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    run_id: Identifier
    change_id: str = Field(description="deterministic within the run, so a retried stage records it once")
    stage: Literal["select", "verify", "restructure", "decay"]
    kind: ChangeKind
    memory_id: Identifier
    before_version: int | None = Field(default=None, description="None when the run created the card")
    after_version: int
    reason: MaskedText = Field(max_length=1_000)
    fingerprint: str | None = Field(default=None, description="the candidate's fingerprint, if any")
    at: UtcDatetime = Field(default_factory=utcnow)


class Candidate(BaseModel):
    """A proposition extracted from L1 by select: not yet trusted. Its text is masked whichever reasoner
    made it, before it is stored as a stage output or becomes a card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: MemoryType
    statement: MaskedText = Field(min_length=1, max_length=MAX_STATEMENT_CHARS)
    key: MaskedText | None = Field(default=None, max_length=MAX_KEY_CHARS)
    condition: MaskedText | None = None
    action: MaskedText | None = None
    outcome: MaskedText | None = None
    evidence_refs: list[EvidenceRef] = Field(min_length=1)
    source: Source
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    stability: Stability = Stability.NORMAL
    subjective: bool = Field(default=False, description="opinions and tastes: not probed, live on confidence")
    observed_at: UtcDatetime | None = None
    valid_until: UtcDatetime | None = Field(
        default=None,
        description="when the claim stops holding (a plan's date): it expires then, no decay before",
    )
    valid_from: UtcDatetime | None = Field(
        default=None,
        description='when a change said ahead takes effect ("from 1 March I\'m based at BRS"): the card it '
        "replaces holds until then",
    )
    correction_of: str | None = Field(default=None, description="a memory id this candidate corrects")
    forgets: MaskedText | None = Field(
        default=None,
        max_length=MAX_KEY_CHARS,
        description="the user asked to forget what they said about this topic: the cards about it are "
        "retired and the candidate itself is never a card",
    )
    salience: float = 0.0

    @property
    def fingerprint(self) -> str:
        """Stable identity of what is claimed (not of where it was seen): for dedup and rollback memory."""
        basis = f"{self.type}|{self.key or ''}|{' '.join(self.statement.lower().split())}"
        return hashlib.sha256(basis.encode()).hexdigest()[:16]


# What a candidate and the card made of it (or a held card and the candidate it was) share, field for field.
CLAIM_FIELDS = (
    "type",
    "key",
    "statement",
    "condition",
    "action",
    "outcome",
    "evidence_refs",
    "source",
    "stability",
    "observed_at",
    "valid_until",
    "valid_from",
)


def claim_of(thing: BaseModel) -> dict[str, Any]:
    """The CLAIM_FIELDS of a candidate or a card, to build the other from."""
    return {name: getattr(thing, name) for name in CLAIM_FIELDS}


class Verdict(StrEnum):
    SUPPORTED = "supported"
    CONTRADICTED = "contradicted"
    UNKNOWN = "unknown"


class ProbeResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    prober: str
    verdict: Verdict
    detail: str = ""


class ReviewItem(BaseModel):
    """Something a human must decide: an unresolved conflict, quarantined untrusted instructions, ..."""

    model_config = ConfigDict(extra="forbid")

    item_id: Identifier
    tenant_id: Identifier
    user_id: Identifier
    memory_ids: list[Identifier] = Field(min_length=1)
    reason: Literal["conflict", "quarantine", "correction"]
    detail: MaskedText = Field(default="", max_length=2_000)
    status: Literal["open", "approved", "rejected", "edited"] = "open"
    run_id: Identifier | None = None
    created_at: UtcDatetime = Field(default_factory=utcnow)
    resolved_at: UtcDatetime | None = None
