"""Rolling a dream run back as a unit: every card it touched returns to its state before the run.

Nothing is deleted or overwritten: a restored card gets a new version with its old content; a card the
run created gets a new version marked `rejected`. A card changed since by someone else (a human edit, a
later run) is left alone and reported. Rolled-back claims are remembered so that later runs do not
promote them again without new evidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reverie.domain.dream import RunStatus
from reverie.domain.errors import NotFound
from reverie.domain.models import MemoryCard, Status
from reverie.services.backends import Backends
from reverie.services.dream.restructure import rollback_keys
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
