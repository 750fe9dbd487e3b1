"""The review queue of the DynamoDB run store, and the claims rolled-back runs leave behind (the local
store's `run_reviews`, mirrored).

A review item is alone in its partition, listed by status then creation time in the tenant's queue
(gsi1) and the user's (gsi2), with a marker in its user's partition written in the same transaction (so
`delete_user` finds it without an index). Listings read the items back with a consistent BatchGetItem.
`add_review` of a stored item_id keeps the stored item (a resolved item is not reopened); `resolve_review`
decides against the stored item and writes only while it is still open.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_run_items import marker, review_item
from reverie.adapters.aws.dynamo_table import (
    REVIEW,
    REVIEW_MARKER,
    ROLLED_BACK,
    Cancelled,
    ConditionFailed,
    key,
    listing_pk,
    review_pk,
    s,
    user_pk,
)
from reverie.adapters.run_rules import check_resolution, check_status_filter, resolved, validated
from reverie.domain.dream import ReviewItem
from reverie.domain.errors import NotFound, StorageError

_ATTEMPTS = 20


class DynamoReviews:
    """The review queue and rolled-back fingerprints of the `RunStore` contract on DynamoDB."""

    _table: Table

    # --- rollback memory --------------------------------------------------------------------------

    def mark_rolled_back(self, tenant_id: str, user_id: str, fingerprints: Sequence[str]) -> None:
        pk = user_pk(tenant_id, user_id)
        self._table.batch_put(
            {**key(pk, ROLLED_BACK + fp), "kind": s("rolled-back"), "fingerprint": s(fp)}
            for fp in dict.fromkeys(fingerprints)
        )

    def rolled_back_fingerprints(self, tenant_id: str, user_id: str) -> set[str]:
        items = self._table.query(user_pk(tenant_id, user_id), ROLLED_BACK)
        return {item["sk"]["S"][len(ROLLED_BACK) :] for item in items}

    # --- the review queue -------------------------------------------------------------------------

    def add_review(self, item: ReviewItem) -> None:
        item = validated(item)
        marker_item = marker(user_pk(item.tenant_id, item.user_id), REVIEW_MARKER + item.item_id)
        review = {"Put": {"Item": review_item(item), "ConditionExpression": "attribute_not_exists(pk)"}}
        with suppress(Cancelled):  # queued before: the stored item stands (a resolved item is not reopened)
            self._table.transact([review, {"Put": {"Item": marker_item}}])

    def get_review(self, tenant_id: str, item_id: str) -> ReviewItem:
        item = self._table.get(review_pk(tenant_id, item_id), REVIEW)  # the item's own key: no index
        if item is None:
            raise NotFound(f"review item {item_id} not found")
        return ReviewItem.model_validate_json(item["body"]["S"])

    def list_reviews(
        self, tenant_id: str, user_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewItem]:
        check_status_filter(status)
        index = "gsi1" if user_id is None else "gsi2"  # the tenant's review queue / one user's
        prefix = None if status is None else f"{status}#"
        entries = self._table.query(listing_pk(tenant_id, "REVIEWS", user_id), prefix, index=index)
        items = [ReviewItem.model_validate_json(i["body"]["S"]) for i in self._table.resolve(entries)]
        chosen = [
            i
            for i in items
            if (status is None or i.status == status) and (user_id is None or i.user_id == user_id)
        ]
        return sorted(chosen, key=lambda i: (i.created_at, i.item_id))

    def resolve_review(self, tenant_id: str, item_id: str, status: str, at: datetime) -> ReviewItem:
        check_resolution(status)
        for _ in range(_ATTEMPTS):
            stored_item = self._table.get(review_pk(tenant_id, item_id), REVIEW)
            if stored_item is None:
                raise NotFound(f"review item {item_id} not found")
            stored = ReviewItem.model_validate_json(stored_item["body"]["S"])
            item = resolved(stored, status, at)
            if item is stored:
                return stored
            try:
                self._table.put(
                    review_item(item),
                    "#status = :open",
                    ExpressionAttributeNames={"#status": "status"},
                    ExpressionAttributeValues={":open": s("open")},
                )
                return item
            except ConditionFailed:
                continue  # decided meanwhile: judge again against that decision
        raise StorageError(f"review item {item_id} kept changing; retry")
