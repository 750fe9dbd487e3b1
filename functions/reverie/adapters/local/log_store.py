"""L1 raw log in an embedded SQLite file: append-only, immutable, partitioned by tenant / user / session."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.adapters.local.sqlite import MEMORY, Schema, SqliteDatabase, from_micros, to_micros
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
        stored = duplicates = 0
        seen: dict[_Key, Any] = {}
        with self._db.write() as conn:
            for event in events:
                key = _key(event)
                body = event.model_dump_json()
                payload = json.loads(body)
                if key not in seen:
                    row = conn.execute(
                        "SELECT body FROM events WHERE tenant_id = ? AND user_id = ? AND session_id = ? "
                        "AND event_id = ?",
                        key,
                    ).fetchone()
                    if row is None:
                        self._insert(conn, event, body)
                        seen[key] = payload
                        stored += 1
                        continue
                    seen[key] = json.loads(row[0])
                if seen[key] != payload:
                    raise EventConflict(
                        f"event {event.event_id} of session {event.session_id} is already stored with a "
                        "different payload; L1 is immutable, so send it under a new event_id"
                    )
                duplicates += 1
        return AppendResult(stored=stored, duplicates=duplicates)

    @staticmethod
    def _insert(conn: sqlite3.Connection, event: Event, body: str) -> None:
        conn.execute(
            "INSERT INTO events (tenant_id, user_id, session_id, event_id, ts, kind, body) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (*_key(event), to_micros(event.ts), event.kind, body),
        )

    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]:
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT body FROM events WHERE tenant_id = ? AND user_id = ? AND session_id = ? ORDER BY seq",
                (tenant_id, user_id, session_id),
            ).fetchall()
        return [parse_event(json.loads(body)) for (body,) in rows]

    def read_user(self, tenant_id: str, user_id: str, since: datetime | None = None) -> list[Event]:
        with self._db.read() as conn:
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
