"""The `NoteStore` and `RunStore` contract suites, unchanged, against a real DynamoDB table.

Set `REVERIE_TEST_TABLE` to a table created from `TABLE_DEFINITION` (for example with
`reverie.adapters.aws.dynamo_table.create_table`) and used by nothing else: every test removes the items
of the contract's tenants (partition keys starting `T#t`) before and after it runs. Without credentials or
the variable the tests are skipped (tests/contract/conftest.py).

On AWS the indexes are eventually consistent: a contract step that lists (query, list_runs,
list_reviews, count_by_user) right after writing can, rarely, see the index a moment behind. The
contracts are run as they are; docs/dynamodb.md says which reads go through an index.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
from reverie.adapters.aws.dynamo_runs import DynamoRunStore
from reverie.adapters.aws.dynamo_table import TABLE_DEFINITION, TTL_ATTRIBUTE
from tests.contract import test_note_store as note_contract
from tests.contract import test_run_store as run_contract

pytestmark = pytest.mark.aws

CONTRACT_TENANTS = "T#t"
"""Every contract test works in tenants whose ids start with "t" (t1, t2, t9, t-<n>)."""


def contract_cases(module: ModuleType) -> list[ParameterSet]:
    """Every backend-neutral test of a contract module (not the SQLite-only ones), one per parametrisation."""
    cases = []
    for name, test in vars(module).items():
        if not name.startswith("test_") or name.startswith("test_sqlite") or not inspect.isfunction(test):
            continue
        marks = [mark for mark in getattr(test, "pytestmark", []) if mark.name == "parametrize"]
        if not marks:
            cases.append(pytest.param(test, {}, id=name))
            continue
        [mark] = marks
        argnames = [arg.strip() for arg in mark.args[0].split(",")]
        for n, values in enumerate(mark.args[1]):
            row = values if len(argnames) > 1 else (values,)
            cases.append(pytest.param(test, dict(zip(argnames, row, strict=True)), id=f"{name}[{n}]"))
    return cases


def call_contract(test: Callable[..., None], params: dict[str, Any], backend: Any) -> None:
    """Call a contract test as pytest would: `backend`, a freshly opened adapter as `store`, its params."""
    kwargs = dict(params)
    for name in inspect.signature(test).parameters:
        if name == "backend":
            kwargs[name] = backend
        elif name == "store":
            kwargs[name] = backend.open()
    test(**kwargs)


def remove_contract_tenants(client: Any, table_name: str) -> None:
    keys: list[tuple[str, str]] = []
    request: dict[str, Any] = {
        "TableName": table_name,
        "FilterExpression": "begins_with(pk, :tenants)",
        "ExpressionAttributeValues": {":tenants": {"S": CONTRACT_TENANTS}},
        "ProjectionExpression": "pk, sk",
    }
    while True:
        page = client.scan(**request)
        keys += [(item["pk"]["S"], item["sk"]["S"]) for item in page.get("Items", [])]
        if "LastEvaluatedKey" not in page:
            break
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    Table(table_name, client).batch_delete(keys)


@pytest.fixture
def live_table() -> Iterator[tuple[Any, str]]:
    """A session and the name of the test table, emptied of the contract's tenants around the test."""
    import boto3  # type: ignore[import-untyped, unused-ignore]

    table_name = os.environ.get("REVERIE_TEST_TABLE")
    if not table_name:
        pytest.skip("set REVERIE_TEST_TABLE to run the live DynamoDB suite")
    session = boto3.session.Session()
    remove_contract_tenants(session.client("dynamodb"), table_name)
    yield session, table_name
    remove_contract_tenants(session.client("dynamodb"), table_name)


def test_the_live_table_matches_the_definition(live_table: tuple[Any, str]) -> None:
    # GIVEN the table the stack (or create_table) made
    session, table_name = live_table
    client = session.client("dynamodb")
    described = client.describe_table(TableName=table_name)["Table"]
    # THEN its keys, indexes and TTL are the ones the adapters are written for
    assert described["KeySchema"] == TABLE_DEFINITION["KeySchema"]

    def shape(indexes: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            i["IndexName"]: (
                i["KeySchema"],
                i["Projection"]["ProjectionType"],
                sorted(i["Projection"].get("NonKeyAttributes", [])),
            )
            for i in indexes
        }

    assert shape(described["GlobalSecondaryIndexes"]) == shape(TABLE_DEFINITION["GlobalSecondaryIndexes"])
    ttl = client.describe_time_to_live(TableName=table_name)["TimeToLiveDescription"]
    assert (ttl.get("TimeToLiveStatus"), ttl.get("AttributeName")) == ("ENABLED", TTL_ATTRIBUTE)


@pytest.mark.parametrize(("test", "params"), contract_cases(note_contract))
def test_note_store_contract_on_real_dynamodb(
    live_table: tuple[Any, str], test: Callable[..., None], params: dict[str, Any]
) -> None:
    session, table_name = live_table
    clock = note_contract.TickingClock()

    def open_store() -> DynamoNoteStore:  # a client per instance, like separate processes
        return DynamoNoteStore(table_name, client=session.client("dynamodb"), clock=clock)

    call_contract(test, params, note_contract.Backend(open_store, lambda: None, durable=True))


@pytest.mark.parametrize(("test", "params"), contract_cases(run_contract))
def test_run_store_contract_on_real_dynamodb(
    live_table: tuple[Any, str], test: Callable[..., None], params: dict[str, Any]
) -> None:
    session, table_name = live_table

    def open_store() -> DynamoRunStore:
        return DynamoRunStore(table_name, client=session.client("dynamodb"))

    call_contract(test, params, run_contract.Backend(open_store, lambda: None, durable=True))
