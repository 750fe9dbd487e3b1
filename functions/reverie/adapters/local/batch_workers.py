"""Forward passes of one embedding call run side by side on a few threads (the caller's and helpers').

onnxruntime releases the GIL while it runs, and one session may be run by several threads at once, so
the batches of one large call (a bulk write, the dream's index sync) can use every core while each pass
stays on one thread: a text's vector is the same whichever thread computes its batch. A single batch (a
recall query) never leaves the caller's thread, so its latency pays no hand-off.

The caller takes part: it and the helpers take the next batch from one shared queue until none is left,
so a slow batch does not hold the others back, and a helper that has not started by the time the caller
has finished is cancelled. Helpers are long-lived threads started on first use; a forked child starts its
own (the parent's threads do not exist there).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class BatchWorkers:
    """Runs `work(item)` for every item on up to `workers` threads at once, the caller's included."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self._pool: ThreadPoolExecutor | None = None
        self._pool_pid = 0
        self._lock = threading.Lock()

    def run(self, items: Sequence[T], work: Callable[[T], object]) -> None:
        """Call `work` once per item (in no promised order across threads); returns when all are done.
        The first error raised by any call is raised here, after the others have stopped taking items."""
        helpers = min(self.workers, len(items)) - 1
        if helpers <= 0:
            for item in items:
                work(item)
            return
        queue = list(reversed(items))
        failed: list[BaseException] = []
        lock = threading.Lock()

        def drain() -> None:
            while True:
                with lock:
                    if not queue or failed:
                        return
                    item = queue.pop()
                try:
                    work(item)
                except BaseException as exc:
                    with lock:
                        failed.append(exc)
                    return

        futures: list[Future[None]] = [self._executor().submit(drain) for _ in range(helpers)]
        drain()
        for future in futures:
            if not future.cancel():
                future.result()
        if failed:
            raise failed[0]

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None or self._pool_pid != os.getpid():  # none yet, or the parent's (forked)
                self._pool = ThreadPoolExecutor(
                    max_workers=self.workers - 1, thread_name_prefix="reverie-embed-batches"
                )
                self._pool_pid = os.getpid()
            return self._pool
