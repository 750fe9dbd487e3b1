"""When to dream: session end (the queue), idle users, a schedule, and volume of pending material."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Budget, DreamRun, Trigger
from reverie.domain.errors import InvalidRequest
from reverie.domain.events import event_text
from reverie.services.backends import Backends
from reverie.services.dream.runner import DreamBusy, NothingToDream, dream
from reverie.services.dream.select import pending_sessions

log = logging.getLogger(__name__)


class TriggerSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    on_session_end: bool = True
    idle_minutes: float | None = Field(default=30, gt=0, description="dream a user idle this long; None: off")
    schedule_minutes: float | None = Field(
        default=24 * 60, gt=0, description="dream everyone pending; None: off"
    )
    volume_tokens: int | None = Field(
        default=20_000, ge=1, description="dream when pending material passes this"
    )
    budget: Budget = Field(default_factory=Budget)


@dataclass(frozen=True)
class Due:
    user_id: str
    trigger: Trigger
    pending_tokens: int


def pending_tokens(b: Backends, tenant_id: str, user_id: str) -> tuple[int, datetime | None]:
    """Tokens of material not yet consolidated, and the time of its last event."""
    runs = b.runs
    if runs is None:
        raise InvalidRequest("dream triggers need a run store")
    total, last = 0, None
    for info in pending_sessions(b, runs, tenant_id, user_id):
        total += sum(
            b.tokens.count(event_text(e)) for e in b.log.read_session(tenant_id, user_id, info.session_id)
        )
        last = info.last_ts if last is None else max(last, info.last_ts)
    return total, last


def due_users(
    b: Backends, tenant_id: str, settings: TriggerSettings, last_schedule: datetime | None
) -> list[Due]:
    """Users whose pending material calls for a dream now, with the trigger that calls for it."""
    now = b.clock()
    scheduled = settings.schedule_minutes is not None and (
        last_schedule is None or now - last_schedule >= timedelta(minutes=settings.schedule_minutes)
    )
    found: list[Due] = []
    for user_id in b.log.users(tenant_id):
        tokens, last = pending_tokens(b, tenant_id, user_id)
        if last is None:
            continue
        if settings.volume_tokens is not None and tokens >= settings.volume_tokens:
            found.append(Due(user_id, Trigger.VOLUME, tokens))
        elif settings.idle_minutes is not None and now - last >= timedelta(minutes=settings.idle_minutes):
            found.append(Due(user_id, Trigger.IDLE, tokens))
        elif scheduled:
            found.append(Due(user_id, Trigger.SCHEDULE, tokens))
    return found


def run_due(
    b: Backends,
    tenant_id: str,
    settings: TriggerSettings,
    last_schedule: datetime | None,
    on_run: Callable[[DreamRun], None] = lambda _: None,
) -> list[DreamRun]:
    """One pass of the local trigger loop: session-end messages first, then idle, volume and schedule."""
    runs: list[DreamRun] = []
    done: set[str] = set()
    if settings.on_session_end:
        for message in b.queue.receive(10):
            user_id = str(message.body.get("user_id"))
            if message.body.get("tenant_id") != tenant_id:
                b.queue.ack(message.message_id)  # not this deployment's: nothing to do
                continue
            try:
                if user_id not in done:
                    runs.append(dream(b, tenant_id, user_id, Trigger.SESSION_END, settings.budget))
                    done.add(user_id)
                b.queue.ack(message.message_id)
            except NothingToDream:  # a forgotten user's session end: dropped, no run brings them back
                b.queue.ack(message.message_id)
            except DreamBusy:
                log.info("a dream for this user is busy; the message comes back later")
    for item in due_users(b, tenant_id, settings, last_schedule):
        if item.user_id in done:
            continue
        try:
            runs.append(dream(b, tenant_id, item.user_id, item.trigger, settings.budget))
            done.add(item.user_id)
        except DreamBusy:
            continue
    for run in runs:
        on_run(run)
    return runs
