"""The review queue of the embedded run store, and the claims rolled-back runs leave behind.

`add_review` of a stored item_id keeps the stored item (a resolved item is not reopened); `list_reviews`
answers oldest `created_at` first, ties by item_id, and an unknown status filter is `InvalidRequest`;
`resolve_review` accepts approved / rejected / edited (else `InvalidRequest`): resolving again with the
same status returns the stored item unchanged, with another status is `InvalidRequest`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from reverie.adapters.local.run_tables import SqliteRunTables
from reverie.adapters.local.sqlite import to_micros
from reverie.adapters.run_rules import check_resolution, check_status_filter, resolved, validated
from reverie.domain.dream import ReviewItem
from reverie.domain.errors import NotFound


class SqliteReviews(SqliteRunTables):
    """The review queue and rolled-back fingerprints of the `RunStore` contract on SQLite."""

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
