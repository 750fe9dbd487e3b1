"""Opening an embedded SQLite database safely for the local, multi-threaded HTTP server.

Shared by the SQLite adapters (log, notes, queue). Each store owns one database file, or ":memory:".
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from reverie.domain.errors import StorageError

MEMORY = ":memory:"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


@dataclass(frozen=True)
class Schema:
    """A store's tables. `statements` must be idempotent (CREATE ... IF NOT EXISTS).

    `application_id` (PRAGMA application_id) marks which store a file belongs to, so two stores
    pointed at the same file fail loudly instead of mixing their tables; `version` is kept in
    PRAGMA user_version (the schema version, for future migrations).
    """

    name: str
    application_id: int
    version: int
    statements: tuple[str, ...]


def to_micros(value: datetime) -> int:
    """A time as integer microseconds since the epoch (sortable, exact); a naive time is taken as UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return (value - _EPOCH) // _MICROSECOND


def from_micros(value: int) -> datetime:
    return _EPOCH + timedelta(microseconds=value)


class SqliteDatabase:
    """One SQLite connection shared by every thread of the process, serialised by a lock.

    Why one connection and a lock rather than one connection per thread: the local server
    (`ThreadingHTTPServer`) starts a new thread per request, so per-thread connections would be
    opened and leaked on every request, and a ":memory:" database exists only inside the connection
    that created it. Every statement is short, so serialising them inside the process costs little.
    Across processes (the server plus a CLI dream run on the same file) the file is in WAL mode:
    readers never block the writer, writers take the write lock up front (BEGIN IMMEDIATE) and wait
    up to `busy_timeout_ms` for each other instead of failing at once. `synchronous=NORMAL` is the
    WAL setting SQLite recommends: a committed transaction survives a crash of the process; only a
    power loss may drop the last few commits.

    Forgetting must leave nothing readable on disk: `secure_delete` makes SQLite overwrite deleted rows
    and freed pages with zeros, and `checkpoint()` (called after a deletion) copies the WAL into the
    file and truncates it, so the frames that still held the deleted rows are gone too.

    A writer thread off the request path (`hit_writer`) writes through a second connection
    (`background_write`), so that the reads of this one never wait for its transaction: in-process
    writes take `_write_lock` before `_lock`, the only order, so neither connection waits on SQLite's
    write lock while holding what the other needs.
    """

    def __init__(
        self, path: str | Path, schema: Schema, busy_timeout_ms: int = 5_000, background: bool = False
    ) -> None:
        """`background`: open the second connection (`background_write`) now, beside the first, rather than
        at its first use (a writer thread would find a file deleted meanwhile, where an open one writes on)."""
        self.path = str(path)
        self._busy_timeout_ms = busy_timeout_ms
        self._lock = threading.RLock()
        self._write_lock = threading.RLock()
        self._background: tuple[int, sqlite3.Connection] | None = None  # (the process that opened it, it)
        self.rollbacks = 0
        """Transactions of this connection rolled back so far: what it wrote in them is undone (a store
        that keeps what it wrote in memory drops it when this moves)."""
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = self._connect()
        try:
            self._apply(schema)
            if background and self.path != MEMORY:
                self._background_connection()
        except BaseException:
            self._conn.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=self._busy_timeout_ms / 1000,
                isolation_level=None,  # autocommit: transactions are begun explicitly below
                check_same_thread=False,  # safe: every use holds a lock (`_lock`, `_write_lock`)
            )
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA secure_delete = ON")
            if self.path != MEMORY:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {exc}") from exc
        return conn

    def _apply(self, schema: Schema) -> None:
        with self.write() as conn:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id not in (0, schema.application_id):
                raise StorageError(
                    f"{self.path} belongs to another Reverie store (application_id {app_id}); "
                    f"give the {schema.name} store a file of its own"
                )
            if version > schema.version:
                raise StorageError(
                    f"{self.path} holds {schema.name} schema version {version}, newer than this "
                    f"code's {schema.version}; upgrade Reverie"
                )
            for statement in schema.statements:
                conn.execute(statement)
            # No migrations exist yet: version 1 is created by the statements above. A later version
            # adds its steps here, keyed by the version read from the file.
            conn.execute(f"PRAGMA application_id = {int(schema.application_id)}")
            conn.execute(f"PRAGMA user_version = {int(schema.version)}")

    @property
    def schema_version(self) -> int:
        with self.read() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (BEGIN IMMEDIATE): committed on success, rolled back on any error."""
        with self._write_lock, self._transaction("BEGIN IMMEDIATE") as conn:
            yield conn

    @contextmanager
    def background_write(self, committed: Callable[[int, int], None]) -> Iterator[sqlite3.Connection]:
        """A write transaction (BEGIN IMMEDIATE) on a second connection to the file, for a thread off the
        request path: the reads of the first connection do not wait for it, only for its COMMIT, which
        runs under the first connection's lock followed by `committed(before, after)`, so a read sees
        both or neither. `before`/`after`: the first connection's `PRAGMA data_version` just before and
        after the COMMIT (this transaction holds the file's write lock, so only its COMMIT lies between
        them). Rolled back on any error (`committed` is not called then). A ":memory:" database has no
        second connection: there it is `write()`."""
        if self.path == MEMORY:  # (both locks held through `committed` too, in the one order there is)
            with self._write_lock, self._lock:
                with self.write() as conn:
                    yield conn
                version = self._data_version()
                committed(version, version)
            return
        with self._write_lock:
            conn = self._background_connection()
            try:
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                with self._lock:
                    before = self._data_version()
                    conn.execute("COMMIT")
                    committed(before, self._data_version())
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"{self.path}: {exc}") from exc
                raise

    def _data_version(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def _background_connection(self) -> sqlite3.Connection:
        """The second connection, opened on first use in this process (a forked child opens its own)."""
        if self._background is None or self._background[0] != os.getpid():
            conn = self._connect()
            conn.execute("PRAGMA wal_autocheckpoint = 0")  # its commits never checkpoint under `_lock`
            self._background = (os.getpid(), conn)
        return self._background[1]

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every statement inside sees the same snapshot."""
        with self._transaction("BEGIN") as conn:
            yield conn

    @contextmanager
    def autocommit(self) -> Iterator[sqlite3.Connection]:
        """The connection outside any transaction, for statements each atomic on its own (SQLite commits
        each as it completes): one statement where a transaction's BEGIN and COMMIT would cost two more.
        It takes no `_write_lock`: a store that also writes through `background_write` reads here only."""
        with self._lock:
            if self._conn.in_transaction:
                raise RuntimeError("autocommit statements cannot run inside a transaction")
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise StorageError(f"{self.path}: {exc}") from exc

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._conn.in_transaction:
                raise RuntimeError("nested SQLite transactions are not supported")
            try:
                self._conn.execute(begin)
            except sqlite3.Error as exc:
                raise StorageError(f"{self.path}: cannot begin a transaction: {exc}") from exc
            try:
                yield self._conn
            except BaseException as exc:
                self._rollback()
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"{self.path}: {exc}") from exc
                raise
            try:
                self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                raise StorageError(f"{self.path}: commit failed: {exc}") from exc

    def _rollback(self) -> None:
        self.rollbacks += 1  # counted even when SQLite rolled the transaction back on its own
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def checkpoint(self) -> bool:
        """Copy the WAL into the database file and truncate it to zero bytes; False when another
        connection's open read kept part of it (the next checkpoint finishes the job)."""
        with self._write_lock:  # a checkpoint waits for the writer of the second connection
            return checkpoint(self._conn, self._lock, self.path)

    def close(self) -> None:
        with self._write_lock, self._lock:
            self._conn.close()
            if self._background is not None and self._background[0] == os.getpid():
                self._background[1].close()
            self._background = None


def checkpoint(conn: sqlite3.Connection, lock: threading.RLock, path: str) -> bool:
    """`PRAGMA wal_checkpoint(TRUNCATE)` on `conn` (outside any transaction); True when the whole WAL
    reached the file and was truncated. An in-memory database has no WAL: always True."""
    if path == MEMORY:
        return True
    with lock:
        try:
            busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error as exc:
            raise StorageError(f"{path}: checkpoint failed: {exc}") from exc
    return int(busy) == 0


def placeholders(count: int) -> str:
    """`?, ?, ?` for an IN list of `count` values."""
    return ", ".join("?" * count)


T = TypeVar("T")


def in_chunks(values: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    """`values` in runs of at most `size`, one IN list each (a statement's variables are capped)."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


def ids_by_tenant(pairs: Iterable[tuple[str, str]], size: int) -> Iterator[tuple[str, Sequence[str]]]:
    """(tenant, ids) for `pairs` of (tenant, id): each tenant's ids in runs of at most `size`, in order."""
    grouped: dict[str, list[str]] = {}
    for tenant_id, item_id in pairs:
        grouped.setdefault(tenant_id, []).append(item_id)
    for tenant_id, ids in grouped.items():
        for chunk in in_chunks(ids, size):
            yield tenant_id, chunk
