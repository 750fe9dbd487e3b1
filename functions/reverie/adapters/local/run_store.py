"""Dream runs, their changes, stage outputs, the per-user lease and the review queue in an embedded SQLite file."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.adapters.local.sqlite import MEMORY, Schema, SqliteDatabase, from_micros, to_micros
from reverie.adapters.run_rules import (
    check_limit,
    check_resolution,
    check_same_entry,
    check_status_filter,
    encode_output,
    lease_lost,
    resolved,
    ttl_micros,
    validated,
)
from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.domain.errors import InvalidRequest, NotFound
from reverie.ports import Fence, Lease, RunStore

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


class SqliteRunStore(RunStore):
    """The `RunStore` contract on SQLite, durable across restarts; its own file (or ":memory:").

    Choices the other adapters mirror:
    - Every read and write is inside one tenant: another tenant's run or review item is `NotFound`
      (`get_run`, `get_review`, `resolve_review`), absent (`list_*`, `changes` -> [], `stage_output` -> None).
    - `save_run` upserts; a run keeps its (tenant, user): saving it under another user is `InvalidRequest`.
    - `record_change` and `save_stage_output` need the run to exist (`NotFound` otherwise), so
      `delete_user` can find them through it. A change id or stage already stored keeps its first
      content (no error); stored changes and stage outputs are never rewritten (triggers abort an UPDATE).
      `changes` of an unknown run is [], `stage_output` of an unsaved stage is None.
    - The lease is granted when absent, expired (`expires_at <= now`) or already held by the same
      holder (re-entrant: the expiry becomes `now + ttl_s`); check and write are one BEGIN IMMEDIATE
      transaction, so of racing processes exactly one wins. `ttl_s` must be positive. The fencing token
      is a per-user counter in `lease_tokens`, moved on in the same transaction; a fenced write checks
      the lease row and the counter inside its own transaction.
    - `list_runs`: newest `started_at` first, ties by run_id descending. `list_reviews`: oldest
      `created_at` first, ties by item_id; an unknown status filter is `InvalidRequest`.
    - `add_review` of a stored item_id keeps the stored item (a resolved item is not reopened).
      `resolve_review` accepts approved / rejected / edited (else `InvalidRequest`); resolving again
      with the same status returns the stored item unchanged, with another status is `InvalidRequest`.
    - `delete_user` removes the user's runs with their changes, stage outputs, journals and commit
      markers, the lease (even if held) and its counter, the rolled-back fingerprints and the review
      items; it returns the number of rows removed.
    """

    def __init__(self, path: str | Path = MEMORY, busy_timeout_ms: int = 5_000) -> None:
        self._db = SqliteDatabase(path, SCHEMA, busy_timeout_ms)

    def close(self) -> None:
        self._db.close()

    def compact(self) -> bool:
        return self._db.checkpoint()

    # --- runs -------------------------------------------------------------------------------------

    def save_run(self, run: DreamRun, fence: Fence | None = None) -> None:
        run = validated(run)
        key = (run.tenant_id, run.run_id)
        with self._db.write() as conn:
            self._check_fence(conn, run.tenant_id, fence)
            row = conn.execute("SELECT user_id FROM runs WHERE tenant_id = ? AND run_id = ?", key).fetchone()
            if row is not None and row[0] != run.user_id:
                raise InvalidRequest(f"run {run.run_id} belongs to user {row[0]}, not {run.user_id}")
            conn.execute(
                "INSERT INTO runs (tenant_id, run_id, user_id, status, started_at, run) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (tenant_id, run_id) DO UPDATE SET status = excluded.status, "
                "started_at = excluded.started_at, run = excluded.run",
                (*key, run.user_id, run.status.value, to_micros(run.started_at), run.model_dump_json()),
            )

    def get_run(self, tenant_id: str, run_id: str) -> DreamRun:
        rows = self._read("SELECT run FROM runs WHERE tenant_id = ? AND run_id = ?", tenant_id, run_id)
        if not rows:
            raise NotFound(f"dream run {run_id} not found")
        return DreamRun.model_validate_json(rows[0])

    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        check_limit(limit)
        by_user = "" if user_id is None else " AND user_id = ?"
        sql = (
            f"SELECT run FROM runs WHERE tenant_id = ?{by_user} ORDER BY started_at DESC, run_id DESC LIMIT ?"
        )
        rows = self._read(sql, tenant_id, *([] if user_id is None else [user_id]), limit)
        return [DreamRun.model_validate_json(body) for body in rows]

    # --- changes and stage outputs ----------------------------------------------------------------

    def record_change(self, tenant_id: str, change: Change, fence: Fence | None = None) -> None:
        change = validated(change)
        with self._db.write() as conn:
            self._check_fence(conn, tenant_id, fence)
            self._require_run(conn, tenant_id, change.run_id)
            conn.execute(
                "INSERT INTO changes (tenant_id, run_id, change_id, seq, change) "
                "SELECT :t, :r, :c, COALESCE(MAX(seq), 0) + 1, :body FROM changes WHERE tenant_id = :t "
                "AND run_id = :r ON CONFLICT (tenant_id, run_id, change_id) DO NOTHING",
                {"t": tenant_id, "r": change.run_id, "c": change.change_id, "body": change.model_dump_json()},
            )

    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        sql = "SELECT change FROM changes WHERE tenant_id = ? AND run_id = ? ORDER BY seq"
        return [Change.model_validate_json(body) for body in self._read(sql, tenant_id, run_id)]

    def save_stage_output(
        self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any], fence: Fence | None = None
    ) -> None:
        encoded = encode_output(output)
        with self._db.write() as conn:
            self._check_fence(conn, tenant_id, fence)
            self._require_run(conn, tenant_id, run_id)
            conn.execute(
                "INSERT INTO stage_outputs (tenant_id, run_id, stage, output) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (tenant_id, run_id, stage) DO NOTHING",
                (tenant_id, run_id, stage, encoded),
            )

    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None:
        sql = "SELECT output FROM stage_outputs WHERE tenant_id = ? AND run_id = ? AND stage = ?"
        rows = self._read(sql, tenant_id, run_id, stage)
        return dict(json.loads(rows[0])) if rows else None

    # --- the lease --------------------------------------------------------------------------------

    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> Lease | None:
        ttl = ttl_micros(ttl_s)
        now_micros = to_micros(now)
        user = (tenant_id, user_id)
        with self._db.write() as conn:
            row = conn.execute(
                "SELECT holder, expires_at FROM leases WHERE tenant_id = ? AND user_id = ?", user
            ).fetchone()
            if row is not None and row[0] != holder and row[1] > now_micros:
                return None
            token = self._token(conn, tenant_id, user_id)
            if row is None or row[0] != holder:  # a new holder: the fencing token moves on
                token += 1
                conn.execute(
                    "INSERT INTO lease_tokens (tenant_id, user_id, token) VALUES (?, ?, ?) "
                    "ON CONFLICT (tenant_id, user_id) DO UPDATE SET token = excluded.token",
                    (*user, token),
                )
            conn.execute(
                "INSERT INTO leases (tenant_id, user_id, holder, expires_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (tenant_id, user_id) DO UPDATE SET holder = excluded.holder, "
                "expires_at = excluded.expires_at",
                (*user, holder, now_micros + ttl),
            )
            return Lease(holder=holder, token=token, expires_at=from_micros(now_micros + ttl))

    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None:
        with self._db.write() as conn:
            conn.execute(
                "DELETE FROM leases WHERE tenant_id = ? AND user_id = ? AND holder = ?",
                (tenant_id, user_id, holder),
            )

    # --- the journal and the commit marker --------------------------------------------------------

    def append_journal(
        self, tenant_id: str, run_id: str, seq: int, entry: dict[str, Any], fence: Fence
    ) -> None:
        encoded = encode_output(entry)
        with self._db.write() as conn:
            self._check_fence(conn, tenant_id, fence)
            self._require_run(conn, tenant_id, run_id)
            row = conn.execute(
                "SELECT entry FROM journal WHERE tenant_id = ? AND run_id = ? AND seq = ?",
                (tenant_id, run_id, seq),
            ).fetchone()
            if row is not None:
                check_same_entry(run_id, seq, row[0], encoded)
                return
            conn.execute(
                "INSERT INTO journal (tenant_id, run_id, seq, entry) VALUES (?, ?, ?, ?)",
                (tenant_id, run_id, seq, encoded),
            )

    def journal(self, tenant_id: str, run_id: str) -> list[dict[str, Any]]:
        sql = "SELECT entry FROM journal WHERE tenant_id = ? AND run_id = ? ORDER BY seq"
        return [dict(json.loads(body)) for body in self._read(sql, tenant_id, run_id)]

    def commit_run(self, tenant_id: str, run_id: str, fence: Fence, at: datetime) -> datetime:
        with self._db.write() as conn:
            row = conn.execute(
                "SELECT at FROM commits WHERE tenant_id = ? AND run_id = ?", (tenant_id, run_id)
            ).fetchone()
            if row is not None:
                return from_micros(row[0])
            self._check_fence(conn, tenant_id, fence)
            self._require_run(conn, tenant_id, run_id)
            conn.execute(
                "INSERT INTO commits (tenant_id, run_id, token, at) VALUES (?, ?, ?, ?)",
                (tenant_id, run_id, fence.token, to_micros(at)),
            )
            return from_micros(to_micros(at))

    def committed_at(self, tenant_id: str, run_id: str) -> datetime | None:
        rows = self._read("SELECT at FROM commits WHERE tenant_id = ? AND run_id = ?", tenant_id, run_id)
        return from_micros(rows[0]) if rows else None

    # --- rollback memory --------------------------------------------------------------------------

    def mark_rolled_back(self, tenant_id: str, user_id: str, fingerprints: Sequence[str]) -> None:
        with self._db.write() as conn:
            conn.executemany(
                "INSERT INTO rolled_back (tenant_id, user_id, fingerprint) VALUES (?, ?, ?) "
                "ON CONFLICT (tenant_id, user_id, fingerprint) DO NOTHING",
                [(tenant_id, user_id, fingerprint) for fingerprint in dict.fromkeys(fingerprints)],
            )

    def rolled_back_fingerprints(self, tenant_id: str, user_id: str) -> set[str]:
        sql = "SELECT fingerprint FROM rolled_back WHERE tenant_id = ? AND user_id = ?"
        return set(self._read(sql, tenant_id, user_id))

    # --- the review queue -------------------------------------------------------------------------

    def add_review(self, item: ReviewItem) -> None:
        item = validated(item)
        with self._db.write() as conn:
            conn.execute(
                "INSERT INTO reviews (tenant_id, item_id, user_id, status, created_at, item) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, item_id) DO NOTHING",
                (
                    item.tenant_id,
                    item.item_id,
                    item.user_id,
                    item.status,
                    to_micros(item.created_at),
                    item.model_dump_json(),
                ),
            )

    def get_review(self, tenant_id: str, item_id: str) -> ReviewItem:
        sql = "SELECT item FROM reviews WHERE tenant_id = ? AND item_id = ?"
        rows = self._read(sql, tenant_id, item_id)
        if not rows:
            raise NotFound(f"review item {item_id} not found")
        return ReviewItem.model_validate_json(rows[0])

    def list_reviews(
        self, tenant_id: str, user_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewItem]:
        check_status_filter(status)
        filters = [
            (column, value)
            for column, value in (("user_id", user_id), ("status", status))
            if value is not None
        ]
        where = "".join(f" AND {column} = ?" for column, _ in filters)
        sql = f"SELECT item FROM reviews WHERE tenant_id = ?{where} ORDER BY created_at, item_id"
        rows = self._read(sql, tenant_id, *(value for _, value in filters))
        return [ReviewItem.model_validate_json(body) for body in rows]

    def resolve_review(self, tenant_id: str, item_id: str, status: str, at: datetime) -> ReviewItem:
        check_resolution(status)
        with self._db.write() as conn:
            row = conn.execute(
                "SELECT item FROM reviews WHERE tenant_id = ? AND item_id = ?", (tenant_id, item_id)
            ).fetchone()
            if row is None:
                raise NotFound(f"review item {item_id} not found")
            stored = ReviewItem.model_validate_json(row[0])
            item = resolved(stored, status, at)
            if item is not stored:
                conn.execute(
                    "UPDATE reviews SET status = ?, item = ? WHERE tenant_id = ? AND item_id = ?",
                    (item.status, item.model_dump_json(), tenant_id, item_id),
                )
            return item

    # --- forgetting a user ------------------------------------------------------------------------

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        owned = "tenant_id = ? AND run_id IN (SELECT run_id FROM runs WHERE tenant_id = ? AND user_id = ?)"
        removed = 0
        with self._db.write() as conn:
            for table in (
                "changes",
                "stage_outputs",
                "journal",
                "commits",
            ):  # before runs: their foreign keys point at it
                removed += conn.execute(
                    f"DELETE FROM {table} WHERE {owned}", (tenant_id, tenant_id, user_id)
                ).rowcount
            for table in ("runs", "leases", "rolled_back", "reviews"):
                removed += conn.execute(
                    f"DELETE FROM {table} WHERE tenant_id = ? AND user_id = ?", (tenant_id, user_id)
                ).rowcount
            # the lease's fencing counter is bookkeeping of the lease, not a record of its own
            conn.execute("DELETE FROM lease_tokens WHERE tenant_id = ? AND user_id = ?", (tenant_id, user_id))
        return removed

    # --- primitives -------------------------------------------------------------------------------

    def _read(self, sql: str, *params: Any) -> list[Any]:
        """The first column of every row, read in one snapshot."""
        with self._db.read() as conn:
            return [row[0] for row in conn.execute(sql, params).fetchall()]

    @staticmethod
    def _token(conn: sqlite3.Connection, tenant_id: str, user_id: str) -> int:
        row = conn.execute(
            "SELECT token FROM lease_tokens WHERE tenant_id = ? AND user_id = ?", (tenant_id, user_id)
        ).fetchone()
        return 0 if row is None else int(row[0])

    def _check_fence(self, conn: sqlite3.Connection, tenant_id: str, fence: Fence | None) -> None:
        """Inside the write's transaction: `LeaseLost` unless the fence's lease is still the one held."""
        if fence is None:
            return
        row = conn.execute(
            "SELECT holder FROM leases WHERE tenant_id = ? AND user_id = ?", (tenant_id, fence.user_id)
        ).fetchone()
        held = row is not None and row[0] == fence.holder
        if not held or self._token(conn, tenant_id, fence.user_id) != fence.token:
            raise lease_lost(fence)

    @staticmethod
    def _require_run(conn: sqlite3.Connection, tenant_id: str, run_id: str) -> None:
        row = conn.execute(
            "SELECT 1 FROM runs WHERE tenant_id = ? AND run_id = ?", (tenant_id, run_id)
        ).fetchone()
        if row is None:
            raise NotFound(f"dream run {run_id} not found; save the run before recording its work")
