"""What the embedded run store keeps, and what its parts share: the SQLite schema of runs, changes, stage
outputs, leases and their fencing tokens, journals, commit markers, rolled-back claims and review items,
and the base class that opens it (`SqliteRunTables`). The store itself is `run_store.SqliteRunStore`."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from reverie.adapters.local.sqlite import MEMORY, Schema, SqliteDatabase
from reverie.domain.errors import NotFound

SCHEMA = Schema(
    name="runs",
    application_id=0x52565231,  # "RVR1"
    version=1,
    statements=(
        """CREATE TABLE IF NOT EXISTS runs (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL,
            started_at INTEGER NOT NULL, run TEXT NOT NULL,
            PRIMARY KEY (tenant_id, run_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX IF NOT EXISTS runs_by_time ON runs (tenant_id, started_at, run_id)",
        "CREATE INDEX IF NOT EXISTS runs_by_user ON runs (tenant_id, user_id, started_at, run_id)",
        """CREATE TABLE IF NOT EXISTS changes (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, change_id TEXT NOT NULL, seq INTEGER NOT NULL,
            change TEXT NOT NULL,
            PRIMARY KEY (tenant_id, run_id, change_id),
            UNIQUE (tenant_id, run_id, seq),
            FOREIGN KEY (tenant_id, run_id) REFERENCES runs (tenant_id, run_id)
        ) WITHOUT ROWID""",
        """CREATE TRIGGER IF NOT EXISTS changes_are_immutable BEFORE UPDATE ON changes
        BEGIN SELECT RAISE(ABORT, 'a recorded change is never rewritten'); END""",
        """CREATE TABLE IF NOT EXISTS stage_outputs (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, stage TEXT NOT NULL, output TEXT NOT NULL,
            PRIMARY KEY (tenant_id, run_id, stage),
            FOREIGN KEY (tenant_id, run_id) REFERENCES runs (tenant_id, run_id)
        ) WITHOUT ROWID""",
        """CREATE TRIGGER IF NOT EXISTS stage_outputs_are_immutable BEFORE UPDATE ON stage_outputs
        BEGIN SELECT RAISE(ABORT, 'a saved stage output is never rewritten: the first save wins'); END""",
        """CREATE TABLE IF NOT EXISTS leases (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, holder TEXT NOT NULL, expires_at INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS rolled_back (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, fingerprint TEXT NOT NULL,
            PRIMARY KEY (tenant_id, user_id, fingerprint)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS reviews (
            tenant_id TEXT NOT NULL, item_id TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL,
            created_at INTEGER NOT NULL, item TEXT NOT NULL,
            PRIMARY KEY (tenant_id, item_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX IF NOT EXISTS reviews_by_time ON reviews (tenant_id, created_at, item_id)",
        # fencing tokens live apart from `leases` (a release deletes the lease, never the counter)
        """CREATE TABLE IF NOT EXISTS lease_tokens (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, token INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS journal (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
            PRIMARY KEY (tenant_id, run_id, seq),
            FOREIGN KEY (tenant_id, run_id) REFERENCES runs (tenant_id, run_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS commits (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, token INTEGER NOT NULL, at INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, run_id),
            FOREIGN KEY (tenant_id, run_id) REFERENCES runs (tenant_id, run_id)
        ) WITHOUT ROWID""",
    ),
)


class SqliteRunTables:
    """The run store's database and the reads its parts share."""

    def __init__(self, path: str | Path = MEMORY, busy_timeout_ms: int = 5_000) -> None:
        self._db = SqliteDatabase(path, SCHEMA, busy_timeout_ms)

    def close(self) -> None:
        self._db.close()

    def compact(self) -> bool:
        return self._db.checkpoint()

    def _read(self, sql: str, *params: Any) -> list[Any]:
        """The first column of every row, read in one snapshot."""
        with self._db.read() as conn:
            return [row[0] for row in conn.execute(sql, params).fetchall()]

    @staticmethod
    def _require_run(conn: sqlite3.Connection, tenant_id: str, run_id: str) -> None:
        row = conn.execute(
            "SELECT 1 FROM runs WHERE tenant_id = ? AND run_id = ?", (tenant_id, run_id)
        ).fetchone()
        if row is None:
            raise NotFound(f"dream run {run_id} not found; save the run before recording its work")
