"""Manual dreams of the local service, run off the request path on threads of their own.

The request takes the user's lease (`start_run`), so a user whose run is already going gets 409 at
once and the answer names the new run; the stages run after the answer (`resume`), so no request waits
for a dream and `/health` answers during one. At most `max_running` manual runs go at once: each holds
a core (the embedder), and a small machine serves requests better with few.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from reverie.api.dream_routes import DreamStarted, run_path
from reverie.domain.dream import Budget, DreamRun, RunStatus, Trigger
from reverie.services.backends import Backends
from reverie.services.dream.common import StageInput
from reverie.services.dream.runner import DreamBusy, resume, start_run

log = logging.getLogger(__name__)


class BackgroundDreams:
    """A `StartDream` for the local service (see the module's docstring)."""

    def __init__(
        self,
        backends: Backends,
        tenant_id: str,
        max_running: int = 2,
        on_done: Callable[[DreamRun], None] = lambda run: None,
    ) -> None:
        self._backends = backends
        self._tenant_id = tenant_id
        self._max_running = max_running
        self._slots = threading.BoundedSemaphore(max_running)
        self._on_done = on_done
        self._threads: set[threading.Thread] = set()
        self._lock = threading.Lock()

    def __call__(self, user_id: str, budget: Budget) -> DreamStarted:
        """Start a run for `user_id` and return at once; `DreamBusy` if the user's run is already going
        or `max_running` runs are."""
        if not self._slots.acquire(blocking=False):
            raise DreamBusy(
                f"{self._max_running} dreams are already running on this service: "
                "try again when one has finished (GET /users/{user_id}/dreams lists them)"
            )
        try:
            stage_input = start_run(self._backends, self._tenant_id, user_id, Trigger.MANUAL, budget)
        except BaseException:
            self._slots.release()
            raise
        thread = threading.Thread(
            target=self._run, args=(stage_input,), name=f"reverie-dream-{stage_input.run_id}", daemon=True
        )
        with self._lock:
            self._threads.add(thread)
        thread.start()
        run_id = stage_input.run_id
        return DreamStarted(
            user_id=user_id, run_id=run_id, status=RunStatus.RUNNING, poll=run_path(user_id, run_id)
        )

    def _run(self, stage_input: StageInput) -> None:
        try:
            self._on_done(resume(self._backends, stage_input))
        except Exception:  # resume records a failed stage itself; this is a failure to record it
            log.exception("dream run %s could not be finished", stage_input.run_id)
        finally:
            self._slots.release()
            with self._lock:
                self._threads.discard(threading.current_thread())

    def running(self) -> int:
        """How many manual runs are going now."""
        with self._lock:
            return len(self._threads)

    def wait(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the running runs to finish; True when none is left."""
        deadline = time.monotonic() + timeout
        with self._lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return self.running() == 0
