"""The trigger sweep: on a schedule (idle users; daily, everyone pending) and when the unconsolidated-volume
alarm fires (through EventBridge), start dream executions for the users that are due."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from reverie.bootstrap.aws_settings import SweepSettings
from reverie.handlers.inputs import event_time, sweep_kind
from reverie.handlers.jobs import sweep
from reverie.handlers.runtime import Runtime, entry, observability

logger, tracer, metrics = observability("trigger-sweep")
runtime = Runtime(SweepSettings, metrics)


@entry(logger, tracer, metrics)
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    settings, kind = runtime.settings(), sweep_kind(event)
    if kind is None or not settings.dream_enabled:
        return {"kind": kind, "executions": 0}
    done = sweep(runtime.backends(), runtime.starter(), settings, kind, event_time(event))
    metrics.add_metric(name="UnconsolidatedTokens", unit=MetricUnit.Count, value=done.unconsolidated_tokens)
    metrics.add_metric(name="UsersDue", unit=MetricUnit.Count, value=len(done.due))
    metrics.add_metric(name="SweepExecutions", unit=MetricUnit.Count, value=len(done.started))
    return {"kind": kind, "users": [d.user_id for d in done.due], "executions": len(done.started)}
