"""One embedding model per index: the guard against a mixed index, and the re-embedding that lifts it.

Vectors from two embedding models are not comparable, so an index must never hold both. The index a
deployment uses is named after its model (`IndexModel.tag`), and a stamp records the model whose index
is complete. `GuardedIndex` refuses to search or write while the configured model is not the stamped
one; `rebuild_index` re-embeds every current card with the configured model and then stamps it.
Deletes and counts are always allowed: forgetting a user must never wait for a rebuild.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from reverie.domain.errors import StorageError
from reverie.domain.models import MemoryCard, Scope
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit
from reverie.ports import CardQuery, SearchIndex
from reverie.services.backends import Backends
from reverie.services.indexing import sync_index

PAGE = 200


@dataclass(frozen=True)
class IndexModel:
    """The embedding model (and vector size) an index's vectors come from."""

    model_id: str
    dim: int

    @property
    def tag(self) -> str:
        """A name part safe in index names (lowercase, `[a-z0-9-]`, ≤ 60 chars), distinct per model and dim."""
        slug = re.sub(r"[^a-z0-9]+", "-", self.model_id.lower()).strip("-") or "model"
        if len(slug) > 40:
            slug = f"{slug[:31]}-{hashlib.sha256(self.model_id.encode()).hexdigest()[:8]}"
        return f"{slug}-{self.dim}"

    def __str__(self) -> str:
        return f"{self.model_id} ({self.dim} dimensions)"


class IndexModelMismatch(StorageError):
    """The index was built with another embedding model: searching or writing it would mix vectors."""

    def __init__(self, recorded: IndexModel, configured: IndexModel) -> None:
        super().__init__(
            f"the search index holds vectors of {recorded}, but this function is configured for "
            f"{configured}; run the index rebuild (index_sync with action 'rebuild') before serving"
        )
        self.recorded = recorded
        self.configured = configured


class IndexStamp(ABC):
    """Where a deployment records the model of its complete index. `read` returns None before any stamp."""

    @abstractmethod
    def read(self) -> IndexModel | None: ...

    @abstractmethod
    def write(self, model: IndexModel) -> None: ...


def check_index_model(stamp: IndexStamp, configured: IndexModel) -> None:
    """Raise `IndexModelMismatch` unless the stamped model is the configured one.

    A deployment without a stamp has an empty index (nothing was embedded yet): the configured model
    claims it.
    """
    recorded = stamp.read()
    if recorded is None:
        stamp.write(configured)
    elif recorded != configured:
        raise IndexModelMismatch(recorded, configured)


class GuardedIndex(SearchIndex):
    """A `SearchIndex` that checks the model stamp before its first search or write (not at construction:
    nothing connects at import or cold start) and again on every call while the check fails, so a
    finished rebuild lifts the refusal without a redeploy."""

    def __init__(self, inner: SearchIndex, stamp: IndexStamp, configured: IndexModel) -> None:
        self.inner = inner
        self._stamp = stamp
        self._configured = configured
        self._checked = False

    def _check(self) -> None:
        if not self._checked:
            check_index_model(self._stamp, self._configured)
            self._checked = True

    def upsert(self, docs: Sequence[SearchDoc]) -> None:
        self._check()
        self.inner.upsert(docs)

    def delete(self, tenant_id: str, memory_ids: Sequence[str]) -> None:
        self.inner.delete(tenant_id, memory_ids)

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        return self.inner.delete_user(tenant_id, user_id)

    def search_text(self, query: str, filter: SearchFilter, k: int) -> list[SearchHit]:
        self._check()
        return self.inner.search_text(query, filter, k)

    def search_vector(self, vector: Sequence[float], filter: SearchFilter, k: int) -> list[SearchHit]:
        self._check()
        return self.inner.search_vector(vector, filter, k)

    def search_timeline(
        self,
        filter: SearchFilter,
        k: int,
        entities: Sequence[str] = (),
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[SearchHit]:
        self._check()
        return self.inner.search_timeline(filter, k, entities, start, end)

    def search_windows(
        self, filter: SearchFilter, k: int, windows: Sequence[tuple[datetime, datetime]]
    ) -> list[list[SearchHit]]:
        self._check()
        return self.inner.search_windows(filter, k, windows)

    def count(self, filter: SearchFilter) -> int:
        return self.inner.count(filter)

    def compact(self) -> bool:
        return self.inner.compact()

    def cached_vectors(self, tenant_id: str, user_id: str) -> int:
        return self.inner.cached_vectors(tenant_id, user_id)


def known_users(b: Backends, tenant_id: str) -> list[str]:
    """Every user with cards or events."""
    return sorted(set(b.notes.count_by_user(tenant_id)) | set(b.log.users(tenant_id)))


def _cards(b: Backends, tenant_id: str, user_id: str, since: datetime | None) -> Iterable[MemoryCard]:
    """The user's current cards (all layers and statuses), newest update first; only those updated at or
    after `since` when given."""
    scope = Scope(tenant_id=tenant_id, user_id=user_id)
    offset = 0
    while True:
        page = b.notes.query(CardQuery(scope=scope, limit=PAGE, offset=offset))
        for card in page:
            if since is not None and card.updated_at < since:
                return
            yield card
        if len(page) < PAGE:
            return
        offset += PAGE


def reindex(b: Backends, tenant_id: str, since: datetime | None = None) -> int:
    """Bring the index in step with the note store for cards updated since `since` (all cards without it):
    upsert the ones that belong in the index, remove the ones that no longer do. Returns how many cards
    were looked at. Idempotent: running it twice changes nothing more.

    Cards visible to several users (org or global scope) are seen once. Project-scoped cards are reached
    only through their users' queries.
    """
    seen: set[str] = set()
    for user_id in known_users(b, tenant_id):
        batch = [c for c in _cards(b, tenant_id, user_id, since) if c.memory_id not in seen]
        seen.update(c.memory_id for c in batch)
        for start in range(0, len(batch), PAGE):
            sync_index(b, batch[start : start + PAGE])
    return len(seen)


def rebuild_index(b: Backends, tenant_id: str, stamp: IndexStamp, configured: IndexModel) -> int:
    """Re-embed every current card with `b.embedder` into the configured model's index and then stamp that
    model, which lifts the guard. Returns how many cards were looked at. Safe to run again after a crash
    (upserts replace); until it finishes, the guard keeps refusing, so no one reads a half-built index."""
    if (b.embedder.model_id, b.embedder.dim) != (configured.model_id, configured.dim):
        raise ValueError(
            f"the embedder is {b.embedder.model_id} ({b.embedder.dim} dimensions), not {configured}"
        )
    index = b.index.inner if isinstance(b.index, GuardedIndex) else b.index
    looked_at = reindex(replace(b, index=index), tenant_id)
    stamp.write(configured)
    return looked_at
