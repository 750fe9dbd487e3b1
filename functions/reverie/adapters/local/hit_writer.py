"""Recall's hits written off the request's path: buffered, then applied by a shared writer thread.

Every context records a hit on each card it shows (`NoteStore.record_hits`): a write transaction (BEGIN
IMMEDIATE, one statement, COMMIT) that nothing in the response needs. Inline, it cost recall ~0.4 ms of
its ~9 ms of main-thread CPU on LoCoMo (`reverie bench locomo`). Here `record_hits` only adds to a
buffer (counts by card) and hands the write to one writer thread shared by every store of the process,
which applies what has gathered over `FLUSH_DELAY_S` in one transaction (a busy server's requests share
a COMMIT) on a second connection to the file (`SqliteDatabase.background_write`): a read waits for no
part of it but its COMMIT. On the shared connection a flush held the connection through every handover
of the GIL between the two threads, and a read waited it out (on LoCoMo dev, a 15-25 ms flush every
0.25 s: the tail of recall's p95).

What stays as it was:
- Read your own hits: a read counts the buffered hits into the cards it returns (`pending_for`, in
  memory), and those a flush is writing until its COMMIT, which is done under the reading connection's
  lock together with dropping them (so a read counts them once, from the buffer or from the file); every
  write transaction applies the buffer first, after the flush in progress, so within the process a read
  after `record_hits` sees them and a hit recorded before a delete (or an update) is applied before it,
  as inline.
- Durable as the other writes once applied (a WAL commit); applied within `FLUSH_DELAY_S` of the request, on
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
import time
from collections.abc import Callable, Iterable
from itertools import islice

from reverie.adapters.local.sqlite import SqliteDatabase
from reverie.runtime.pools import SharedPool

logger = logging.getLogger(__name__)

Counts = dict[tuple[str, str], tuple[int, int]]
"""Hits not written yet, by (tenant_id, memory_id): (how many calls named the card, the latest call's
time in microseconds)."""
Apply = Callable[[sqlite3.Connection, Counts], None]
Committed = Callable[[int, int], None]
"""Told of each flush's COMMIT: the reading connection's data_version before and after it."""

_WRITER = SharedPool(1, "reverie-hit-writer")
# How long hits gather before the writer thread writes them: one short transaction for every request of
# that while, instead of one per request, each of which made the next request's first read wait for the
# connection (on LoCoMo dev, back to back: 1.1 ms p50, 4 ms p95 a flush, in about every other recall).
FLUSH_DELAY_S = 0.25
FLUSH_CARDS = 256  # cards' hits a write transaction of the writer thread (the store's writes wait for it)


def _merged(into: Counts, more: Counts) -> None:
    for key, (hits, last) in more.items():
        had, was = into.get(key, (0, last))
        into[key] = (had + hits, max(was, last))


class HitWriter:
    """The buffered hits of one store (`db`), applied by `apply` inside a write transaction."""

    def __init__(
        self,
        db: SqliteDatabase,
        apply: Apply,
        delay_s: float = FLUSH_DELAY_S,
        committed: Committed = lambda before, after: None,
    ) -> None:
        self._db = db
        self._apply = apply
        self._on_commit = committed
        self._delay_s = delay_s
        self._pending: Counts = {}
        self._writing: Counts = {}  # taken by the flush in progress, until its COMMIT
        self._lock = threading.Lock()
        self._scheduled: int | None = None  # the process whose writer thread has a flush queued
        self._closed = False

    def add(self, tenant_id: str, memory_ids: Iterable[str], at_micros: int) -> None:
        """Buffer one call's hits (each card named once counts once); the writer thread applies them soon."""
        with self._lock:
            _merged(self._pending, {(tenant_id, m): (1, at_micros) for m in memory_ids})
            # a flush queued by the parent before a fork never runs in the child: queue one of its own
            closed, scheduled = self._closed, self._scheduled == os.getpid()
            self._scheduled = os.getpid()
        if closed:  # written now: on a closed store this raises, as an inline write would
            self.flush()
            return
        if scheduled:
            return
        try:
            _WRITER.executor().submit(self._background, time.monotonic() + self._delay_s)
        except RuntimeError:  # the interpreter is shutting down: no new threads, write them now
            self.flush()

    def flush(self) -> None:
        """Apply what is buffered now, `FLUSH_CARDS` cards a write transaction on the second connection
        (nothing buffered: none)."""
        while self._pending:
            try:
                with self._db.background_write(committed=self._committed) as conn:
                    with self._lock:
                        self._writing = self._take(FLUSH_CARDS)
                    self._apply(conn, self._writing)
            except BaseException:
                with self._lock:  # buffered again
                    _merged(self._pending, self._writing)
                    self._writing = {}
                raise

    def _committed(self, before: int, after: int) -> None:
        """The flush in progress is in the file (called under the reading connection's lock)."""
        with self._lock:
            self._writing = {}
        self._on_commit(before, after)

    def pending_for(self, tenant_id: str, memory_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """What the buffer and the flush in progress add to these cards of the tenant, by memory id: (hits,
        the latest hit's time in microseconds). Asked under the connection's lock (inside a read), so it
        and what the read sees are one state: a flush's COMMIT and its `_committed` run under that lock."""
        with self._lock:
            if not self._pending and not self._writing:
                return {}
            keys = [(tenant_id, m) for m in memory_ids]
            found: Counts = {}
            for counts in (self._pending, self._writing):
                _merged(found, {key: c for key in keys if (c := counts.get(key))})
            return {m: counts for (_, m), counts in found.items()}

    def apply_pending(self, conn: sqlite3.Connection) -> None:
        """Apply what is buffered inside the caller's write transaction (which holds the connection's lock,
        so no read sees the buffer emptied before the transaction commits). Kept if the write fails."""
        with self._lock:
            taken = self._take(None)
        if not taken:
            return
        try:
            self._apply(conn, taken)
        except BaseException:
            with self._lock:
                _merged(self._pending, taken)
            raise

    def _take(self, most: int | None) -> Counts:
        """At most `most` cards' buffered hits (None: all), out of the buffer (called under `_lock`)."""
        if most is None or len(self._pending) <= most:
            taken, self._pending = self._pending, {}
            return taken
        taken = dict(islice(self._pending.items(), most))
        for key in taken:
            del self._pending[key]
        return taken

    def close(self) -> None:
        """Apply what is buffered, and buffer nothing more for the writer thread (the store is closing)."""
        with self._lock:
            self._closed = True
        self.flush()

    def _background(self, due: float) -> None:
        # hits of the requests meanwhile join this flush; a flush queued behind other stores' (one writer thread
        # for the process) is already due when its turn comes, and waits no more
        time.sleep(max(0.0, due - time.monotonic()))
        with self._lock:
            self._scheduled = None
            if self._closed:
                return
        try:
            self.flush()
        except Exception:
            logger.warning("recorded hits could not be written yet; kept for the next try", exc_info=True)
