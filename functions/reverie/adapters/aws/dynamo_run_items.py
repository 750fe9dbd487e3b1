"""Dream runs, their changes and review items as DynamoDB items, and the write actions on them (pure: these
build requests and call nothing). docs/dynamodb.md has the whole layout.

A run is one partition `T#<tenant>#RUN#<run_id>`: `RUN` (with the `change_seq` counter), `CHANGE#<id>`
and `STAGE#<stage>` items. A review item is alone in `T#<tenant>#REVIEW#<item_id>`. The user's partition
holds a marker for each run of theirs (found again by delete_user).
"""

from __future__ import annotations

from reverie.adapters.aws.dynamo_table import (
    CHANGE_PREFIX,
    REVIEW,
    RUN,
    RUN_MARKER,
    Action,
    Item,
    key,
    listing_pk,
    n,
    review_pk,
    run_pk,
    s,
    sortable,
    user_pk,
)
from reverie.domain.dream import Change, DreamRun, ReviewItem


def marker(pk: str, sk: str) -> Item:
    """An item in the user's partition naming a record the user owns (found again by delete_user)."""
    return {**key(pk, sk), "kind": s("marker")}


def run_save(run: DreamRun) -> list[Action]:
    """Write the run (keeping its change counter) unless it belongs to another user, and its marker."""
    t, listed = run.tenant_id, s(f"{sortable(run.started_at)}#{run.run_id}")
    attributes = {
        "kind": s("run"),
        "user_id": s(run.user_id),
        "body": s(run.model_dump_json()),
        "gsi1pk": s(listing_pk(t, "RUNS")),
        "gsi1sk": listed,
        "gsi2pk": s(listing_pk(t, "RUNS", run.user_id)),
        "gsi2sk": listed,
    }
    update = {
        "Key": key(run_pk(t, run.run_id), RUN),
        "UpdateExpression": "SET " + ", ".join(f"#a{i} = :a{i}" for i in range(len(attributes))),
        "ConditionExpression": "attribute_not_exists(pk) OR #a1 = :a1",  # a run keeps its user
        "ExpressionAttributeNames": {f"#a{i}": name for i, name in enumerate(attributes)},
        "ExpressionAttributeValues": {f":a{i}": value for i, value in enumerate(attributes.values())},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
    }
    return [{"Update": update}, {"Put": {"Item": marker(user_pk(t, run.user_id), RUN_MARKER + run.run_id)}}]


def change_record(tenant_id: str, change: Change, seq: int) -> list[Action]:
    """Move the run's counter from `seq` to `seq + 1` (if it is still at `seq`) and store the change as
    number `seq + 1` (if its id is new): the second action failing means "recorded before"."""
    pk = run_pk(tenant_id, change.run_id)
    unchanged = "attribute_not_exists(#seq)" if seq == 0 else "#seq = :seq"
    counter = {
        "Key": key(pk, RUN),
        "UpdateExpression": "SET #seq = :next",
        "ConditionExpression": f"attribute_exists(pk) AND {unchanged}",
        "ExpressionAttributeNames": {"#seq": "change_seq"},
        "ExpressionAttributeValues": {":next": n(seq + 1), **({":seq": n(seq)} if seq else {})},
    }
    item = {
        **key(pk, CHANGE_PREFIX + change.change_id),
        "kind": s("change"),
        "seq": n(seq + 1),
        "body": s(change.model_dump_json()),
    }
    return [{"Update": counter}, {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}]


def review_item(item: ReviewItem) -> Item:
    """Listed by status then creation time, in the tenant's queue (gsi1) and the user's (gsi2)."""
    listed = s(f"{item.status}#{sortable(item.created_at)}#{item.item_id}")
    return {
        **key(review_pk(item.tenant_id, item.item_id), REVIEW),
        "kind": s("review"),
        "user_id": s(item.user_id),
        "status": s(item.status),
        "body": s(item.model_dump_json()),
        "gsi1pk": s(listing_pk(item.tenant_id, "REVIEWS")),
        "gsi1sk": listed,
        "gsi2pk": s(listing_pk(item.tenant_id, "REVIEWS", item.user_id)),
        "gsi2sk": listed,
    }
