"""The tenant's DynamoDB table under moto 5, in process, for the contract suites (emulated, not AWS).

Why requests go through `AtomicRequests`: moto applies one request in several Python steps without a
lock, and undoes a cancelled transaction by restoring a deep copy of the whole table taken when the
transaction began. Two threads writing at once can then both pass one condition, or one's rollback can
erase the other's committed write (measured here: 6 threads x 10 optimistic increments ended at version
52-58 instead of 61, once with "dictionary changed size during iteration"). DynamoDB applies every
request atomically. Holding one lock for the length of each request gives moto that property and
nothing more: reads, decisions and conditional writes of different workers still interleave freely
between requests, which is what the concurrency contracts exercise.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

REGION = "us-east-1"
TABLE = "reverie-contract"


class AtomicRequests:
    """A boto3 client whose every call holds `lock`: one request at a time, as the service applies them."""

    def __init__(self, client: Any, lock: threading.Lock) -> None:
        self._client = client
        self._lock = lock

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                return attribute(*args, **kwargs)

        return call


@contextmanager
def moto_table() -> Iterator[Callable[[], Any]]:
    """Inside moto, a table made from `TABLE_DEFINITION`; yields a factory of new clients (one per adapter
    instance, like separate processes) that all reach the same emulated table."""
    import boto3  # type: ignore[import-untyped, unused-ignore]
    from moto import mock_aws

    from reverie.adapters.aws.dynamo_table import create_table

    with mock_aws():
        create_table(boto3.client("dynamodb", region_name=REGION), TABLE)
        lock = threading.Lock()
        yield lambda: AtomicRequests(boto3.client("dynamodb", region_name=REGION), lock)
