"""Recall's query embedding on a worker thread while its other reads run.

The fixed block, the raw turns, the keyword and timeline paths need no vector. So `build_context` starts
the query's embedding first and searches with it when it fuses the paths: a local forward pass
(onnxruntime) and a remote call (Bedrock) both release the GIL, and SQLite releases it while it steps, so
the two overlap on a second core (or behind a network wait).

The workers are a few long-lived threads shared by every request (none is created per call). A request
never waits in their queue: when it needs the vector and no worker has started on it yet, it takes the job
back and runs it on its own thread. The vector is the same whichever thread computes it, so the context
does not depend on the timing.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Generic, TypeVar

from reverie.domain.search import SearchFilter, SearchHit
from reverie.runtime.pools import SharedPool
from reverie.services.backends import Backends

T = TypeVar("T")

WORKERS = min(4, os.cpu_count() or 1)

_POOL = SharedPool(WORKERS, "reverie-query-vector")


class Prefetched(Generic[T]):
    """`work()`, started now on a shared worker and read with `result()`."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        run = contextvars.copy_context().run  # the caller's context (log correlation) goes along
        self._future: Future[T] = _POOL.executor().submit(run, work)
        self._taken_back: Future[T] | None = None
        self._lock = threading.Lock()

    def result(self) -> T:
        """What `work()` returned; computed here when no worker has picked the job up yet (never queued
        behind other requests). Its error is raised here, as it would be inline. The work runs once
        however often this is asked."""
        with self._lock:
            if self._taken_back is None and self._future.cancel():
                self._taken_back = Future()
                try:
                    self._taken_back.set_result(self._work())
                except BaseException as exc:
                    self._taken_back.set_exception(exc)
        return (self._taken_back or self._future).result()


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
