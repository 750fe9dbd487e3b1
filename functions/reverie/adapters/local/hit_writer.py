"""Recall's hits written off the request's path: buffered, then applied by a shared writer thread.

Every context records a hit on each card it shows (`NoteStore.record_hits`): a write transaction (BEGIN
IMMEDIATE, one statement, COMMIT) that nothing in the response needs. Inline, it cost recall ~0.4 ms of
its ~9 ms of main-thread CPU on LoCoMo (`reverie bench locomo`). Here `record_hits` only appends to a
buffer and hands the write to one writer thread shared by every store of the process, which applies what
has gathered meanwhile in one transaction (a busy server's requests share a COMMIT).

What stays as it was:
- Read your own hits: a read counts the buffered hits into the cards it returns (`pending`, in memory: a
  read never waits for a write transaction), and every write transaction applies the buffer first, under
  the connection's lock, so within the process a read after `record_hits` sees them and a hit recorded
  before a delete (or an update) is applied before it, as inline.
- Durable as the other writes once applied (a WAL commit); applied within moments of the request, on
  `close()`, and at interpreter exit (the writer thread is joined then, and runs what is queued). A crash
  of the process in between loses those few hits: counters that rank nothing and only slow decay down.
- A write that fails is kept and tried again at the next flush (a locked file, a full disk), logged; a
  read writes nothing, so it never fails or waits because hits could not be written yet.
- Another process on the same file sees the hits once they are applied.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence

from reverie.adapters.local.sqlite import SqliteDatabase
from reverie.runtime.pools import SharedPool

logger = logging.getLogger(__name__)

Hits = tuple[str, tuple[str, ...], int]
"""(tenant_id, memory ids, at in microseconds): one `record_hits` call."""
Apply = Callable[[sqlite3.Connection, Sequence[Hits]], None]

_WRITER = SharedPool(1, "reverie-hit-writer")


class HitWriter:
    """The buffered hits of one store (`db`), applied by `apply` inside a write transaction."""

    def __init__(self, db: SqliteDatabase, apply: Apply) -> None:
        self._db = db
        self._apply = apply
        self._pending: list[Hits] = []
        self._lock = threading.Lock()
        self._scheduled: int | None = None  # the process whose writer thread has a flush queued
        self._closed = False

    def add(self, hits: Hits) -> None:
        """Buffer one call's hits; the writer thread applies them soon."""
        with self._lock:
            self._pending.append(hits)
            # a flush queued by the parent before a fork never runs in the child: queue one of its own
            closed, scheduled = self._closed, self._scheduled == os.getpid()
            self._scheduled = os.getpid()
        if closed:  # written now: on a closed store this raises, as an inline write would
            self.flush()
            return
        if scheduled:
            return
        try:
            _WRITER.executor().submit(self._background)
        except RuntimeError:  # the interpreter is shutting down: no new threads, write them now
            self.flush()

    def flush(self) -> None:
        """Apply what is buffered now, in a write transaction of its own (nothing buffered: no transaction)."""
        if self._pending:
            with self._db.write() as conn:
                self.apply_pending(conn)

    def pending(self, tenant_id: str) -> dict[str, tuple[int, int]]:
        """What the buffer adds to the tenant's cards, by memory id: (hits, the latest hit's time in
        microseconds), counted as `apply` counts them. Asked under the connection's lock (inside a read),
        so it and what the read sees are one state: a flush empties the buffer in the same transaction
        that writes it."""
        with self._lock:
            taken = list(self._pending)
        counts: dict[str, tuple[int, int]] = {}
        for tenant, memory_ids, at in taken:
            if tenant == tenant_id:
                for memory_id in memory_ids:
                    hits, last = counts.get(memory_id, (0, at))
                    counts[memory_id] = (hits + 1, max(last, at))
        return counts

    def apply_pending(self, conn: sqlite3.Connection) -> None:
        """Apply what is buffered inside the caller's write transaction (which holds the connection's lock,
        so no read sees the buffer emptied before the transaction commits). Kept if the write fails."""
        with self._lock:
            taken, self._pending = self._pending, []
        if not taken:
            return
        try:
            self._apply(conn, taken)
        except BaseException:
            with self._lock:
                self._pending[:0] = taken
            raise

    def close(self) -> None:
        """Apply what is buffered, and buffer nothing more for the writer thread (the store is closing)."""
        with self._lock:
            self._closed = True
        self.flush()

    def _background(self) -> None:
        with self._lock:
            self._scheduled = None
            if self._closed:
                return
        try:
            self.flush()
        except Exception:
            logger.warning("recorded hits could not be written yet; kept for the next try", exc_info=True)
