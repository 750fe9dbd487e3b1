"""The per-user dream lease of the embedded run store, and the fencing check every fenced write makes.

The lease is granted when absent, expired (`expires_at <= now`) or already held by the same holder
(re-entrant: the expiry becomes `now + ttl_s`); check and write are one BEGIN IMMEDIATE transaction, so of
racing processes exactly one wins. The fencing token is a per-user counter in `lease_tokens` (a release
deletes the lease, never the counter), moved on in the same transaction when the holder changes; a fenced
write checks the lease row and the counter inside its own transaction (`_check_fence`).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from reverie.adapters.local.run_tables import SqliteRunTables
from reverie.adapters.local.sqlite import from_micros, to_micros
from reverie.adapters.run_rules import lease_lost, ttl_micros
from reverie.ports import Fence, Lease


class SqliteLeases(SqliteRunTables):
    """`acquire_lease`, `release_lease` and the fencing check of the `RunStore` contract on SQLite."""

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
