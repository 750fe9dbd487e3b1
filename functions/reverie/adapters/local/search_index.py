"""The embedded search index: one SQLite file with FTS5 (BM25) and float32 vectors searched with numpy.

Keyword and timeline searches run in SQL with the filter in the WHERE clause. The vector search reads
in-process partitions (see `vector_cache`) built from the same rows and kept current by every upsert and
delete; a commit by another connection to the same file (`PRAGMA data_version`) drops them.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import numpy as np

from reverie.adapters.local.keyword_bound import MAX_KEYWORD_CANDIDATES, MatchCounts, keyword_expressions
from reverie.adapters.local.search_sql import (
    PARTITION_WHERE,
    SCHEMA,
    admits_nothing,
    entity_key,
    filter_sql,
    micros,
    now_micros,
    query_terms,
    timeline_sql,
)
from reverie.adapters.local.search_windows import MAX_WINDOWS, by_window, windows_sql
from reverie.adapters.local.search_writes import Placement, write_docs
from reverie.adapters.local.sqlite import checkpoint
from reverie.adapters.local.vector_cache import (
    GRAPH_FROM_ROWS,
    NO_EXPIRY,
    STATUS_CODES,
    TYPE_CODES,
    FloatArray,
    PartitionKey,
    VectorPartition,
    partition_key,
    visible_partitions,
)
from reverie.domain.models import ScopeKind
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit
from reverie.ports import SearchIndex

PAGE_CACHE_KIB = 65_536
"""SQLite's page cache for the index's connection, at most (filled only as pages are read). The default
2 MiB holds little of an index of 10^5 cards (~150 MB), so each keyword search re-read its full-text and
row pages through the OS: in one process, same queries interleaved, its CPU at 10^5 cards fell 4.6 -> 3.9
ms with 64 MiB (10^4 cards: 2.26 -> 2.23)."""


class SqliteSearchIndex(SearchIndex):
    """`SearchIndex` in one SQLite database (a file, or ":memory:"), safe to share between threads.

    `dim` fixes the vector size; without it the first stored vector decides, and the database remembers.
    `max_cached_vectors` bounds the in-process vector cache (least recently used partitions leave first).
    `max_keyword_candidates` bounds the rows a keyword search ranks (`keyword_bound` says how).
    `int8_scan=False` scores every cached vector in float32 (`vector_scan`: the same hits, slower).
    `graph_from_rows`: a partition this large searches a neighbour graph (`vector_graph`; None: never).
    """

    in_process = True  # FTS5 and the vector scan run on the caller's CPU

    def __init__(
        self,
        path: str | Path,
        dim: int | None = None,
        *,
        max_cached_vectors: int = 500_000,
        max_keyword_candidates: int = MAX_KEYWORD_CANDIDATES,
        int8_scan: bool = True,
        graph_from_rows: int | None = GRAPH_FROM_ROWS,
    ) -> None:
        self._lock = threading.RLock()
        self._path = str(path)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA busy_timeout = 5000")
        self._db.execute("PRAGMA secure_delete = ON")  # deleted rows and freed pages are overwritten
        self._db.execute(f"PRAGMA cache_size = {-PAGE_CACHE_KIB}")
        self._db.executescript(SCHEMA)
        self._dim = self._stored_dim()
        if dim is not None and self._dim is not None and dim != self._dim:
            self._db.close()
            raise ValueError(f"{path} holds {self._dim}-dimensional vectors, not {dim}: use a new index file")
        if dim is not None and self._dim is None:
            self._db.execute("INSERT INTO meta (key, value) VALUES ('dim', ?)", (str(dim),))
            self._dim = dim
        self._max_cached = max_cached_vectors
        self._max_keyword_candidates = max_keyword_candidates
        self._match_counts = MatchCounts(self._db)
        self._int8_scan = int8_scan
        self._graph_from_rows = graph_from_rows
        self._partitions: OrderedDict[PartitionKey, VectorPartition] = OrderedDict()
        self._data_version = self._db.execute("PRAGMA data_version").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._drop_partitions()
            self._db.close()

    # -- writes ------------------------------------------------------------------------------------

    def upsert(self, docs: Sequence[SearchDoc]) -> None:
        with self._lock:
            vectors = self._validate(docs)  # before anything is written: bad input never loses stored data
            with self._transaction():
                if self._dim is None and any(v is not None for v in vectors):
                    self._dim = next(len(v) for v in vectors if v is not None)
                    self._db.execute("INSERT INTO meta (key, value) VALUES ('dim', ?)", (str(self._dim),))
                kept = list({(doc.tenant_id, doc.memory_id): i for i, doc in enumerate(docs)}.values())
                docs, vectors = [docs[i] for i in kept], [vectors[i] for i in kept]  # given twice: the last
                before = write_docs(self._db, docs, vectors)
                for doc, vector in zip(docs, vectors, strict=True):
                    self._recache(doc, vector, before.get(doc.memory_id))

    def delete(self, tenant_id: str, memory_ids: Sequence[str]) -> None:
        with self._lock, self._transaction():
            for memory_id in memory_ids:
                row = self._db.execute(
                    "DELETE FROM docs WHERE tenant_id = ? AND memory_id = ? RETURNING scope, user_id, project_id",
                    (tenant_id, memory_id),
                ).fetchone()
                if row is not None:
                    self._uncache(partition_key(tenant_id, *row), memory_id)

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._lock, self._transaction():
            removed = self._db.execute(
                "DELETE FROM docs WHERE tenant_id = ? AND scope = 'user' AND user_id = ?",
                (tenant_id, user_id),
            ).rowcount
            part = self._partitions.pop((tenant_id, "user", user_id), None)
            if part is not None:
                part.close()
            return removed

    def compact(self) -> bool:
        """Merge the full-text index into one segment, then truncate the WAL. An FTS5 delete only adds a
        tombstone beside the segment that still holds the deleted words; 'optimize' rewrites the segments
        without them (measured: 0.2 s at 10^5 documents), and `secure_delete` zeroes the old ones."""
        with self._lock:
            self._db.execute("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')")
            return checkpoint(self._db, self._lock, self._path)

    def wait_for_graphs(self, timeout: float | None = None) -> bool:
        """Wait for the neighbour graphs being built for the cached partitions (a service warming up);
        True when every partition large enough for one searches through its graph."""
        with self._lock:
            parts = list(self._partitions.values())
        large = [p for p in parts if self._graph_from_rows is not None and len(p) >= self._graph_from_rows]
        return all([p.wait_for_graph(timeout) for p in large])

    def cached_vectors(self, tenant_id: str, user_id: str) -> int:
        with self._lock:
            part = self._partitions.get((tenant_id, "user", user_id))
            return 0 if part is None else len(part)

    # -- searches ----------------------------------------------------------------------------------

    def search_text(self, query: str, filter: SearchFilter, k: int) -> list[SearchHit]:
        terms = query_terms(query)
        where = filter_sql(filter)
        if not terms or where is None or k <= 0:
            return []
        sql = (
            "SELECT d.memory_id, -bm25(docs_fts) FROM docs_fts JOIN docs d ON d.doc_id = docs_fts.rowid"
            f" WHERE docs_fts MATCH ? AND {where[0]} ORDER BY bm25(docs_fts), d.memory_id LIMIT ?"
        )
        with self._lock:
            # the first expression is bounded; a looser one only when it left too few of this filter's rows
            for expression in keyword_expressions(self._match_counts, terms, self._max_keyword_candidates, k):
                hits = self._hits(sql, [expression, *where[1], k])
                if len(hits) >= k:
                    break
        return hits

    def search_vector(self, vector: Sequence[float], filter: SearchFilter, k: int) -> list[SearchHit]:
        query = np.asarray(vector, dtype=np.float32)
        with self._lock:
            dim = self._dim
            if dim is None:
                dim = self._dim = self._stored_dim()
            norm = self._check_vector(query, dim, "the query vector") if dim is not None else 0.0
            if dim is None or k <= 0 or admits_nothing(filter):
                return []
            query = query / norm
            statuses = [STATUS_CODES[s.value] for s in filter.statuses]
            types = None if filter.types is None else [TYPE_CODES[t.value] for t in filter.types]
            now = now_micros(filter)
            found: list[tuple[float, str]] = []  # (-cosine, memory id): best first when sorted
            self._check_partitions()
            for key in visible_partitions(filter.scope):
                scores, ids = self._partition(key, dim).search(query, statuses, types, now, k)
                found.extend(zip((-s for s in scores), ids, strict=True))
        found.sort()
        # a cosine rounded past ±1 is clipped (a comparison chain costs less than min and max)
        return [
            SearchHit(memory_id, -score if -1.0 <= score <= 1.0 else (-1.0 if score > 0 else 1.0))
            for score, memory_id in found[:k]
        ]

    def search_timeline(
        self,
        filter: SearchFilter,
        k: int,
        entities: Sequence[str] = (),
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[SearchHit]:
        where = filter_sql(filter)
        keys = sorted({entity_key(name) for name in entities} - {""})
        if where is None or k <= 0 or (entities and not keys):
            return []
        query, params = timeline_sql(where, keys, start, end)
        return self._hits(query, [*params, k])

    def search_windows(
        self, filter: SearchFilter, k: int, windows: Sequence[tuple[datetime, datetime]]
    ) -> list[list[SearchHit]]:
        where = filter_sql(filter)
        if where is None or k <= 0:
            return [[] for _ in windows]
        found: list[list[str]] = []
        for first in range(0, len(windows), MAX_WINDOWS):  # SQLite's bound on the branches of a compound
            chunk = windows[first : first + MAX_WINDOWS]
            sql, params = windows_sql(where, chunk, k)
            with self._lock:
                rows = self._db.execute(sql, params).fetchall()
            found.extend(by_window(rows, len(chunk)))
        return [[SearchHit(m, 0.0) for m in ids] for ids in found]

    def count(self, filter: SearchFilter) -> int:
        where = filter_sql(filter)
        if where is None:
            return 0
        with self._lock:
            return int(
                self._db.execute(f"SELECT COUNT(*) FROM docs d WHERE {where[0]}", where[1]).fetchone()[0]
            )

    # -- internals ---------------------------------------------------------------------------------

    def _hits(self, sql: str, params: list[object]) -> list[SearchHit]:
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return [SearchHit(memory_id, float(score)) for memory_id, score in rows]

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            self._drop_partitions()  # the cache may hold changes that were just rolled back
            self._dim = self._stored_dim()
            raise

    def _validate(self, docs: Sequence[SearchDoc]) -> list[FloatArray | None]:
        dim = self._dim
        vectors: list[FloatArray | None] = []
        for doc in docs:
            if doc.scope is ScopeKind.USER and doc.user_id is None:
                raise ValueError(f"document {doc.memory_id}: a user-scoped document needs its user_id")
            if doc.scope is ScopeKind.PROJECT and doc.project_id is None:
                raise ValueError(f"document {doc.memory_id}: a project-scoped document needs its project_id")
            if doc.vector is None:
                vectors.append(None)
                continue
            vector = np.asarray(doc.vector, dtype=np.float32)
            dim = dim or len(vector)
            self._check_vector(vector, dim, f"document {doc.memory_id}'s vector")
            vectors.append(vector)
        return vectors

    @staticmethod
    def _check_vector(vector: FloatArray, dim: int, what: str) -> float:
        """`vector`'s length, once it is known to be a usable vector of `dim` floats."""
        if vector.shape != (dim,):
            raise ValueError(
                f"{what} has {vector.size} dimensions but this index holds {dim}-dimensional vectors; "
                "embed with the index's model or rebuild the index for the new one"
            )
        norm = float(np.linalg.norm(vector))
        if not math.isfinite(norm) or norm == 0.0:
            raise ValueError(f"{what} must be finite and not all zeros (cosine needs a direction)")
        return norm

    def _recache(self, doc: SearchDoc, vector: FloatArray | None, before: Placement | None) -> None:
        """Bring the cached vector partitions in step with the document just written."""
        if before is not None:
            self._uncache(partition_key(doc.tenant_id, *before), doc.memory_id)
        part = self._partitions.get(partition_key(doc.tenant_id, doc.scope, doc.user_id, doc.project_id))
        if vector is not None and part is not None:
            valid_until = micros(doc.valid_until)
            expiry = NO_EXPIRY if valid_until is None else valid_until
            part.put(
                doc.memory_id, vector, STATUS_CODES[doc.status.value], TYPE_CODES[doc.type.value], expiry
            )

    def _uncache(self, key: PartitionKey, memory_id: str) -> None:
        part = self._partitions.get(key)
        if part is not None:
            part.remove(memory_id)

    def _check_partitions(self) -> None:
        """Drop the cached partitions if another connection committed since (they may be stale): once a
        search, before `_partition`."""
        version = self._db.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._drop_partitions()
            self._data_version = version

    def _partition(self, key: PartitionKey, dim: int) -> VectorPartition:
        part = self._partitions.get(key)
        if part is not None:
            self._partitions.move_to_end(key)
            return part
        rows = self._db.execute(
            "SELECT d.memory_id, d.status, d.type, d.valid_until, v.vector FROM docs d"
            f" JOIN vectors v ON v.doc_id = d.doc_id WHERE d.tenant_id = ? AND {PARTITION_WHERE[key[1]]}",
            (key[0],) if key[1] == "shared" else (key[0], key[2]),
        ).fetchall()
        matrix = np.frombuffer(b"".join(row[4] for row in rows), dtype=np.float32).reshape(len(rows), dim)
        part = VectorPartition(
            [row[0] for row in rows],
            matrix,
            [STATUS_CODES[row[1]] for row in rows],
            [TYPE_CODES[row[2]] for row in rows],
            [NO_EXPIRY if row[3] is None else row[3] for row in rows],
            int8_scan=self._int8_scan,
            graph_from_rows=self._graph_from_rows,
        )
        self._partitions[key] = part
        self._evict(keep=key)
        return part

    def _evict(self, keep: PartitionKey) -> None:
        cached = sum(len(part) for part in self._partitions.values())
        for key in list(self._partitions):
            if cached <= self._max_cached:
                break
            if key != keep:
                part = self._partitions.pop(key)
                part.close()
                cached -= len(part)

    def _drop_partitions(self) -> None:
        for part in self._partitions.values():
            part.close()
        self._partitions.clear()

    def _stored_dim(self) -> int | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'dim'").fetchone()
        return None if row is None else int(row[0])
