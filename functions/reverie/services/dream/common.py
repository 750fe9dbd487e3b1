"""What the stages share: their small JSON input/output, change records and the run's saved data."""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Candidate, Change, ChangeKind, DreamRun
from reverie.domain.guards import mask_secrets
from reverie.domain.models import Identifier, MemoryCard, Scope
from reverie.ports import RunStore
from reverie.services.backends import Backends


class StageInput(BaseModel):
    """What every stage receives (and what Step Functions passes between them)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    tenant_id: Identifier
    user_id: Identifier
    run_id: Identifier

    @property
    def scope(self) -> Scope:
        return Scope(tenant_id=self.tenant_id, user_id=self.user_id)


class StageOutput(StageInput):
    stage: str
    counts: dict[str, int] = Field(default_factory=dict)


def load_run(b: Backends, stage_input: StageInput) -> tuple[RunStore, DreamRun]:
    runs, _ = b.dream_ports()
    return runs, runs.get_run(stage_input.tenant_id, stage_input.run_id)


def dream_memory_id(tenant_id: str, user_id: str, fingerprint: str) -> str:
    """A card the dream creates has an id derived from what it claims: a retried stage cannot make two."""
    digest = hashlib.sha256(f"{tenant_id}/{user_id}/{fingerprint}".encode()).hexdigest()[:12]
    return f"d-{digest}"


def record(
    runs: RunStore,
    run: DreamRun,
    stage: str,
    kind: ChangeKind,
    card: MemoryCard,
    before_version: int | None,
    reason: str,
    fingerprint: str | None = None,
) -> Change:
    change = Change(
        run_id=run.run_id,
        change_id=f"{stage}:{kind}:{card.memory_id}:{before_version}",
        stage=stage,
        kind=kind,
        memory_id=card.memory_id,
        before_version=before_version,
        after_version=card.version,
        reason=mask_secrets(reason).text[:1_000],  # masked before the cut: no half secret survives it
        fingerprint=fingerprint,
    )
    runs.record_change(run.tenant_id, change)
    return change


def dump_candidates(candidates: list[Candidate]) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in candidates]


def load_candidates(data: list[dict[str, Any]]) -> list[Candidate]:
    return [Candidate.model_validate(item) for item in data]


def said_later(card: MemoryCard | Candidate, other: MemoryCard | Candidate) -> bool:
    """`card` was said after `other`, in another session (the state may have changed since); two of one session
    record the same moment, whichever was written first."""
    later = bool(card.observed_at and other.observed_at and card.observed_at > other.observed_at)
    sessions = {r.session_id for r in card.evidence_refs} & {r.session_id for r in other.evidence_refs}
    return later and not sessions
