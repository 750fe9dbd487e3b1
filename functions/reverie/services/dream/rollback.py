"""Rolling a dream run back as a unit: every card it touched returns to its state before the run.

Nothing is deleted or overwritten: a restored card gets a new version with its old content; a card the
run created gets a new version marked `rejected`. A card changed since by someone else (a human edit, a
later run) is left alone and reported. Rolled-back claims are remembered so that later runs do not
promote them again without new evidence.

A run that never committed wrote nothing to the note store (its writes wait in its journal, see
`staging`): undoing it is `discard_run`, which records it failed and repairs the index it touched. A
run whose lease expired while it was `running` is dead (its process gone, or cut off by the fence):
`settle_dead_runs`, called by the next run for the user once it holds the lease, discards it, or applies
it if it had committed before it died.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reverie.domain.dream import DreamRun, RunStatus
from reverie.domain.errors import NotFound
from reverie.domain.models import MemoryCard, Status
from reverie.ports import Fence
from reverie.services.backends import Backends
from reverie.services.dream.commit import apply_committed, repair_index
from reverie.services.dream.restructure import rollback_keys
from reverie.services.dream.staging import journal_ids
from reverie.services.dream.verify import Assessment
from reverie.services.indexing import sync_index


@dataclass
class RollbackReport:
    run_id: str
    restored: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def rollback_run(
    b: Backends, tenant_id: str, run_id: str, reason: str = "rolled back on request", block: bool = True
) -> RollbackReport:
    """Undo a run. `block` remembers its claims so they are not promoted again without new evidence
    (a run rolled back because it failed is not blocked: its claims may simply be retried)."""
    runs, _ = b.dream_ports()
    run = runs.get_run(tenant_id, run_id)
    report = RollbackReport(run_id=run_id)
    if run.status is RunStatus.ROLLED_BACK:
        return report
    if run.fence is not None and runs.committed_at(tenant_id, run_id) is None:
        return report  # it never committed: nothing of it reached the note store
    first: dict[str, int | None] = {}
    last: dict[str, int] = {}
    for change in runs.changes(tenant_id, run_id):
        first.setdefault(change.memory_id, change.before_version)
        last[change.memory_id] = max(last.get(change.memory_id, 0), change.after_version)
    now = b.clock()
    touched: list[MemoryCard] = []
    for memory_id in reversed(list(first)):
        try:
            current = b.notes.get(tenant_id, memory_id)
        except NotFound:
            report.skipped[memory_id] = "deleted since"
            continue
        if current.version != last[memory_id]:
            report.skipped[memory_id] = f"changed since (now version {current.version}); left as it is"
            continue
        before = first[memory_id]
        if before is None:
            data = current.model_dump()
            data.update(status=Status.REJECTED, updated_at=now, superseded_by=None)
            report.rejected.append(memory_id)
        else:
            data = b.notes.history(tenant_id, memory_id)[before - 1].model_dump()
            data.update(updated_at=now)
            report.restored.append(memory_id)
        data.pop("version")
        touched.append(b.notes.update(MemoryCard.model_validate(data), current.version))
    sync_index(b, touched)
    if block:
        verified = runs.stage_output(tenant_id, run_id, "verify") or {"assessments": []}
        fingerprints = {c.fingerprint for c in runs.changes(tenant_id, run_id) if c.fingerprint}
        keys = [
            key
            for a in verified["assessments"]
            for key in rollback_keys(Assessment.model_validate(a).candidate)
            if key.split("@", 1)[0] in fingerprints
        ]
        # and the sessions it generalised into procedures of repeats (`procedures`)
        keys += (runs.stage_output(tenant_id, run_id, "restructure") or {}).get("generalised", [])
        runs.mark_rolled_back(tenant_id, run.user_id, keys)
    for item in runs.list_reviews(tenant_id, run.user_id, status="open"):
        if item.run_id == run_id:
            runs.resolve_review(tenant_id, item.item_id, "rejected", now)
    run = runs.get_run(tenant_id, run_id)
    run.status, run.rolled_back_at = RunStatus.ROLLED_BACK, now
    run.error = run.error or reason
    runs.save_run(run)
    return report


LEASE_EXPIRED = "lease expired: rolled back"


def discard_run(b: Backends, run: DreamRun, reason: str, fence: Fence | None) -> DreamRun:
    """Record a run that will never commit as failed with `reason`: nothing of it is applied, its open
    review items are closed, and the index forgets whatever the run had indexed while it worked."""
    runs, _ = b.dream_ports()
    if run.fence is None:  # recorded before runs were journaled: it wrote cards directly, undo them
        rollback_run(b, run.tenant_id, run.run_id, reason=reason, block=False)
    repair_index(b, run.tenant_id, journal_ids(runs.journal(run.tenant_id, run.run_id)))
    now = b.clock()
    for item in runs.list_reviews(run.tenant_id, run.user_id, status="open"):
        if item.run_id == run.run_id:
            runs.resolve_review(run.tenant_id, item.item_id, "rejected", now)
    run = runs.get_run(run.tenant_id, run.run_id)
    run.status, run.error = RunStatus.FAILED, reason[:2_000]
    run.finished_at = run.rolled_back_at = now
    runs.save_run(run, fence)
    return run


def settle_dead_runs(b: Backends, tenant_id: str, user_id: str, fence: Fence) -> list[DreamRun]:
    """Settle the user's runs still recorded `running` other than the fence's holder: the caller holds the
    user's lease, so theirs expired. Committed ones are applied (roll forward), the others discarded as
    failed with `LEASE_EXPIRED`; the index is repaired in the same step. Idempotent."""
    runs, _ = b.dream_ports()
    settled: list[DreamRun] = []
    for run in runs.list_runs(tenant_id, user_id, limit=50):
        if run.status is not RunStatus.RUNNING or run.run_id == fence.holder:
            continue
        if run.fence is not None and runs.committed_at(tenant_id, run.run_id) is not None:
            settled.append(apply_committed(b, run, fence, recovered=True))
        else:
            settled.append(discard_run(b, run, LEASE_EXPIRED, fence))
    return settled
