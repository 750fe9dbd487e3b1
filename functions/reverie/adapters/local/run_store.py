"""Dream runs, their changes, stage outputs, journals and commit markers in an embedded SQLite file, with
the per-user lease (`run_leases`) and the review queue (`run_reviews`) over the same database
(`run_tables` holds the schema)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from reverie.adapters.local.run_leases import SqliteLeases
from reverie.adapters.local.run_reviews import SqliteReviews
from reverie.adapters.local.run_tables import SCHEMA
from reverie.adapters.local.sqlite import from_micros, to_micros
from reverie.adapters.run_rules import check_limit, check_same_entry, encode_output, validated
from reverie.domain.dream import Change, DreamRun
from reverie.domain.errors import InvalidRequest, NotFound
from reverie.ports import Fence, RunStore

__all__ = ["SCHEMA", "SqliteRunStore"]


class SqliteRunStore(SqliteLeases, SqliteReviews, RunStore):
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
