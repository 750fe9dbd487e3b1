"""Running the dream: the per-user lease, the stages in order, the run record, failure and resume.

Locally `dream()` runs the four stages in one process; on AWS each stage is its own Lambda function
driven by Step Functions through `start_run`, `run_stage` and `finish_run` with the same small JSON.

A run is applied whole or not at all: its stages write cards to its journal (`staging`), and
`finish_run` commits it with one fenced marker, then applies it (`commit`). The lease carries a fencing
token that every write of the run checks (`fencing`): a run that lost its lease raises `LeaseLost` at
its next write and stops, leaving its record to the run that took over. That run, before it starts,
settles the user's dead runs (`rollback.settle_dead_runs`): failed with "lease expired: rolled back",
or applied if they had committed, with the index repaired in the same step.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

from reverie.domain.dream import STAGES, Budget, DreamRun, RunStatus, Trigger
from reverie.domain.errors import LeaseLost, ReverieError
from reverie.domain.guards import mask_secrets
from reverie.domain.models import Scope
from reverie.ports import CardQuery, Fence
from reverie.services.backends import Backends
from reverie.services.dream.commit import apply_committed, stale_bases
from reverie.services.dream.common import StageInput, StageOutput, load_run
from reverie.services.dream.decay import decay
from reverie.services.dream.fencing import fence_of, run_backends
from reverie.services.dream.restructure import restructure
from reverie.services.dream.rollback import LEASE_EXPIRED, discard_run, settle_dead_runs
from reverie.services.dream.select import select
from reverie.services.dream.verify import verify
from reverie.services.spans import span

STAGE_FUNCTIONS: dict[str, Callable[[Backends, StageInput], StageOutput]] = {
    "select": select,
    "verify": verify,
    "restructure": restructure,
    "decay": decay,
}
log = logging.getLogger(__name__)


class DreamBusy(ReverieError):
    """Another run holds this user's lease: one run per (tenant, user) at a time."""


class NothingToDream(ReverieError):
    """The user has no raw events: nothing to consolidate. A forgotten user's session end still queued
    (an SQS message cannot be picked out and deleted) ends here, without a run record that would bring
    the user back."""


def lease_seconds(budget: Budget) -> float:
    """Long enough for a healthy run; short enough that a dead holder does not block the user for long."""
    return budget.max_seconds * 2 + 60


def has_material(b: Backends, tenant_id: str, user_id: str) -> bool:
    """Whether a dream of the user has anything to work on: raw events, or cards of their own."""
    return b.log.has_events(tenant_id, user_id) or _holds_cards(b, tenant_id, user_id)


def _holds_cards(b: Backends, tenant_id: str, user_id: str) -> bool:
    """Whether any card of the user's own is stored (shared org or global cards are not theirs)."""
    seen, offset = Scope(tenant_id=tenant_id, user_id=user_id), 0
    while True:  # page by page: shared cards the user sees may come first, newest first
        found = b.notes.query(CardQuery(scope=seen, limit=_PAGE, offset=offset))
        if any(card.user_id == user_id for card in found):
            return True
        if len(found) < _PAGE:
            return False
        offset += _PAGE


_PAGE = 100


def start_run(
    b: Backends,
    tenant_id: str,
    user_id: str,
    trigger: Trigger,
    budget: Budget | None = None,
    inputs: dict[str, object] | None = None,
) -> StageInput:
    """Take the user's lease, settle their dead runs and record a new run. Raises `NothingToDream` for a
    user with neither raw events nor memories (a forgotten one: nothing is written) and `DreamBusy` when
    another run holds the lease. A user whose memories were all written directly has no events, and their
    cards are still audited and decayed."""
    if not has_material(b, tenant_id, user_id):
        raise NothingToDream(
            f"nothing to dream for {tenant_id}/{user_id}: no events or memories are recorded"
        )
    runs, _ = b.dream_ports()
    now = b.clock()
    budget = budget or Budget()
    run_id = f"run-{now:%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"
    lease = runs.acquire_lease(tenant_id, user_id, run_id, lease_seconds(budget), now)
    if lease is None:
        raise DreamBusy(f"a dream is already running for {tenant_id}/{user_id}")
    fence = Fence(user_id=user_id, holder=run_id, token=lease.token)
    settle_dead_runs(b, tenant_id, user_id, fence)  # runs whose lease expired: before this one starts
    run = DreamRun(
        run_id=run_id,
        tenant_id=tenant_id,
        user_id=user_id,
        trigger=trigger,
        budget=budget,
        inputs=dict(inputs or {}),
        fence=lease.token,
        started_at=now,
    )
    runs.save_run(run, fence)
    return StageInput(tenant_id=tenant_id, user_id=user_id, run_id=run_id)


def run_stage(b: Backends, stage: str, stage_input: StageInput) -> StageOutput:
    """Run one stage (a no-op returning the saved result if it already ran) and note it on the run."""
    runs, run = load_run(b, stage_input)
    renewed = runs.acquire_lease(run.tenant_id, run.user_id, run.run_id, lease_seconds(run.budget), b.clock())
    if renewed is None or renewed.token != run.fence:
        if renewed is not None:  # the lease was free again: this stale run must not keep it
            runs.release_lease(run.tenant_id, run.user_id, run.run_id)
        raise LeaseLost(f"dream run {run.run_id} lost the lease of {run.user_id} to another run; it stops")
    started = time.perf_counter()
    with span(stage):
        output = STAGE_FUNCTIONS[stage](run_backends(b, run), stage_input)
    run = runs.get_run(run.tenant_id, run.run_id)  # the stage may have saved usage and inputs
    if stage not in run.stages_done:
        run.stages_done.append(stage)
        run.durations_ms[stage] = round((time.perf_counter() - started) * 1000, 1)
        for name, value in output.counts.items():
            run.counts[f"{stage}.{name}"] = value
        runs.save_run(run, fence_of(run))
    return output


def finish_run(b: Backends, stage_input: StageInput, error: str | None = None) -> DreamRun:
    """Commit the run (or record it failed), then release the lease. A failed run never committed, so
    nothing of it reached the note store: the online path keeps serving the last stable state. Raises
    `LeaseLost` (and leaves the run to whoever holds the lease now) if the run lost its lease."""
    runs, run = load_run(b, stage_input)
    fence = fence_of(run)
    if run.status is not RunStatus.RUNNING:
        if run.error == LEASE_EXPIRED:
            raise LeaseLost(f"dream run {run.run_id} lost its lease and was settled by the run after it")
        return run  # finished before: a retried finish
    if error is None and (stale := stale_bases(b, run)):
        error = f"cards changed while the run worked ({', '.join(stale[:10])}); nothing applied, dream again"
    if error is not None:
        # An error can quote the material (a tool's output, a model's answer): it is stored and logged masked.
        error = mask_secrets(error).text
        run = discard_run(b, run, f"run failed: {error}", fence)
        run.error = error[:2_000]
        runs.save_run(run, fence)
        log.warning("dream run %s of %s/%s failed: %s", run.run_id, run.tenant_id, run.user_id, run.error)
    else:
        runs.commit_run(run.tenant_id, run.run_id, fence, b.clock())  # the point of no return
        run = apply_committed(b, run, fence)
    runs.release_lease(run.tenant_id, run.user_id, run.run_id)
    return runs.get_run(run.tenant_id, run.run_id)


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
    except LeaseLost:
        raise  # another run holds the lease now and settles this one: write nothing more
    except (
        Exception
    ) as exc:  # any failure: record, release; nothing was applied, the online path is untouched
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
