"""The dream's Lambda functions, one per state of the state machine (statemachine/dream.asl.json).

`start` takes a Distributed Map item (tenant, user, trigger, budget) and returns `StageInput` (tenant,
user, run id); `select`, `verify`, `restructure` and `decay` take `StageInput` and return `StageOutput`
(ids and counts); `finish` closes the run; `fail` (the Catch target) rolls it back and records the error.
Every one is idempotent, so the state machine may retry any of them.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import Field

from reverie.bootstrap.aws_settings import StageSettings
from reverie.domain.dream import RunStatus
from reverie.domain.errors import InvalidRequest
from reverie.handlers.emf import record_run
from reverie.handlers.inputs import RunRequest
from reverie.handlers.runtime import Handler, Runtime, entry, observability
from reverie.services.dream.common import StageInput, load_run
from reverie.services.dream.runner import NothingToDream, finish_run, run_stage, start_run


class StageFailure(StageInput):
    """The FailRun task's input: the failed stage's input and the error the Catch recorded."""

    error: dict[str, Any] = Field(default_factory=dict)

    @property
    def message(self) -> str:
        """`Error: message`; a Lambda error's Cause is its JSON report, of which the message is kept."""
        name = str(self.error.get("Error", "Error"))
        cause = str(self.error.get("Cause", ""))
        try:
            report = json.loads(cause)
        except ValueError:
            report = None
        if isinstance(report, dict) and "errorMessage" in report:
            cause = str(report["errorMessage"])
        return f"{name}: {cause}" if cause else name


logger, tracer, metrics = observability("dream", patch=("botocore", "requests"))
runtime = Runtime(StageSettings, metrics)
M = TypeVar("M", RunRequest, StageInput, StageFailure)


def _ours(message: M) -> M:
    if message.tenant_id != runtime.settings().tenant_id:
        raise InvalidRequest(f"tenant {message.tenant_id} is not this stack's tenant")
    return message


@entry(logger, tracer, metrics)
def start(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """The run's ids; `run_id` null when the user has nothing to dream (no raw events: a forgotten user's
    queued session end), which the state machine ends in its NothingToDream state, not as a failure."""
    r = _ours(RunRequest.model_validate(event))
    inputs: dict[str, object] = {"execution": r.execution} if r.execution else {}
    try:
        started = start_run(runtime.backends(), r.tenant_id, r.user_id, r.trigger, r.budget, inputs)
    except NothingToDream:
        logger.info("nothing to dream: the user has no events")  # no user id in logs
        return {"tenant_id": r.tenant_id, "user_id": r.user_id, "run_id": None}
    return started.model_dump()


def _stage(stage: str) -> Handler:
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        output = run_stage(runtime.backends(), stage, _ours(StageInput.model_validate(event)))
        logger.info("stage done", extra={"run_id": output.run_id, "stage": stage, "counts": output.counts})
        return output.model_dump(mode="json")

    handler.__name__ = handler.__qualname__ = stage  # names the X-Ray subsegment and the cold-start metric
    return entry(logger, tracer, metrics)(handler)


select, verify, restructure, decay = (_stage(name) for name in ("select", "verify", "restructure", "decay"))


@entry(logger, tracer, metrics)
def finish(event: dict[str, Any], context: Any) -> dict[str, Any]:
    b = runtime.backends()
    run = finish_run(b, _ours(StageInput.model_validate(event)))
    return record_run(metrics, run, b.dream_ports()[0].changes(run.tenant_id, run.run_id))


@entry(logger, tracer, metrics)
def fail(event: dict[str, Any], context: Any) -> dict[str, Any]:
    b, failure = runtime.backends(), _ours(StageFailure.model_validate(event))
    logger.error("dream run failed", extra={"run_id": failure.run_id, "error": failure.message})
    _, run = load_run(b, failure)
    if run.status is RunStatus.RUNNING:  # a closed run (a retried fail, a lost finish reply) stays as it is
        run = finish_run(b, failure, error=failure.message)
    return record_run(metrics, run)
