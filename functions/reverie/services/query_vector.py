"""Recall's query embedding and keyword search on worker threads while its other reads run.

The fixed block, the raw turns and the timeline path need neither. So `build_context` starts the query's
embedding and its keyword search first and reads them when it fuses the paths: a local forward pass
(onnxruntime) and a remote call (Bedrock) release the GIL, and so does SQLite while FTS5 ranks, so on a
second core (or behind a network wait) the two overlap each other and the caller's own reads: the
request waits for the slower of them, not for their sum.

The workers are a few long-lived threads shared by every request (none is created per call). A request
never waits in their queue: when it needs a result and no worker has started on it yet, it takes the job
back and runs it on its own thread. The results are the same whichever thread computes them, so the
context does not depend on the timing.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Generic, TypeVar

from reverie.domain.search import SearchFilter, SearchHit
from reverie.runtime.pools import SharedPool
from reverie.services.backends import Backends

T = TypeVar("T")

WORKERS = min(4, os.cpu_count() or 1)

_POOL = SharedPool(WORKERS, "reverie-query-vector")


class Prefetched(Generic[T]):
    """`work()`, started now on a shared worker and read with `result()` (`start=False`: run by the
    first `result()`, on the caller's thread)."""

    def __init__(self, work: Callable[[], T], start: bool = True) -> None:
        self._work = work
        self._future: Future[T] | None = None
        if start:
            run = contextvars.copy_context().run  # the caller's context (log correlation) goes along
            self._future = _POOL.executor().submit(run, work)
        self._taken_back: Future[T] | None = None
        self._lock = threading.Lock()

    def result(self) -> T:
        """What `work()` returned; computed here when no worker has picked the job up yet (never queued
        behind other requests). Its error is raised here, as it would be inline. The work runs once
        however often this is asked."""
        with self._lock:
            if self._taken_back is None and (self._future is None or self._future.cancel()):
                self._taken_back = Future()
                try:
                    self._taken_back.set_result(self._work())
                except BaseException as exc:
                    self._taken_back.set_exception(exc)
        done = self._taken_back or self._future
        assert done is not None  # one of the two is set above
        return done.result()


@dataclass(frozen=True)
class StartedPaths:
    """Recall's filter, and its vector and keyword paths (k hits each) running on workers."""

    filt: SearchFilter
    vector: VectorPath
    text: Prefetched[list[SearchHit]]


def start_paths(b: Backends, query: str, filt: SearchFilter, k: int) -> StartedPaths:
    """Start the query's embedding, then its keyword search (`SearchIndex.search_text`), on workers.

    An index in the process (`SearchIndex.in_process`) searches on the caller's thread when the search is
    asked for: the caller has nothing else to do by then, and a third CPU-bound thread beside the caller
    and the embedding only contends with them (on LoCoMo dev on 2 CPUs, recall p50 fell ~0.7 ms)."""
    vector = vector_path(b, query, filt, k)  # the longer of the two: first in the queue
    text = Prefetched(lambda: b.index.search_text(query, filt, k), start=not b.index.in_process)
    return StartedPaths(filt, vector, text)


def vector_path(b: Backends, query: str, filt: SearchFilter, k: int) -> VectorPath:
    """Recall's vector path for `query`: its embedding starts now on a worker, the search runs on `result()`."""
    return VectorPath(b, query, filt, k)


class VectorPath:
    """The query's embedding on a worker; the nearest cards searched on the caller's thread.

    Only the embedding goes to the worker: it spends its time where the GIL is released (onnxruntime's
    forward pass, a remote call). The search is numpy and Python on a small partition that would hold
    the GIL on the worker while the caller waits for it between its own SQLite calls (measured at 10k
    cards under load: the caller's first reads took 3 ms instead of 0.2 with the search on the worker)."""

    def __init__(self, b: Backends, query: str, filt: SearchFilter, k: int) -> None:
        self._index, self._filt, self._k = b.index, filt, k
        self._vector = Prefetched(lambda: b.embedder.embed([query])[0])

    def vector(self) -> list[float]:
        """The query's embedding (computed once, whoever asks: the raw turns' meaning path reuses it)."""
        return self._vector.result()

    def result(self) -> list[SearchHit]:
        return self._index.search_vector(self._vector.result(), self._filt, self._k)
