"""The one DynamoDB table of a tenant's stack: its definition, its keys and the translation of its errors.

Shared by `DynamoNoteStore` and `DynamoRunStore`; docs/dynamodb.md describes the design. `translate`
turns every botocore error into a domain error: a failed condition is `ConditionFailed` / `Cancelled`
(both `StorageError`s, so one an adapter forgets to handle still never leaks boto3 upward), a conflict
or throttling is `Retryable`, anything else (a missing table, no access) a `StorageError` with a hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from botocore.exceptions import ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.domain.errors import InvalidRequest, ReverieError, StorageError

Item = dict[str, Any]
"""A DynamoDB item in the low-level wire shape: {"name": {"S": "..."}}."""
Action = dict[str, Any]
"""One action of a TransactWriteItems request (without the table name)."""


def _index(name: str, projection: dict[str, Any]) -> dict[str, Any]:
    return {
        "IndexName": name,
        "KeySchema": [
            {"AttributeName": f"{name}pk", "KeyType": "HASH"},
            {"AttributeName": f"{name}sk", "KeyType": "RANGE"},
        ],
        "Projection": projection,
    }


# What the listing indexes carry besides keys: enough to filter by layer, type, status and visibility.
# Bodies are never projected: a listing resolves its keys with a consistent BatchGetItem.
FILTER_ATTRIBUTES = ["kind", "layer", "card_type", "status", "scope", "user_id", "project_id"]

TABLE_DEFINITION: dict[str, Any] = {
    "AttributeDefinitions": [
        {"AttributeName": name, "AttributeType": "S"}
        for name in ("pk", "sk", *(f"gsi{i}{part}" for i in range(1, 5) for part in ("pk", "sk")))
    ],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    "BillingMode": "PAY_PER_REQUEST",
    "GlobalSecondaryIndexes": [
        _index("gsi1", {"ProjectionType": "INCLUDE", "NonKeyAttributes": FILTER_ATTRIBUTES}),
        _index("gsi2", {"ProjectionType": "INCLUDE", "NonKeyAttributes": FILTER_ATTRIBUTES}),
        _index("gsi3", {"ProjectionType": "KEYS_ONLY"}),
        # sparse: only the heads of cards whose key sets a profile slot (`profile_pk`)
        _index("gsi4", {"ProjectionType": "INCLUDE", "NonKeyAttributes": [*FILTER_ATTRIBUTES, "card_key"]}),
    ],
    # no stream: nothing reads one (the index is kept in step by the writers and the index sync's repair)
}
"""`create_table` keyword arguments (without `TableName`); the CDK stack declares the same table."""

TTL_ATTRIBUTE = "purge_at"
"""Epoch seconds after which DynamoDB may delete the item (leases; stage outputs only if configured)."""


def create_table(client: Any, table_name: str) -> None:
    """Create the table with TTL on `purge_at` (tests, DynamoDB Local); the cloud stack uses CDK."""
    client.create_table(TableName=table_name, **TABLE_DEFINITION)
    client.get_waiter("table_exists").wait(TableName=table_name)
    client.update_time_to_live(
        TableName=table_name, TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE}
    )


# --- keys (ids match `Identifier`, which has no "#", so "#" separates components safely) ---------------

HEAD, STATS, RUN, LEASE, REVIEW = "HEAD", "STATS", "RUN", "LEASE", "REVIEW"
VERSION_PREFIX, CHANGE_PREFIX, STAGE_PREFIX = "V#", "CHANGE#", "STAGE#"
CARD_MARKER, RUN_MARKER, REVIEW_MARKER, ROLLED_BACK = "CARD#", "RUN#", "REVIEW#", "ROLLEDBACK#"
SHARED_MARKER = "SHARED#"  # a project/org/global card the user wrote (its author), in the user's partition


def card_pk(tenant_id: str, memory_id: str) -> str:
    return f"T#{tenant_id}#CARD#{memory_id}"


def version_sk(version: int) -> str:
    return f"{VERSION_PREFIX}{version:010d}"


def user_pk(tenant_id: str, user_id: str) -> str:
    """The user's partition: lease, rolled-back fingerprints and a marker for everything the user owns."""
    return f"T#{tenant_id}#USER#{user_id}"


def run_pk(tenant_id: str, run_id: str) -> str:
    return f"T#{tenant_id}#RUN#{run_id}"


def review_pk(tenant_id: str, item_id: str) -> str:
    return f"T#{tenant_id}#REVIEW#{item_id}"


def visibility_pk(tenant_id: str, kind: str, owner: str | None = None) -> str:
    """The listing partition of a card head: `U` (a user's), `P` (a project's) or `TENANT` (org, global)."""
    return f"T#{tenant_id}#VIS#{kind}#{owner}" if owner is not None else f"T#{tenant_id}#VIS#{kind}"


def card_key_pk(listing_pk: str, card_key: str) -> str:
    """The key index's partition of a card (gsi2): its key inside its listing partition, so a key read
    reads only what one scope may see, never every user's card of a common key (`user.home_city`)."""
    return f"{listing_pk}#KEY#{card_key}"


def profile_pk(listing_pk: str) -> str:
    """The profile index's partition (gsi4): every card of a listing partition whose key sets a profile
    slot (`domain.profile.in_profile`), so the whole profile of a scope is one Query, not one per key."""
    return f"{listing_pk}#PROFILE"


def user_cards_pk(tenant_id: str) -> str:
    return f"T#{tenant_id}#USERCARDS"


def listing_pk(tenant_id: str, records: str, user_id: str | None = None) -> str:
    """The index partition listing a tenant's (or one user's) `RUNS` or `REVIEWS`."""
    return f"T#{tenant_id}#{records}" if user_id is None else f"T#{tenant_id}#USER#{user_id}#{records}"


def key(pk: str, sk: str) -> Item:
    return {"pk": {"S": pk}, "sk": {"S": sk}}


def sortable(value: datetime) -> str:
    """A time as fixed-width UTC ISO text: sorts as the times do (years 0001-9999)."""
    aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return aware.isoformat(timespec="microseconds")


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def micros(value: datetime) -> int:
    aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value
    return (aware - _EPOCH) // timedelta(microseconds=1)


def from_micros(value: int) -> datetime:
    return _EPOCH + timedelta(microseconds=value)


# --- attribute values --------------------------------------------------------------------------------


def s(value: str) -> dict[str, str]:
    return {"S": value}


def n(value: int) -> dict[str, str]:
    return {"N": str(value)}


def text(item: Item, name: str) -> str | None:
    value = item.get(name)
    return None if value is None else str(value["S"])


def number(item: Item, name: str) -> int | None:
    value = item.get(name)
    return None if value is None else int(value["N"])


# --- errors ------------------------------------------------------------------------------------------


class ConditionFailed(StorageError):
    """A single-item write's condition did not hold; `item` is the stored item, if any was returned."""

    def __init__(self, item: Item | None) -> None:
        super().__init__("the conditional request failed")
        self.item = item


@dataclass(frozen=True)
class Reason:
    code: str
    message: str
    item: Item | None


class Cancelled(StorageError):
    """A transaction was cancelled because a condition failed; one reason per action, in order."""

    def __init__(self, reasons: list[Reason]) -> None:
        super().__init__("transaction cancelled: " + ", ".join(r.code for r in reasons))
        self.reasons = reasons

    def failed(self, index: int) -> bool:
        return index < len(self.reasons) and self.reasons[index].code == "ConditionalCheckFailed"

    def item(self, index: int) -> Item | None:
        return self.reasons[index].item if index < len(self.reasons) else None


class Retryable(StorageError):
    """Nothing was written because of a conflicting transaction or throttling: the same call may succeed."""


_RETRY_CODES = frozenset({"TransactionConflictException", "TransactionInProgressException"})
_RETRY_REASONS = frozenset(
    {"TransactionConflict", "ProvisionedThroughputExceeded", "ThrottlingError", "None"}
)
_HINTS = {
    "ResourceNotFoundException": "the table does not exist: deploy the stack or check the table name",
    "AccessDeniedException": "grant this role DynamoDB access to the table and its indexes",
    "ProvisionedThroughputExceededException": "throttled: retry later or raise the table's capacity",
    "ThrottlingException": "throttled: retry later",
    "RequestLimitExceeded": "throttled: retry later",
}


def translate(exc: ClientError, operation: str, table_name: str) -> ReverieError:
    """A botocore error as the domain error callers handle (nothing of botocore leaks upward)."""
    error = exc.response.get("Error", {})
    code = str(error.get("Code", "Unknown"))
    if code == "ConditionalCheckFailedException":
        return ConditionFailed(exc.response.get("Item"))
    if code == "TransactionCanceledException":
        reasons = [
            Reason(str(r.get("Code") or "None"), str(r.get("Message") or ""), r.get("Item"))
            for r in exc.response.get("CancellationReasons", [])
        ]
        if any(r.code == "ConditionalCheckFailed" for r in reasons):
            return Cancelled(reasons)
        if any(r.code == "ValidationError" for r in reasons):
            detail = "; ".join(r.message for r in reasons if r.code == "ValidationError")
            return InvalidRequest(f"DynamoDB refused a record (too large for one 400 KB item?): {detail}")
        if all(r.code in _RETRY_REASONS for r in reasons):
            return Retryable(f"DynamoDB {operation} on {table_name}: cancelled by a conflict or throttling")
    if code in _RETRY_CODES:
        return Retryable(f"DynamoDB {operation} on {table_name}: {code}")
    message = f"DynamoDB {operation} on {table_name} failed ({code}): {error.get('Message', '')}"
    if code == "ValidationException" and "size" in str(error.get("Message", "")).lower():
        return InvalidRequest(f"{message}; the record is too large for one item (400 KB)")
    hint = _HINTS.get(code)
    return StorageError(f"{message}; {hint}" if hint else message)
