"""Committing a dream run: check, one commit marker, then apply the journal and bring the index in step.

`stale_bases` looks before the commit whether a card the run read changed meanwhile (a human edit):
then the run fails whole instead of committing. `RunStore.commit_run` is the point of no return (one
fenced conditional write). `apply_committed` then replays the journal into the note store; every step is
idempotent (a step found already done is skipped), so the committing process, or the next run for the
user if that process died, can apply it again. A step that meets a card changed since by someone else
(in the instant between the check and the marker) is left out and counted: the newer write stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie.domain.dream import DreamRun, ReviewItem, RunStatus
from reverie.domain.errors import AlreadyExists, NotFound, VersionConflict
from reverie.domain.models import MemoryCard
from reverie.ports import Fence
from reverie.services.backends import Backends
from reverie.services.dream.staging import card_of, journal_ids
from reverie.services.indexing import is_indexed, sync_index

# What the note store stamps or counts itself: not part of what a step wrote.
_STAMPS = frozenset({"updated_at", "hit_count", "last_hit_at"})


@dataclass
class Applied:
    touched: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # changed by someone else since: the newer write stands


def _same(a: MemoryCard, b: MemoryCard) -> bool:
    return a.model_dump(exclude=set(_STAMPS)) == b.model_dump(exclude=set(_STAMPS))


def _version(b: Backends, tenant_id: str, memory_id: str, version: int) -> MemoryCard | None:
    try:
        history = b.notes.history(tenant_id, memory_id)
    except NotFound:
        return None
    return history[version - 1] if 0 < version <= len(history) else None


def _done(b: Backends, tenant_id: str, entry: dict[str, Any]) -> bool:
    """Whether a journal step is already in the note store (an apply repeated after a crash)."""
    written = [card_of(entry[name]) for name in ("card", "retired", "new") if name in entry]
    for card in written:
        stored = _version(b, tenant_id, card.memory_id, card.version)
        if stored is None or not _same(stored, card):
            return False
    return True


def stale_bases(b: Backends, run: DreamRun) -> list[str]:
    """Cards the run's journal builds on that changed in the note store since the run read them."""
    runs, _ = b.dream_ports()
    base: dict[str, int | None] = {}  # the version each card was at when the run first wrote it
    for entry in runs.journal(run.tenant_id, run.run_id):
        op = entry["op"]
        if op == "create":
            base.setdefault(entry["card"]["memory_id"], None)
        elif op == "update":
            base.setdefault(entry["card"]["memory_id"], int(entry["expected"]))
        elif op == "supersede":
            base.setdefault(entry["old"]["memory_id"], int(entry["old"]["version"]))
            base.setdefault(entry["new"]["memory_id"], None)
    current = {c.memory_id: c.version for c in b.notes.get_many(run.tenant_id, list(base))}
    return [memory_id for memory_id, version in base.items() if current.get(memory_id) != version]


def _apply_step(b: Backends, tenant_id: str, entry: dict[str, Any]) -> None:
    op = entry["op"]
    if op == "create":
        b.notes.create(card_of(entry["card"]))
    elif op == "update":
        b.notes.update(card_of(entry["card"]), int(entry["expected"]))
    elif op == "supersede":
        b.notes.supersede(card_of(entry["old"]), card_of(entry["new"]))
    elif op == "review":
        runs, _ = b.dream_ports()
        runs.add_review(ReviewItem.model_validate(entry["item"]))  # idempotent by item id


def apply_journal(b: Backends, run: DreamRun) -> Applied:
    """Replay a committed run's journal into the note store (idempotent)."""
    runs, _ = b.dream_ports()
    entries = runs.journal(run.tenant_id, run.run_id)
    applied = Applied(touched=journal_ids(entries))
    for entry in entries:
        try:
            _apply_step(b, run.tenant_id, entry)
        except (AlreadyExists, VersionConflict, NotFound):
            if not _done(b, run.tenant_id, entry):
                applied.skipped.extend(journal_ids([entry]))
    return applied


def repair_index(b: Backends, tenant_id: str, memory_ids: Sequence[str], embed: bool = True) -> None:
    """Make the index say what the note store says about these cards now: current injectable cards
    indexed, everything else (retired, never committed, deleted) out. With `embed=False` only the
    removals are made (the run already indexed the cards it keeps, as they are now)."""
    ids = list(dict.fromkeys(memory_ids))
    found = b.notes.get_many(tenant_id, ids) if ids else []
    gone = [m for m in ids if m not in {c.memory_id for c in found}]
    if gone:
        b.index.delete(tenant_id, gone)
    sync_index(b, found if embed else [c for c in found if not is_indexed(c)])


def apply_committed(b: Backends, run: DreamRun, fence: Fence, recovered: bool = False) -> DreamRun:
    """Apply a committed run, bring the index in step and record it succeeded (under `fence`, the lease
    of whoever applies it). `recovered`: its own process died after the commit; re-index it whole."""
    runs, _ = b.dream_ports()
    applied = apply_journal(b, run)
    if recovered or applied.skipped:
        repair_index(b, run.tenant_id, applied.touched)
    else:
        repair_index(b, run.tenant_id, applied.touched, embed=False)
    run = runs.get_run(run.tenant_id, run.run_id)
    run.counts["commit.cards"] = len(applied.touched)
    run.counts["commit.skipped_changed_since"] = len(applied.skipped)
    if recovered:
        run.counts["commit.applied_after_restart"] = 1
    run.status, run.finished_at = RunStatus.SUCCEEDED, b.clock()
    runs.save_run(run, fence)
    return run
