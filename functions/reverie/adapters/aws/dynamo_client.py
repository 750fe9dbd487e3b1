"""`Table`: the low-level DynamoDB client bound to the tenant's table, with every error translated."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.adapters.aws.dynamo_table import Item, Retryable, key, s, translate
from reverie.domain.errors import StorageError


class Table:
    """The low-level DynamoDB client bound to one table. Base-table reads are strongly consistent.

    `client` is a ready `dynamodb` client; without one, a client is built on first use (never at
    import or construction) with botocore's standard retry mode for throttling.
    """

    def __init__(self, name: str, client: Any | None = None, attempts: int = 8) -> None:
        self.name = name
        self._client = client
        self._lock = threading.Lock()
        self._attempts = attempts

    @property
    def client(self) -> Any:
        with self._lock:
            if self._client is None:
                import boto3  # type: ignore[import-untyped, unused-ignore]
                from botocore.config import Config  # type: ignore[import-untyped, unused-ignore]

                config = Config(retries={"mode": "standard", "max_attempts": 5})
                self._client = boto3.client("dynamodb", config=config)
            return self._client

    def call(self, operation: str, **kwargs: Any) -> dict[str, Any]:
        """One API call; a `Retryable` failure (a conflicting transaction, throttling that outlasted
        botocore's retries) is tried again with backoff, then raised."""
        for attempt in range(self._attempts):
            try:
                response: dict[str, Any] = getattr(self.client, operation)(**kwargs)
                return response
            except ClientError as exc:
                error = translate(exc, operation, self.name)
                if not isinstance(error, Retryable) or attempt == self._attempts - 1:
                    raise error from exc
            except BotoCoreError as exc:
                raise StorageError(f"DynamoDB {operation} on {self.name} failed: {exc}") from exc
            self._backoff(attempt)
        raise AssertionError("unreachable")

    def get(self, pk: str, sk: str) -> Item | None:
        response = self.call("get_item", TableName=self.name, Key=key(pk, sk), ConsistentRead=True)
        item: Item | None = response.get("Item")
        return item

    def put(self, item: Item, condition: str | None = None, **expression: Any) -> None:
        extra = {"ConditionExpression": condition, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}
        self.call("put_item", TableName=self.name, Item=item, **(extra if condition else {}), **expression)

    def update(
        self, pk: str, sk: str, expression: str, condition: str | None = None, **expression_parts: Any
    ) -> None:
        extra = {"ConditionExpression": condition} if condition else {}
        self.call(
            "update_item",
            TableName=self.name,
            Key=key(pk, sk),
            UpdateExpression=expression,
            **extra,
            **expression_parts,
        )

    def query(
        self, pk: str, sk_prefix: str | None = None, index: str | None = None, **options: Any
    ) -> Iterator[Item]:
        """Every item of a partition (optionally under a sort-key prefix), page after page, lazily."""
        names = {"#pk": f"{index}pk" if index else "pk"}
        values: dict[str, Any] = {":pk": s(pk)}
        condition = "#pk = :pk"
        if sk_prefix is not None:
            names["#sk"] = f"{index}sk" if index else "sk"
            values[":prefix"] = s(sk_prefix)
            condition += " AND begins_with(#sk, :prefix)"
        names.update(options.pop("ExpressionAttributeNames", {}))
        values.update(options.pop("ExpressionAttributeValues", {}))
        request = {"TableName": self.name, "KeyConditionExpression": condition, **options}
        request.update(ExpressionAttributeNames=names, ExpressionAttributeValues=values)
        if index:
            request["IndexName"] = index
        else:
            request["ConsistentRead"] = True
        while True:
            page = self.call("query", **request)
            yield from page.get("Items", [])
            if "LastEvaluatedKey" not in page:
                return
            request["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def batch_get(
        self, keys: Iterable[tuple[str, str]], attributes: Sequence[str] = ()
    ) -> dict[tuple[str, str], Item]:
        """The items that exist among `keys` (only `attributes` and the keys, if named), strongly
        consistent, by (pk, sk)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[tuple[str, str], Item] = {}
        read: dict[str, Any] = {"ConsistentRead": True}
        if attributes:
            names = {f"#p{i}": name for i, name in enumerate(["pk", "sk", *attributes])}
            read.update(ProjectionExpression=", ".join(names), ExpressionAttributeNames=names)
        for start in range(0, len(wanted), 100):
            pending = [key(pk, sk) for pk, sk in wanted[start : start + 100]]
            for attempt in range(self._attempts):
                request = {self.name: {"Keys": pending, **read}}
                response = self.call("batch_get_item", RequestItems=request)
                for item in response.get("Responses", {}).get(self.name, []):
                    found[(item["pk"]["S"], item["sk"]["S"])] = item
                pending = response.get("UnprocessedKeys", {}).get(self.name, {}).get("Keys", [])
                if not pending:
                    break
                self._backoff(attempt)
            else:
                raise StorageError(f"DynamoDB {self.name}: reads stayed throttled; retry later")
        return found

    def resolve(
        self, entries: Iterable[Item], batch: int = 100, attributes: Sequence[str] = ()
    ) -> Iterator[Item]:
        """Index entries read back from the base table (strongly consistent), in the index's order; an
        entry whose item is gone is skipped, a repeated one yielded once."""
        pending = iter(entries)
        seen: set[tuple[str, str]] = set()
        while chunk := list(islice(pending, batch)):
            keys = [k for k in dict.fromkeys((e["pk"]["S"], e["sk"]["S"]) for e in chunk) if k not in seen]
            seen.update(keys)
            found = self.batch_get(keys, attributes)
            yield from (found[k] for k in keys if k in found)

    def delete(self, pk: str, sk: str, condition: str | None = None, **expression: Any) -> None:
        extra = {"ConditionExpression": condition} if condition else {}
        self.call("delete_item", TableName=self.name, Key=key(pk, sk), **extra, **expression)

    def batch_put(self, items: Iterable[Item]) -> None:
        self._batch_write([{"PutRequest": {"Item": item}} for item in items])

    def batch_delete(self, keys: Iterable[tuple[str, str]]) -> None:
        self._batch_write([{"DeleteRequest": {"Key": key(pk, sk)}} for pk, sk in dict.fromkeys(keys)])

    def _batch_write(self, requests: list[dict[str, Any]]) -> None:
        """BatchWriteItem in chunks of 25, resending what DynamoDB left unprocessed (not atomic)."""
        for start in range(0, len(requests), 25):
            pending = requests[start : start + 25]
            for attempt in range(self._attempts):
                response = self.call("batch_write_item", RequestItems={self.name: pending})
                pending = response.get("UnprocessedItems", {}).get(self.name, [])
                if not pending:
                    break
                self._backoff(attempt)
            else:
                raise StorageError(f"DynamoDB {self.name}: writes stayed throttled; retry later")

    def transact(self, actions: list[dict[str, Any]]) -> None:
        """One all-or-nothing TransactWriteItems (at most 100 actions); a failed condition raises
        `Cancelled` with one reason per action."""
        if len(actions) > 100:
            raise StorageError(f"a transaction holds at most 100 actions, not {len(actions)}")
        request = [
            {kind: {"TableName": self.name, **body}} for action in actions for kind, body in action.items()
        ]
        self.call("transact_write_items", TransactItems=request)

    @staticmethod
    def _backoff(attempt: int) -> None:
        time.sleep(random.uniform(0, min(0.5, 0.01 * 2**attempt)))
