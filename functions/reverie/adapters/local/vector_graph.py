"""A nearest-neighbour graph (HNSW, by usearch) over the rows of one large vector partition.

The exact scan (`vector_scan`) reads every row's int8 codes: its cost grows with the partition (~6 ms at
10^5 rows on a busy machine here, memory-bound). A graph search visits a few thousand rows whatever the size
(~0.5 ms at 10^5) but may miss a true neighbour: on the 10^5 MiniLM vectors of `reverie bench latency`'s
sentences it found 0.987 of the exact 60 nearest (usearch, f16, connectivity 16, expansion 128; the bench
prints that share for the run it times), the misses near-ties at the tail. The graph only proposes rows; `VectorPartition` keeps its
filter and scores the proposed rows exactly in float32, so a hit's score is its true cosine.

Building the graph costs ~0.25-0.5 ms a row on one core (25-50 s at 10^5 rows), so it is built in a
background thread from a snapshot of the rows while the exact scan answers; the puts and removes made
meanwhile are replayed on it before it is used. After that every put and remove updates it in place.
Keys are row numbers of the partition; a row rewritten (new vector, or the last row moved into a freed
one) is removed and added again.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from usearch.index import Index

FloatArray = npt.NDArray[np.float32]
RowArray = npt.NDArray[np.intp]
_log = logging.getLogger(__name__)

CONNECTIVITY = 16
EXPANSION_ADD = 64
EXPANSION_SEARCH = 128


def graph_available() -> bool:
    try:
        import usearch.index  # noqa: F401
    except ImportError:
        return False
    return True


class NeighbourGraph:
    """The graph of one partition's unit rows, keyed by row number; safe to use from several threads.

    `start` builds it from a snapshot in a background thread; until then (and if the build failed)
    `search` returns None and the caller scans exactly. `put` and `remove` keep it in step with the rows.
    """

    def __init__(self, dim: int) -> None:
        self._dim = dim
        self._lock = threading.Lock()
        self._index: Index | None = None
        self._pending: list[tuple[int, FloatArray | None]] | None = None  # (row, vector or None: removed)
        self._thread: threading.Thread | None = None
        self._closed = False

    def start(self, rows: FloatArray) -> None:
        """Build the graph over `rows` (row i keyed i) in a background thread; `rows` is not read again by
        the caller's writes (pass a copy)."""
        with self._lock:
            if self._thread is not None:
                return
            self._pending = []
            self._thread = threading.Thread(
                target=self._build, args=(rows,), name="vector-graph", daemon=True
            )
            self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a started build to end; True when the graph answers searches."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.ready

    @property
    def ready(self) -> bool:
        return self._index is not None

    def close(self) -> None:
        """Stop a running build (the partition was dropped); the graph answers nothing after this."""
        with self._lock:
            self._closed = True
            self._index = None

    def put(self, row: int, vector: FloatArray, *, replaces: bool) -> None:
        """Row `row` now holds `vector` (unit); `replaces`: the row held another vector before."""
        with self._lock:
            if self._pending is not None:
                self._pending.append((row, vector.copy()))
            elif self._index is not None:
                self._apply(self._index, row, vector, replaces=replaces)

    def remove(self, row: int) -> None:
        with self._lock:
            if self._pending is not None:
                self._pending.append((row, None))
            elif self._index is not None and row in self._index:
                self._index.remove(row)

    def search(self, query: FloatArray, count: int) -> RowArray | None:
        """The rows of about the `count` nearest vectors to `query` (unit), or None before the graph is built."""
        with self._lock:
            if self._index is None:
                return None
            return np.asarray(self._index.search(query, count, threads=1).keys, dtype=np.intp)

    def _build(self, rows: FloatArray) -> None:
        from usearch.index import Index

        def going(done: int, total: int) -> bool:
            return not self._closed

        # usearch checks a callback's annotations as types; this module's are strings (postponed)
        going.__annotations__ = {"done": int, "total": int, "return": bool}

        index = Index(
            ndim=self._dim,
            metric="ip",
            dtype="f16",
            connectivity=CONNECTIVITY,
            expansion_add=EXPANSION_ADD,
            expansion_search=EXPANSION_SEARCH,
        )
        try:
            index.add(np.arange(len(rows)), rows, threads=1, progress=going)
        except Exception:  # the exact scan keeps answering: the graph is only ever a shortcut
            _log.exception("building the vector graph of %d rows failed; the exact scan answers", len(rows))
            with self._lock:
                self._pending = None
            return
        with self._lock:
            if self._closed or len(index) < len(rows):  # stopped by close()
                return
            for row, vector in self._pending or []:
                if vector is None:
                    if row in index:
                        index.remove(row)
                else:
                    self._apply(index, row, vector, replaces=row in index)
            self._pending = None
            self._index = index

    @staticmethod
    def _apply(index: Index, row: int, vector: FloatArray, *, replaces: bool) -> None:
        if replaces and row in index:
            index.remove(row)
        index.add(row, vector, threads=1)
