"""Running the dream: the per-user lease, the stages in order, the run record, failure and resume.

Locally `dream()` runs the four stages in one process; on AWS each stage is its own Lambda function
driven by Step Functions through `start_run`, `run_stage` and `finish_run` with the same small JSON.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

from reverie.domain.dream import STAGES, Budget, DreamRun, RunStatus, Trigger
from reverie.domain.errors import ReverieError
from reverie.domain.guards import mask_secrets
from reverie.services.backends import Backends
from reverie.services.dream.common import StageInput, StageOutput, load_run
from reverie.services.dream.decay import decay
from reverie.services.dream.restructure import restructure
from reverie.services.dream.rollback import rollback_run
from reverie.services.dream.select import select
from reverie.services.dream.verify import verify

STAGE_FUNCTIONS: dict[str, Callable[[Backends, StageInput], StageOutput]] = {
    "select": select,
    "verify": verify,
    "restructure": restructure,
    "decay": decay,
}
log = logging.getLogger(__name__)


class DreamBusy(ReverieError):
    """Another run holds this user's lease: one run per (tenant, user) at a time."""


def lease_seconds(budget: Budget) -> float:
    """Long enough for a healthy run; short enough that a dead holder does not block the user for long."""
    return budget.max_seconds * 2 + 60


def start_run(
    b: Backends,
    tenant_id: str,
    user_id: str,
    trigger: Trigger,
    budget: Budget | None = None,
    inputs: dict[str, object] | None = None,
) -> StageInput:
    runs, _ = b.dream_ports()
    now = b.clock()
    budget = budget or Budget()
    run_id = f"run-{now:%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"
    if not runs.acquire_lease(tenant_id, user_id, run_id, lease_seconds(budget), now):
        raise DreamBusy(f"a dream is already running for {tenant_id}/{user_id}")
    run = DreamRun(
        run_id=run_id,
        tenant_id=tenant_id,
        user_id=user_id,
        trigger=trigger,
        budget=budget,
        inputs=dict(inputs or {}),
        started_at=now,
    )
    runs.save_run(run)
    return StageInput(tenant_id=tenant_id, user_id=user_id, run_id=run_id)


def run_stage(b: Backends, stage: str, stage_input: StageInput) -> StageOutput:
    """Run one stage (a no-op returning the saved result if it already ran) and note it on the run."""
    runs, run = load_run(b, stage_input)
    runs.acquire_lease(run.tenant_id, run.user_id, run.run_id, lease_seconds(run.budget), b.clock())  # renew
    started = time.perf_counter()
    output = STAGE_FUNCTIONS[stage](b, stage_input)
    run = runs.get_run(run.tenant_id, run.run_id)  # the stage may have saved usage and inputs
    if stage not in run.stages_done:
        run.stages_done.append(stage)
        run.durations_ms[stage] = round((time.perf_counter() - started) * 1000, 1)
        for name, value in output.counts.items():
            run.counts[f"{stage}.{name}"] = value
        runs.save_run(run)
    return output


def finish_run(b: Backends, stage_input: StageInput, error: str | None = None) -> DreamRun:
    """Close the run and release the lease. A failed run is rolled back whole, so the online path keeps
    serving the last stable state."""
    runs, run = load_run(b, stage_input)
    if error is not None:
        # An error can quote the material (a tool's output, a model's answer): it is stored and logged masked.
        error = mask_secrets(error).text
        rollback_run(b, run.tenant_id, run.run_id, reason=f"run failed: {error}", block=False)
        run = runs.get_run(run.tenant_id, run.run_id)
        run.status, run.error = RunStatus.FAILED, error[:2_000]
        log.warning("dream run %s of %s/%s failed: %s", run.run_id, run.tenant_id, run.user_id, run.error)
    elif run.status is RunStatus.RUNNING:
        run.status = RunStatus.SUCCEEDED
    run.finished_at = b.clock()
    runs.save_run(run)
    runs.release_lease(run.tenant_id, run.user_id, run.run_id)
    return run


def resume(
    b: Backends, stage_input: StageInput, progress: Callable[[str], None] = lambda _: None
) -> DreamRun:
    """Run whatever stages have not completed yet (after a crash), then finish."""
    _, run = load_run(b, stage_input)
    try:
        for stage in STAGES:
            if stage not in run.stages_done:
                progress(stage)
                run_stage(b, stage, stage_input)
    except Exception as exc:  # any failure: roll back, record, release; the online path is untouched
        return finish_run(b, stage_input, error=f"{type(exc).__name__}: {exc}")
    return finish_run(b, stage_input)


def dream(
    b: Backends,
    tenant_id: str,
    user_id: str,
    trigger: Trigger = Trigger.MANUAL,
    budget: Budget | None = None,
    progress: Callable[[str], None] = lambda _: None,
) -> DreamRun:
    """One whole run for one user, now. Raises `DreamBusy` if another run holds the user's lease."""
    return resume(b, start_run(b, tenant_id, user_id, trigger, budget), progress)
