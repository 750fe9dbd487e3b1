"""The work behind the scheduled functions: which users a sweep starts dreams for, what an index sync does."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from reverie.adapters.aws.stepfunctions import StepFunctionsStarter, window_of
from reverie.bootstrap.aws_settings import DreamSettings
from reverie.domain.dream import Trigger
from reverie.handlers.inputs import IndexSyncRequest, SweepKind
from reverie.services.backends import Backends
from reverie.services.dream.triggers import Due, due_users
from reverie.services.index_model import IndexModel, IndexStamp, rebuild_index, reindex

USERS_PER_EXECUTION = 500  # keeps the execution input far below Step Functions' 256 KB


@dataclass(frozen=True)
class Sweep:
    due: list[Due]
    unconsolidated_tokens: int
    started: list[str]


def plan(b: Backends, settings: DreamSettings, kind: SweepKind) -> tuple[list[Due], int]:
    """The users to dream now, and the unconsolidated tokens of every user (what the volume alarm watches).

    One pass over the users: with the schedule forced on, every user with pending material comes back,
    labelled volume or idle when over those thresholds and schedule otherwise. An idle sweep starts only
    the first two; the daily schedule and the volume alarm start everyone pending.
    """
    pending = due_users(b, settings.tenant_id, settings.triggers(schedule=True), last_schedule=None)
    total = sum(item.pending_tokens for item in pending)
    if kind == "idle":
        return [item for item in pending if item.trigger is not Trigger.SCHEDULE], total
    if kind == "volume":  # the alarm is the reason for every run it starts
        return [Due(i.user_id, Trigger.VOLUME, i.pending_tokens) for i in pending], total
    return pending, total


def sweep(
    b: Backends, starter: StepFunctionsStarter, settings: DreamSettings, kind: SweepKind, at: datetime
) -> Sweep:
    """Start the due users' dreams, `USERS_PER_EXECUTION` per execution, named by kind, window and part."""
    due, total = plan(b, settings, kind)
    window = window_of(at, settings.dream_window_minutes)
    started = []
    for part, first in enumerate(range(0, len(due), USERS_PER_EXECUTION)):
        users = [(i.user_id, i.trigger.value) for i in due[first : first + USERS_PER_EXECUTION]]
        arn = starter.start_many(
            settings.tenant_id, users, window, f"{kind}-{part}", settings.budget.model_dump()
        )
        if arn:
            started.append(arn)
    return Sweep(due=due, unconsolidated_tokens=total, started=started)


def run_index_sync(
    b: Backends,
    stamp: IndexStamp,
    model: IndexModel,
    request: IndexSyncRequest,
    now: datetime,
    tenant_id: str,
) -> dict[str, object]:
    """Run one index sync request; returns what it did."""
    if request.action == "repair":
        return {"action": "repair", "cards": reindex(b, tenant_id, since=request.since(now))}
    if request.action == "rebuild_if_needed" and stamp.read() == model:
        return {"action": "none", "model": str(model)}
    index = getattr(b.index, "inner", b.index)
    ensure = getattr(index, "ensure_index", None)  # OpenSearch: install the model's template and alias first
    if callable(ensure):
        ensure()
    return {"action": "rebuild", "cards": rebuild_index(b, tenant_id, stamp, model), "model": str(model)}
