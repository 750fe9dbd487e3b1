"""The query's embedding, computed on a worker thread while recall's other reads run.

Recall needs the query's vector only for the vector path; the fixed block, the raw turns, the keyword and
timeline paths need none. So `build_context` starts the embedding first and asks for it when the vector
path needs it: a local forward pass (onnxruntime) and a remote call (Bedrock) both release the GIL, and
SQLite releases it while it steps, so the two overlap on a second core (or behind a network wait).

The workers are a few long-lived threads shared by every request (none is created per call). A request
never waits in their queue: when it needs the vector and no worker has started on it yet, it takes the job
back and embeds on its own thread. The vector is the embedder's for that text, whichever thread computes
it, so the context does not depend on the timing.
"""

from __future__ import annotations

import contextvars
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from reverie.ports import Embedder

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


class QueryVector:
    """`embedder.embed([query])[0]`, started now on a shared worker and read with `result()`."""

    def __init__(self, embedder: Embedder, query: str) -> None:
        self._embedder = embedder
        self._query = query
        run = contextvars.copy_context().run  # the caller's context (log correlation) goes along
        self._future: Future[list[float]] = _executor().submit(run, self._embed)

    def _embed(self) -> list[float]:
        return self._embedder.embed([self._query])[0]

    def result(self) -> list[float]:
        """The vector; computed here when no worker has picked the job up yet (never queued behind
        other requests). An embedder's error is raised here, as it would be inline."""
        if self._future.cancel():
            return self._embed()
        return self._future.result()
