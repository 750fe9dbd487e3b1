"""The embedded SQLite database every local store opens: its durability settings and its transactions."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from reverie.adapters.local.log_store import SCHEMA
from reverie.adapters.local.sqlite import SqliteDatabase


def test_a_database_file_is_opened_in_wal_mode_with_synchronous_normal(tmp_path: Path) -> None:
    # WHEN a store's database file is opened
    db = SqliteDatabase(tmp_path / "log.db", SCHEMA)
    # THEN readers never block the writer (WAL) and a commit is not synced to disk one by one: it
    # survives a crash of the process, a power loss may drop the last commits (synchronous=NORMAL)
    with db.read() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    db.close()
    # AND the file stays in WAL mode for any other process that opens it
    other = sqlite3.connect(tmp_path / "log.db")
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    other.close()


def test_an_autocommit_statement_is_committed_as_it_completes(tmp_path: Path) -> None:
    # GIVEN a database, and another connection to the same file (another process)
    db = SqliteDatabase(tmp_path / "log.db", SCHEMA)
    other = sqlite3.connect(tmp_path / "log.db")
    # WHEN one statement runs outside any transaction
    with db.autocommit() as conn:
        conn.execute(
            "INSERT INTO events (tenant_id, user_id, session_id, event_id, ts, kind, body) "
            "VALUES ('t', 'u', 's', 'e1', 0, 'message', '{}') RETURNING seq"
        ).fetchall()
        # THEN the other connection sees its row at once: nothing waits for a COMMIT
        assert other.execute("SELECT event_id FROM events").fetchall() == [("e1",)]
    other.close()
    db.close()


def test_autocommit_statements_cannot_run_inside_a_transaction(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "log.db", SCHEMA)
    with db.write(), pytest.raises(RuntimeError, match="inside a transaction"), db.autocommit():
        pass
    db.close()
