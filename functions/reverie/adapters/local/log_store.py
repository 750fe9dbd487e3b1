"""L1 raw log in an embedded SQLite file: append-only, immutable, partitioned by tenant / user / session."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Sequence
from datetime import datetime
from pathlib import Path

from reverie.adapters.local.sqlite import (
    MEMORY,
    Schema,
    SqliteDatabase,
    from_micros,
    in_chunks,
    placeholders,
    to_micros,
)
from reverie.domain.errors import EventConflict
from reverie.domain.events import Event, parse_event
from reverie.ports import AppendResult, LogStore, SessionInfo

SCHEMA = Schema(
    name="log",
    application_id=0x52564C31,  # "RVL1"
    version=1,
    statements=(
        # AUTOINCREMENT: `seq` (append order) is never reused, even after delete_user.
        """CREATE TABLE IF NOT EXISTS events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            tenant_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            session_id TEXT NOT NULL,
            event_id TEXT NOT NULL,
            ts INTEGER NOT NULL,
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            UNIQUE (tenant_id, user_id, session_id, event_id)
        )""",
        "CREATE INDEX IF NOT EXISTS events_by_user_ts ON events (tenant_id, user_id, ts, seq)",
        """CREATE TRIGGER IF NOT EXISTS events_are_immutable BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'L1 events are immutable: append a new event instead'); END""",
    ),
)

_Key = tuple[str, str, str, str]
_IDS_PER_QUERY = 500  # bound parameters per statement, well under SQLite's limit (32,766)
_ROWS_PER_INSERT = 500  # 7 parameters a row
_BODY_BY_KEY = (
    "SELECT body FROM events WHERE tenant_id = ? AND user_id = ? AND session_id = ? AND event_id = ?"
)


def _same_payload(key: _Key, stored: str, given: str) -> None:
    """Raise `EventConflict` unless two dumps of the event hold the same data."""
    if stored != given and json.loads(stored) != json.loads(given):
        raise EventConflict(
            f"event {key[3]} of session {key[2]} is already stored with a different payload; L1 is "
            "immutable, so send it under a new event_id"
        )


def _key(event: Event) -> _Key:
    return (event.tenant_id, event.user_id, event.session_id, event.event_id)


class SqliteLogStore(LogStore):
    """The `LogStore` contract on SQLite.

    Each event is one row holding the event dumped as JSON (pydantic json mode) plus the columns it
    is found by. Idempotency is the unique key (tenant, user, session, event_id): the same payload
    again is counted as a duplicate, a different payload raises `EventConflict` and the whole batch
    is rolled back. A trigger aborts any UPDATE of the table, so not even raw SQL rewrites an event;
    the only removal is `delete_user`. `read_user(since=...)` includes events at exactly `since`.
    """

    def __init__(self, path: str | Path = MEMORY, busy_timeout_ms: int = 5_000) -> None:
        self._db = SqliteDatabase(path, SCHEMA, busy_timeout_ms)

    def close(self) -> None:
        self._db.close()

    def compact(self) -> bool:
        return self._db.checkpoint()

    def append(self, events: Sequence[Event]) -> AppendResult:
        # Each event is dumped once and a copy repeated in the batch is compared in memory. The batch's
        # new events go in one INSERT ... ON CONFLICT DO NOTHING RETURNING; only what it did not store
        # is read back by id and compared. One event (one request of an agent, most often) is that one
        # statement alone, atomic by itself; a batch is BEGIN, INSERT, COMMIT, and a conflict raises
        # inside the transaction, so nothing of the batch is stored.
        first: dict[_Key, tuple[Event, str]] = {}
        repeats: list[tuple[_Key, str]] = []
        for event in events:
            key, body = _key(event), event.model_dump_json()
            if key in first:
                repeats.append((key, body))
            else:
                first[key] = (event, body)
        for key, body in repeats:
            _same_payload(key, first[key][1], body)
        stored = self._append_one(*next(iter(first.values()))) if len(first) == 1 else None
        if stored is None:
            with self._db.write() as conn:
                inserted = self._insert_new(conn, list(first.values()))
                for key in first.keys() - inserted:
                    _same_payload(key, self._stored_body(conn, key), first[key][1])
            stored = len(inserted)
        return AppendResult(stored=stored, duplicates=len(events) - stored)

    def _append_one(self, event: Event, body: str) -> int | None:
        """Append one event without a transaction: 1 if stored, 0 if already stored the same, None if
        it was removed between the INSERT and the read (`delete_user` in another process: append again)."""
        key = _key(event)
        with self._db.autocommit() as conn:
            if self._insert_new(conn, [(event, body)]):
                return 1
            stored = conn.execute(_BODY_BY_KEY, key).fetchone()
        if stored is None:
            return None
        _same_payload(key, stored[0], body)
        return 0

    @staticmethod
    def _stored_body(conn: sqlite3.Connection, key: _Key) -> str:
        return str(conn.execute(_BODY_BY_KEY, key).fetchone()[0])

    @staticmethod
    def _insert_new(conn: sqlite3.Connection, rows: Sequence[tuple[Event, str]]) -> set[_Key]:
        """Insert the events not stored yet, in order; the keys of those inserted."""
        inserted: set[_Key] = set()
        for chunk in in_chunks(rows, _ROWS_PER_INSERT):
            values = [
                v for event, body in chunk for v in (*_key(event), to_micros(event.ts), event.kind, body)
            ]
            found = conn.execute(
                "INSERT INTO events (tenant_id, user_id, session_id, event_id, ts, kind, body) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(chunk))
                + " ON CONFLICT DO NOTHING RETURNING tenant_id, user_id, session_id, event_id",
                values,
            ).fetchall()
            inserted.update((r[0], r[1], r[2], r[3]) for r in found)
        return inserted

    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]:
        # One statement reads one snapshot on its own: no BEGIN and COMMIT (recall's quotes read a few).
        with self._db.autocommit() as conn:
            rows = conn.execute(
                "SELECT body FROM events WHERE tenant_id = ? AND user_id = ? AND session_id = ? ORDER BY seq",
                (tenant_id, user_id, session_id),
            ).fetchall()
        return [parse_event(json.loads(body)) for (body,) in rows]

    def stored_times(
        self, tenant_id: str, user_id: str, session_id: str, event_ids: Collection[str]
    ) -> dict[str, datetime]:
        """Found through the unique key's index, a lookup per id (not a read of the session)."""
        ids = sorted(set(event_ids))
        found: dict[str, datetime] = {}
        with self._db.read() as conn:
            for chunk in in_chunks(ids, _IDS_PER_QUERY):
                rows = conn.execute(
                    "SELECT event_id, ts FROM events WHERE tenant_id = ? AND user_id = ? AND session_id = ? "
                    f"AND event_id IN ({placeholders(len(chunk))})",
                    (tenant_id, user_id, session_id, *chunk),
                ).fetchall()
                found.update((event_id, from_micros(ts)) for event_id, ts in rows)
        return found

    def read_user(self, tenant_id: str, user_id: str, since: datetime | None = None) -> list[Event]:
        with self._db.autocommit() as conn:  # one statement: one snapshot (recall reads it every request)
            rows = conn.execute(
                "SELECT body FROM events WHERE tenant_id = ? AND user_id = ? AND ts >= ? ORDER BY ts, seq",
                (tenant_id, user_id, to_micros(since) if since is not None else -(2**62)),
            ).fetchall()
        return [parse_event(json.loads(body)) for (body,) in rows]

    def sessions(self, tenant_id: str, user_id: str) -> list[SessionInfo]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT session_id, MIN(ts), MAX(ts), COUNT(*), MAX(kind = 'session_end') FROM events "
                "WHERE tenant_id = ? AND user_id = ? GROUP BY session_id ORDER BY MIN(ts), MIN(seq)",
                (tenant_id, user_id),
            ).fetchall()
        return [
            SessionInfo(
                session_id=session_id,
                first_ts=from_micros(first),
                last_ts=from_micros(last),
                event_count=count,
                ended=bool(ended),
            )
            for session_id, first, last, count, ended in rows
        ]

    def users(self, tenant_id: str) -> list[str]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id FROM events WHERE tenant_id = ? ORDER BY user_id", (tenant_id,)
            ).fetchall()
        return [user_id for (user_id,) in rows]

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._db.write() as conn:
            cursor = conn.execute(
                "DELETE FROM events WHERE tenant_id = ? AND user_id = ?", (tenant_id, user_id)
            )
            return cursor.rowcount
