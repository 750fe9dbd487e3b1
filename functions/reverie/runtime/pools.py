"""Process-wide worker pools: created on first use, shared by every caller in the process, and started
afresh in a forked child (whose parent's threads do not exist there)."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor


class SharedPool:
    """One lazily started `ThreadPoolExecutor` of `workers` threads named `name`-N."""

    def __init__(self, workers: int, name: str) -> None:
        self.workers = workers
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._pool, self._lock = None, threading.Lock()

    def executor(self) -> ThreadPoolExecutor:
        """The pool, started on the first call in this process."""
        if self._pool is None:
            with self._lock:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix=self._name)
        return self._pool
