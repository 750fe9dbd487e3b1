"""What the functions receive, validated at the edge: queue messages, the Start document, schedules.

The stage documents are `StageInput` / `StageOutput` (services/dream/common.py) and `StageFailure`
(handlers/stages.py); the sample events under events/ show each one.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Budget, Trigger
from reverie.domain.models import Identifier

SweepKind = Literal["idle", "schedule", "volume"]


class SessionEnded(BaseModel):
    """The message `end_session` queues (services/capture.py)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    tenant_id: Identifier
    user_id: Identifier
    session_id: Identifier
    trigger: Literal["session_end"] = "session_end"
    tokens: int = Field(
        default=0, ge=0, description="the session's tokens (0 from a sender that did not count)"
    )


class RunRequest(BaseModel):
    """The Start task's input: one item of the Distributed Map."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    tenant_id: Identifier
    user_id: Identifier
    trigger: Trigger
    budget: Budget | None = None
    execution: str | None = Field(default=None, max_length=200, description="the parent execution's name")


def sweep_kind(event: dict[str, Any]) -> SweepKind | None:
    """What an EventBridge event asks the sweep for: a scheduled event's `detail.sweep` ("idle" when
    absent; the daily rule sends "schedule"), or "volume" when the unconsolidated-volume alarm goes into
    ALARM. Other alarm states ask for nothing (None)."""
    detail = event.get("detail") or {}
    kind = event.get("detail-type")
    if kind == "Scheduled Event":
        sweep = detail.get("sweep", "idle")
        if sweep not in ("idle", "schedule"):
            raise ValueError(f"unknown sweep {sweep!r}: use 'idle' or 'schedule'")
        return "schedule" if sweep == "schedule" else "idle"
    if kind == "CloudWatch Alarm State Change":
        return "volume" if (detail.get("state") or {}).get("value") == "ALARM" else None
    raise ValueError(f"the trigger sweep does not handle {kind!r} events")


def event_time(event: dict[str, Any]) -> datetime:
    raw = event.get("time")
    return datetime.fromisoformat(raw.replace("Z", "+00:00")) if raw else datetime.now(UTC)


class IndexSyncRequest(BaseModel):
    """What the index sync does: `repair` re-syncs cards changed in the last `since_minutes`; `rebuild`
    re-embeds every card into the configured model's index; `rebuild_if_needed` rebuilds only when the
    index's recorded model is not the configured one (run on every deploy)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: Literal["repair", "rebuild", "rebuild_if_needed"] = "repair"
    since_minutes: int = Field(default=90, ge=1, le=60 * 24 * 30)

    @classmethod
    def from_event(cls, event: dict[str, Any]) -> IndexSyncRequest:
        """From an EventBridge event (its `detail`) or a direct invocation (the document itself)."""
        return cls.model_validate(event.get("detail", event) if "detail-type" in event else event)

    def since(self, now: datetime) -> datetime:
        return now - timedelta(minutes=self.since_minutes)
