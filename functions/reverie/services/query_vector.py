"""Recall's vector path (the query's embedding, then the nearest cards) on a worker thread while its
other reads run.

The fixed block, the raw turns, the keyword and timeline paths need no vector. So `build_context` starts
the vector path first and asks for its hits when it fuses the paths: a local forward pass (onnxruntime)
and a remote call (Bedrock) both release the GIL, and SQLite releases it while it steps, so the two overlap
on a second core (or behind a network wait).

The workers are a few long-lived threads shared by every request (none is created per call). A request
never waits in their queue: when it needs the vector and no worker has started on it yet, it takes the job
back and runs it on its own thread. The hits are the same whichever thread computes them, so the context
does not depend on the timing.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

from reverie.domain.search import SearchFilter, SearchHit
from reverie.services.backends import Backends

T = TypeVar("T")

WORKERS = min(4, os.cpu_count() or 1)

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        with _pool_lock:
            if _pool is None:
                _pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="reverie-query-vector")
    return _pool


class Prefetched(Generic[T]):
    """`work()`, started now on a shared worker and read with `result()`."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        run = contextvars.copy_context().run  # the caller's context (log correlation) goes along
        self._future: Future[T] = _executor().submit(run, work)

    def result(self) -> T:
        """What `work()` returned; computed here when no worker has picked the job up yet (never queued
        behind other requests). Its error is raised here, as it would be inline."""
        if self._future.cancel():
            return self._work()
        return self._future.result()


def vector_path(b: Backends, query: str, filt: SearchFilter, k: int) -> Prefetched[list[SearchHit]]:
    """Recall's vector path for `query`, started now: the query's embedding, then the index's `k` nearest."""
    return Prefetched(lambda: b.index.search_vector(b.embedder.embed([query])[0], filt, k))
