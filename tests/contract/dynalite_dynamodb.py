"""The tenant's DynamoDB table on dynalite, for the contract suites (emulated: dynalite is an open-source
reimplementation of the DynamoDB API, not AWS; it runs as a real server on loopback, tests/README.md).

Each test gets a table of its own, made from `TABLE_DEFINITION` (the key schema and GSIs the stack
declares) and dropped after the test. What dynalite 4.0.0 does not implement it answers with
`UnknownOperationException`: TransactWriteItems, TransactGetItems and UpdateTimeToLive. The table is
therefore made without its TTL setting (nothing in the contracts waits for TTL deletion, which AWS itself
does only eventually), and a test whose adapter calls an operation dynalite does not know is skipped at
that call, naming the operation. A test that never reaches one runs to the end, so what dynalite can
check, it checks, and nothing it cannot is reported as passed.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from botocore.exceptions import ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.adapters.aws.dynamo_table import TABLE_DEFINITION
from tests.contract.backends import EMULATED_REGION, emulated_aws

DYNALITE = "dynalite 4.0.0"


class SkipWhatDynaliteLacks:
    """A boto3 client on dynalite whose call of an operation dynalite does not implement skips the test
    (naming the operation) instead of failing it; every other answer, errors included, passes through."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return attribute(*args, **kwargs)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") != "UnknownOperationException":
                    raise
                pytest.skip(
                    f"{DYNALITE} does not implement {exc.operation_name} (it answers "
                    f"UnknownOperationException): the adapter needs it here, so this test cannot run on dynalite"
                )

        return call


def dynalite_client(url: str) -> Any:
    """A low-level `dynamodb` client on dynalite at `url` (dynalite checks no signature: fixed keys)."""
    return emulated_aws().client(
        "dynamodb",
        endpoint_url=url,
        region_name=EMULATED_REGION,
        aws_access_key_id="dynalite",
        aws_secret_access_key="dynalite",
    )


@contextmanager
def dynalite_table(url: str) -> Iterator[tuple[str, Callable[[], Any]]]:
    """A new table on dynalite at `url` (the stack's key schema and GSIs, no TTL setting); yields its name
    and a factory of new clients (one per adapter instance, like separate processes). Dropped afterwards."""
    admin = dynalite_client(url)
    name = f"reverie-contract-{uuid.uuid4().hex[:12]}"
    admin.create_table(TableName=name, **TABLE_DEFINITION)
    admin.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 0.05, "MaxAttempts": 200})
    try:
        yield name, lambda: SkipWhatDynaliteLacks(dynalite_client(url))
    finally:
        admin.delete_table(TableName=name)
