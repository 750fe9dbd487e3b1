"""A durable work queue in an embedded SQLite file: the local stand-in for SQS."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reverie.adapters.local.sqlite import MEMORY, Schema, SqliteDatabase
from reverie.domain.errors import InvalidRequest
from reverie.ports import Queue, QueueMessage

MAX_RECEIVE = 10  # as SQS: ReceiveMessage returns at most 10 messages

SCHEMA = Schema(
    name="queue",
    application_id=0x52565131,  # "RVQ1"
    version=1,
    statements=(
        # dedup_id is UNIQUE among the rows still present, i.e. among un-acked messages (NULLs never clash).
        """CREATE TABLE IF NOT EXISTS messages (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            message_id TEXT NOT NULL UNIQUE,
            dedup_id TEXT UNIQUE,
            body TEXT NOT NULL,
            visible_at REAL NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS messages_by_visibility ON messages (visible_at, seq)",
    ),
)


def encode_body(body: dict[str, Any]) -> str:
    """The body as JSON; a body that JSON cannot carry is refused before anything is queued."""
    try:
        return json.dumps(body, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidRequest(f"a queue message body must be plain JSON: {exc}") from exc


def check_max_messages(max_messages: int) -> None:
    if not 1 <= max_messages <= MAX_RECEIVE:
        raise InvalidRequest(f"max_messages must be between 1 and {MAX_RECEIVE}, not {max_messages}")


class SqliteQueue(Queue):
    """The `Queue` contract on SQLite, durable across restarts.

    At-least-once: `receive` hands out visible messages oldest first and hides each for
    `visibility_timeout_s` seconds; a message not `ack`ed by then is handed out again. `ack` deletes the
    message; acking an unknown or already acked id is a no-op. A `send` whose `dedup_id` belongs to a
    message still queued (received or not, but not acked) is dropped; once that message is acked the
    same `dedup_id` may be queued again. Concurrent receivers never get the same message inside one
    visibility window (the claim is one BEGIN IMMEDIATE transaction). `clock` (seconds, monotonic
    within a run) exists so tests can move time forward.
    """

    def __init__(
        self,
        path: str | Path = MEMORY,
        visibility_timeout_s: float = 30.0,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = 5_000,
    ) -> None:
        if visibility_timeout_s < 0:
            raise ValueError("visibility_timeout_s must not be negative")
        self._db = SqliteDatabase(path, SCHEMA, busy_timeout_ms)
        self._visibility_timeout = visibility_timeout_s
        self._clock = clock

    def close(self) -> None:
        self._db.close()

    def compact(self) -> bool:
        return self._db.checkpoint()

    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None:
        encoded = encode_body(body)
        with self._db.write() as conn:
            conn.execute(
                "INSERT INTO messages (message_id, dedup_id, body, visible_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (dedup_id) DO NOTHING",
                (uuid.uuid4().hex, dedup_id, encoded, self._clock()),
            )

    def receive(self, max_messages: int = 10) -> list[QueueMessage]:
        check_max_messages(max_messages)
        now = self._clock()
        with self._db.write() as conn:
            rows = conn.execute(
                "SELECT seq, message_id, body FROM messages WHERE visible_at <= ? ORDER BY seq LIMIT ?",
                (now, max_messages),
            ).fetchall()
            conn.executemany(
                "UPDATE messages SET visible_at = ? WHERE seq = ?",
                [(now + self._visibility_timeout, seq) for seq, _, _ in rows],
            )
        return [QueueMessage(message_id=message_id, body=json.loads(body)) for _, message_id, body in rows]

    def ack(self, message_id: str) -> None:
        with self._db.write() as conn:
            conn.execute("DELETE FROM messages WHERE message_id = ?", (message_id,))

    def purge_user(self, tenant_id: str, user_id: str) -> int:
        with self._db.write() as conn:
            return conn.execute(
                "DELETE FROM messages WHERE json_extract(body, '$.tenant_id') = ? "
                "AND json_extract(body, '$.user_id') = ?",
                (tenant_id, user_id),
            ).rowcount
