"""The trigger sweep: EventBridge schedules and the volume alarm in, dream executions for the due users out.

Emulated: executions are started on moto's Step Functions and only recorded there."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.events import MessageEvent
from reverie.domain.models import Scope
from reverie.handlers import trigger_sweep
from reverie.services import capture
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.fakes.backends import fake_backends
from tests.handlers.conftest import (
    TENANT,
    LambdaContext,
    capture_session,
    load_event,
    metric_values,
    started_inputs,
)

pytestmark = pytest.mark.emulated
NOW = datetime(2026, 11, 30, 10, 15, tzinfo=UTC)  # the time of the sample sweep events


@pytest.fixture
def backends() -> Backends:
    """alice: a session from 12 November (idle for long); dave: a message five minutes ago (active)."""
    clock = Clock()
    clock.now = datetime(2026, 11, 12, 14, 7, tzinfo=UTC)
    b = fake_backends(clock=clock, reasoner=RuleReasoner())
    capture_session(b, "alice", "notify-1112")  # ended on 12 November
    clock.now = NOW
    dave = Scope(tenant_id=TENANT, user_id="dave")
    message = MessageEvent(
        event_id="m1",
        tenant_id=TENANT,
        user_id="dave",
        session_id="s1",
        ts=NOW - timedelta(minutes=5),
        role="user",
        text="Let's plan the quarterly review for the analytics team next week.",
    )
    capture.append_events(b, dave, [message])
    trigger_sweep.runtime.configure(backends=lambda settings: b)
    return b


def sweep(name: str, context: LambdaContext) -> dict[str, Any]:
    return trigger_sweep.handler(load_event(f"eventbridge/{name}"), context)


def test_the_idle_sweep_starts_only_idle_users(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    assert sweep("idle_sweep", lambda_context) == {"kind": "idle", "users": ["alice"], "executions": 1}
    [started] = started_inputs(state_machine)
    assert started["users"] == [{"user_id": "alice", "trigger": "idle"}]
    assert started["window"] == "20261130T1015"
    out = capsys.readouterr().out
    [pending] = metric_values(out, "UnconsolidatedTokens")
    assert pending > 0  # alice's and dave's material, though only alice was due
    assert metric_values(out, "UsersDue") == [1]


def test_a_repeated_sweep_event_starts_nothing_more(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext
) -> None:
    first = sweep("idle_sweep", lambda_context)
    assert sweep("idle_sweep", lambda_context) == first
    assert len(started_inputs(state_machine)) == 1  # the same execution, asked for twice


def test_the_daily_schedule_starts_everyone_pending(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext
) -> None:
    assert sweep("schedule", lambda_context)["users"] == ["alice", "dave"]
    [started] = started_inputs(state_machine)
    assert started["users"] == [
        {"user_id": "alice", "trigger": "idle"},
        {"user_id": "dave", "trigger": "schedule"},
    ]


def test_the_volume_alarm_starts_everyone_pending(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext
) -> None:
    assert sweep("volume_alarm", lambda_context)["executions"] == 1
    [started] = started_inputs(state_machine)
    assert {u["trigger"] for u in started["users"]} == {"volume"}
    assert sweep("volume_alarm_ok", lambda_context) == {"kind": None, "executions": 0}


def test_a_user_over_the_volume_threshold_is_due_at_once(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVERIE_DREAM_VOLUME_TOKENS", "5")
    trigger_sweep.runtime.configure(backends=lambda settings: backends)
    sweep("idle_sweep", lambda_context)
    [started] = started_inputs(state_machine)
    assert {u["user_id"]: u["trigger"] for u in started["users"]} == {"alice": "volume", "dave": "volume"}


def test_nothing_starts_while_dreaming_is_off(
    backends: Backends, state_machine: Any, lambda_context: LambdaContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVERIE_DREAM_ENABLED", "false")
    trigger_sweep.runtime.configure(backends=lambda settings: backends)
    assert sweep("schedule", lambda_context) == {"kind": "schedule", "executions": 0}
    assert started_inputs(state_machine) == []


def test_an_unknown_event_is_an_error(lambda_context: LambdaContext) -> None:
    event = {**load_event("eventbridge/idle_sweep"), "detail-type": "Object Created"}
    with pytest.raises(ValueError, match="does not handle 'Object Created'"):
        trigger_sweep.handler(event, lambda_context)
