"""The backends one dream run works through: every write it makes carries its lease's fencing token.

A run holds the user's lease with a token (`RunStore.acquire_lease`). The stages reach the stores only
through `run_backends`: card writes go to the run's journal (`staging.RunNotes`), and the run's own
records (the run, its changes, stage outputs, journal entries, the commit) are written with its `Fence`,
so once another run took the lease over, the stale run's next write raises `LeaseLost` and it stops.
Review items the run raises wait in its journal too: a human sees them only once the run committed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.ports import Fence, Lease, RunStore
from reverie.services.backends import Backends
from reverie.services.dream.staging import Journal, RunNotes


def fence_of(run: DreamRun) -> Fence:
    """The fence of a run's writes (a run recorded before fencing existed has token 0: never held)."""
    return Fence(user_id=run.user_id, holder=run.run_id, token=run.fence or 0)


def run_backends(b: Backends, run: DreamRun) -> Backends:
    """`b` as the run must see it: its journal over the note store, its fence on every write."""
    runs, _ = b.dream_ports()
    journal = Journal(runs, run.tenant_id, run.run_id, fence_of(run))
    return replace(b, notes=RunNotes(b.notes, journal, b.clock), runs=FencedRuns(runs, journal))


class FencedRuns(RunStore):
    """The run store with one run's fence on that run's writes; every other call passes through."""

    def __init__(self, runs: RunStore, journal: Journal) -> None:
        self._runs, self._journal = runs, journal
        self._fence = journal.fence

    def _mine(self, run_id: str) -> Fence | None:
        return self._fence if run_id == self._fence.holder else None

    def save_run(self, run: DreamRun, fence: Fence | None = None) -> None:
        self._runs.save_run(run, fence or self._mine(run.run_id))

    def record_change(self, tenant_id: str, change: Change, fence: Fence | None = None) -> None:
        self._runs.record_change(tenant_id, change, fence or self._mine(change.run_id))

    def save_stage_output(
        self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any], fence: Fence | None = None
    ) -> None:
        self._runs.save_stage_output(tenant_id, run_id, stage, output, fence or self._mine(run_id))

    def add_review(self, item: ReviewItem) -> None:
        if item.run_id == self._fence.holder:
            self._journal.review(item)  # queued for humans when the run commits
        else:
            self._runs.add_review(item)

    # --- passed through -----------------------------------------------------------------------------

    def get_run(self, tenant_id: str, run_id: str) -> DreamRun:
        return self._runs.get_run(tenant_id, run_id)

    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        return self._runs.list_runs(tenant_id, user_id, limit)

    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        return self._runs.changes(tenant_id, run_id)

    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None:
        return self._runs.stage_output(tenant_id, run_id, stage)

    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> Lease | None:
        return self._runs.acquire_lease(tenant_id, user_id, holder, ttl_s, now)

    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None:
        self._runs.release_lease(tenant_id, user_id, holder)

    def append_journal(
        self, tenant_id: str, run_id: str, seq: int, entry: dict[str, Any], fence: Fence
    ) -> None:
        self._runs.append_journal(tenant_id, run_id, seq, entry, fence)

    def journal(self, tenant_id: str, run_id: str) -> list[dict[str, Any]]:
        return self._runs.journal(tenant_id, run_id)

    def commit_run(self, tenant_id: str, run_id: str, fence: Fence, at: datetime) -> datetime:
        return self._runs.commit_run(tenant_id, run_id, fence, at)

    def committed_at(self, tenant_id: str, run_id: str) -> datetime | None:
        return self._runs.committed_at(tenant_id, run_id)

    def mark_rolled_back(self, tenant_id: str, user_id: str, fingerprints: Sequence[str]) -> None:
        self._runs.mark_rolled_back(tenant_id, user_id, fingerprints)

    def rolled_back_fingerprints(self, tenant_id: str, user_id: str) -> set[str]:
        return self._runs.rolled_back_fingerprints(tenant_id, user_id)

    def get_review(self, tenant_id: str, item_id: str) -> ReviewItem:
        return self._runs.get_review(tenant_id, item_id)

    def list_reviews(
        self, tenant_id: str, user_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewItem]:
        return self._runs.list_reviews(tenant_id, user_id, status)

    def resolve_review(self, tenant_id: str, item_id: str, status: str, at: datetime) -> ReviewItem:
        return self._runs.resolve_review(tenant_id, item_id, status, at)

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        return self._runs.delete_user(tenant_id, user_id)
