"""The product's metrics, published as CloudWatch EMF where they happen (namespace "Reverie").

- API (context requests): ContextHit (1 if any memory was injected, else 0: its average is the memory hit
  rate), InjectedTokens, InjectedMemories, ConflictsInjected.
- Finish / Fail: DreamSucceeded (1 or 0: its average is the success rate), DreamDuration,
  ReasonerTokens, ReasonerTokensPerSession, ConsolidationLatency (session end → searchable, one value per
  consolidated session), and DreamChanges per change kind (dimension `kind`) from the run's change
  records. Changes are counted when the run closes, not per stage: a stage's counts are not a change log
  (a supersede also adds a card), and a failed run's changes are rolled back, so they are not published.
- Stages: their counts go to the structured log, with the run id.
- Session end: DreamTriggers (a run was asked for), DreamTriggersDropped (its window's run had closed).
- Sweep: UnconsolidatedTokens (what the volume alarm watches), UsersDue, SweepExecutions (executions
  asked for; a repeat of a running one is the same execution).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

if TYPE_CHECKING:
    from reverie.domain.dream import Change, DreamRun


def record_context(metrics: Metrics, event: Mapping[str, Any], response: Mapping[str, Any]) -> None:
    """Metrics of a successful `POST /users/{user_id}/context`; other requests add none."""
    if event.get("httpMethod") != "POST" or not str(event.get("path", "")).endswith("/context"):
        return
    if response.get("statusCode") != 200 or not response.get("body"):
        return
    body = json.loads(response["body"])
    injected = len(body.get("memory_ids", []))
    metrics.add_metric(name="ContextHit", unit=MetricUnit.Count, value=1 if injected else 0)
    metrics.add_metric(name="InjectedTokens", unit=MetricUnit.Count, value=body.get("tokens", 0))
    metrics.add_metric(name="InjectedMemories", unit=MetricUnit.Count, value=injected)
    conflicts = len(body.get("sections", {}).get("conflicts", []))
    metrics.add_metric(name="ConflictsInjected", unit=MetricUnit.Count, value=conflicts)


def record_changes(metrics: Metrics, changes: Iterable[Change]) -> dict[str, int]:
    """One DreamChanges metric per change kind (each its own EMF document: its own `kind` dimension)."""
    by_kind = dict(sorted(Counter(change.kind.value for change in changes).items()))
    for kind, value in by_kind.items():
        with single_metric(
            name="DreamChanges",
            unit=MetricUnit.Count,
            value=value,
            namespace=metrics.namespace,
            default_dimensions={**_service(metrics), "kind": kind},
        ):
            pass
    return by_kind


def _service(metrics: Metrics) -> dict[str, str]:
    """The dimensions `metrics` puts on everything it flushes: its service and the default ones."""
    service = {"service": str(metrics.service)} if metrics.service else {}
    return {**service, **metrics.default_dimensions}


def record_run(metrics: Metrics, run: DreamRun, changes: Iterable[Change] = ()) -> dict[str, Any]:
    """Metrics of a closed run; returns the small summary the state machine keeps."""
    from reverie.domain.dream import RunStatus

    ok = run.status is RunStatus.SUCCEEDED
    metrics.add_metric(name="DreamSucceeded", unit=MetricUnit.Count, value=1 if ok else 0)
    if run.finished_at is not None:
        seconds = (run.finished_at - run.started_at).total_seconds()
        metrics.add_metric(name="DreamDuration", unit=MetricUnit.Seconds, value=seconds)
    tokens = run.reasoner_tokens.get("input", 0) + run.reasoner_tokens.get("output", 0)
    sessions: dict[str, str] = run.inputs.get("sessions", {}) if ok else {}
    metrics.add_metric(name="ReasonerTokens", unit=MetricUnit.Count, value=tokens)
    if sessions:
        metrics.add_metric(
            name="ReasonerTokensPerSession", unit=MetricUnit.Count, value=tokens / len(sessions)
        )
    if ok and run.finished_at is not None:
        for last_event in sessions.values():
            latency = (run.finished_at - datetime.fromisoformat(last_event)).total_seconds()
            metrics.add_metric(name="ConsolidationLatency", unit=MetricUnit.Seconds, value=max(0.0, latency))
    by_kind = record_changes(metrics, changes) if ok else {}
    return {
        "run_id": run.run_id,
        "user_id": run.user_id,
        "status": run.status.value,
        "sessions": len(sessions),
        "changes": by_kind,
    }
