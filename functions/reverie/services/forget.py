"""Forgetting: a user or one memory removed from every store and from the bytes those stores keep on disk.

Each store deletes (the data becomes unreachable at once), then compacts (`Compactable.compact`: freed
pages overwritten, deleted terms merged out of the full-text index, journals truncated), then is read back
to prove nothing of the user is left. The report says, per store, what was removed, what a read still
finds and whether the compaction finished.

Shared cards (project, org, global) written through the user's path name the user as their author
(`user_id`); forgetting the user deletes them too, never hands them over: their text is the user's words.
"""

from __future__ import annotations

import uuid
from contextlib import suppress
from dataclasses import dataclass, field

from reverie.domain.errors import NotFound
from reverie.domain.models import Scope, Status
from reverie.domain.search import SearchFilter
from reverie.services.backends import Backends

STORES = ("log", "notes", "index", "vector_cache", "queue", "runs")
"""The stores a deletion report covers, in this order."""


@dataclass(frozen=True)
class StoreReport:
    """What forgetting did in one store.

    `removed`: records removed (events, cards, documents, cached vectors, messages, run records); None when
    the backend cannot pick them out (`note` says what happens to them). `remaining`: what a read of the
    store still finds of the user afterwards; None when the store cannot be read per user. `compacted`:
    the store's `compact` finished (False: another process held a read; the next deletion finishes it).
    """

    removed: int | None
    remaining: int | None
    compacted: bool
    note: str = ""


@dataclass(frozen=True)
class Forgotten:
    events: int
    memories: int
    index_docs: int
    remaining: int
    shared_cards: tuple[str, ...] = ()
    stores: dict[str, StoreReport] = field(default_factory=dict)


def delete_user(b: Backends, tenant_id: str, user_id: str) -> Forgotten:
    """Forget a person: L1, their cards and the shared cards they wrote, the index and its vector cache,
    their queued session ends and dream runs; compact every store; then prove nothing of theirs remains."""
    shared = tuple(b.notes.shared_by(tenant_id, user_id))
    for memory_id in shared:
        with suppress(NotFound):  # a marker left by an interrupted delete
            b.notes.delete(tenant_id, memory_id)
    b.index.delete(tenant_id, shared)
    cached = b.index.cached_vectors(tenant_id, user_id)
    events = b.log.delete_user(tenant_id, user_id)
    memories = b.notes.delete_user(tenant_id, user_id)
    docs = b.index.delete_user(tenant_id, user_id)
    queued = b.queue.purge_user(tenant_id, user_id)
    runs = b.runs.delete_user(tenant_id, user_id) if b.runs is not None else 0

    stores = {
        "log": StoreReport(
            events, len(b.log.read_user(tenant_id, user_id)), b.log.compact(), "raw events (L1)"
        ),
        "notes": StoreReport(
            memories + len(shared),
            b.notes.count_by_user(tenant_id).get(user_id, 0) + len(b.notes.shared_by(tenant_id, user_id)),
            b.notes.compact(),
            "cards with every version: the user's own, and the shared cards they wrote (deleted)",
        ),
        "index": StoreReport(
            docs + len(shared), _index_remaining(b, tenant_id, user_id), b.index.compact(), "search documents"
        ),
        "vector_cache": StoreReport(
            cached, b.index.cached_vectors(tenant_id, user_id), True, "vectors cached in this process"
        ),
        "queue": _queue_report(b, queued),
        "runs": _runs_report(b, tenant_id, user_id, runs),
    }
    remaining = sum(report.remaining or 0 for report in stores.values())
    return Forgotten(
        events=events,
        memories=memories,
        index_docs=docs,
        remaining=remaining,
        shared_cards=shared,
        stores=stores,
    )


def delete_memory(b: Backends, scope: Scope, memory_id: str) -> None:
    """Forget one memory: every version of the card and its search document, then compact both stores so
    its text is gone from their files. Its evidence stays in L1 (the user's record, removed with the user)."""
    card = b.notes.get(scope.tenant_id, memory_id)
    if not card.visible_to(scope):
        raise NotFound(f"memory {memory_id} not found")
    b.notes.delete(scope.tenant_id, memory_id)
    b.index.delete(scope.tenant_id, [memory_id])
    b.notes.compact()
    b.index.compact()


def _index_remaining(b: Backends, tenant_id: str, user_id: str) -> int:
    """User-scoped documents: what the user sees beyond what a brand-new user id sees."""
    every_status = frozenset(Status)
    seen = [
        b.index.count(SearchFilter(scope=Scope(tenant_id=tenant_id, user_id=who), statuses=every_status))
        for who in (user_id, f"verify-{uuid.uuid4().hex}")
    ]
    return seen[0] - seen[1]


def _queue_report(b: Backends, queued: int | None) -> StoreReport:
    compacted = b.queue.compact()
    if queued is None:
        return StoreReport(
            None,
            None,
            compacted,
            "this queue cannot remove chosen messages: the user's queued session ends (ids only, no text) "
            "leave when consumed or at the queue's retention",
        )
    return StoreReport(queued, 0, compacted, "queued session ends")


def _runs_report(b: Backends, tenant_id: str, user_id: str, removed: int) -> StoreReport:
    if b.runs is None:
        return StoreReport(0, 0, True, "no run store here")
    left = len(b.runs.list_runs(tenant_id, user_id, limit=1)) + len(
        b.runs.list_reviews(tenant_id, user_id, status=None)
    )
    note = "dream runs with their changes and stage outputs, the lease, rolled-back marks, review items"
    return StoreReport(removed, left, b.runs.compact(), note)
