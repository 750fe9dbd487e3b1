"""Contract of `Table`, the DynamoDB primitives both DynamoDB adapters build on (conditional writes, paged
queries on the table and its GSIs, batch reads and writes), on every DynamoDB engine that runs here.

Emulated, both: moto in process and dynalite on loopback. The `NoteStore` and `RunStore` suites write
through TransactWriteItems, which dynalite lacks (tests/contract/dynalite_dynamodb.py), so on dynalite they
reach few of these calls; this suite checks them on that second engine directly, with the table the stack
declares (`TABLE_DEFINITION`: its key schema, sparse GSIs and their projections).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_table import ConditionFailed, Item, key, s, text
from tests.contract.backends import Backend, backend_fixture


@contextmanager
def moto_table(tmp_path: Path) -> Iterator[Backend[Table]]:
    """Emulated: moto in process (tests/contract/moto_dynamodb.py)."""
    from tests.contract.moto_dynamodb import TABLE, moto_table

    with moto_table() as new_client:
        yield Backend(lambda: Table(TABLE, client=new_client()))


@contextmanager
def dynalite_table(tmp_path: Path, url: str) -> Iterator[Backend[Table]]:
    """Emulated: dynalite on loopback (tests/contract/dynalite_dynamodb.py)."""
    from tests.contract.dynalite_dynamodb import dynalite_table

    with dynalite_table(url) as (name, new_client):
        yield Backend(lambda: Table(name, client=new_client()))


backend = backend_fixture(
    {"moto": moto_table, "dynalite": dynalite_table},
    emulated={"moto", "dynalite"},
    engines={"dynalite": "dynalite_engine"},
)


@pytest.fixture
def table(backend: Backend[Table]) -> Table:
    return backend.open()


def item(pk: str, sk: str, **attributes: str) -> Item:
    return {**key(pk, sk), **{name: s(value) for name, value in attributes.items()}}


def sort_keys(items: Iterator[Item] | list[Item]) -> list[str]:
    return [i["sk"]["S"] for i in items]


def test_a_conditional_put_on_a_taken_key_fails_and_keeps_the_stored_item(table: Table) -> None:
    # GIVEN a stored item
    table.put(item("p", "HEAD", body="first"), "attribute_not_exists(pk)")
    # WHEN a second put requires the key to be free
    with pytest.raises(ConditionFailed):
        table.put(item("p", "HEAD", body="second"), "attribute_not_exists(pk)")
    # THEN the first one is what is stored
    assert text(table.get("p", "HEAD") or {}, "body") == "first"


def test_an_update_sets_and_removes_in_one_expression_only_when_its_condition_holds(table: Table) -> None:
    # GIVEN a lease-like item with a holder and a fencing token
    table.put(item("u", "LEASE", holder="w1", fence="7"))
    names = {"#h": "holder", "#f": "fence"}
    # WHEN someone else tries to release it
    with pytest.raises(ConditionFailed):
        table.update(
            "u", "LEASE", "REMOVE #h", "#h = :other",
            ExpressionAttributeNames={"#h": "holder"}, ExpressionAttributeValues={":other": s("w2")},
        )  # fmt: skip
    # AND the holder releases it and sets the token in the same expression
    table.update(
        "u", "LEASE", "SET #f = :eight REMOVE #h", "#h = :me",
        ExpressionAttributeNames=names, ExpressionAttributeValues={":me": s("w1"), ":eight": s("8")},
    )  # fmt: skip
    # THEN both parts of that one update took effect, and nothing of the refused one before it
    stored = table.get("u", "LEASE") or {}
    assert "holder" not in stored and text(stored, "fence") == "8"


def test_a_conditional_delete_that_does_not_hold_keeps_the_item(table: Table) -> None:
    table.put(item("p", "HEAD", version="2"))
    with pytest.raises(ConditionFailed):
        table.delete("p", "HEAD", "version = :v", ExpressionAttributeValues={":v": s("1")})
    assert table.get("p", "HEAD") is not None
    table.delete("p", "HEAD", "version = :v", ExpressionAttributeValues={":v": s("2")})
    assert table.get("p", "HEAD") is None


def test_a_partition_is_read_page_by_page_in_sort_key_order_under_a_prefix(table: Table) -> None:
    # GIVEN seven versions and two other items in one partition, another partition beside it
    table.batch_put([item("card", f"V#{v:010d}") for v in (3, 1, 7, 5, 2, 6, 4)])
    table.batch_put([item("card", "HEAD"), item("card", "STATS"), item("other", "V#0000000001")])
    # WHEN it is read two items a page
    forward = sort_keys(table.query("card", "V#", Limit=2))
    backward = sort_keys(table.query("card", "V#", Limit=2, ScanIndexForward=False))
    # THEN every version comes back once, in order, and nothing outside the prefix or partition
    assert forward == [f"V#{v:010d}" for v in range(1, 8)]
    assert backward == forward[::-1]
    assert sort_keys(table.query("card")) == ["HEAD", "STATS", *forward]


def test_an_index_lists_only_items_carrying_its_keys_with_its_projection_page_by_page(table: Table) -> None:
    # GIVEN five heads listed in one gsi1 partition (an INCLUDE projection), one of them also in gsi3
    # (KEYS_ONLY), and an item with no index keys at all
    for i in range(5):
        extra = {"gsi3pk": "USERCARDS", "gsi3sk": f"u{i}"} if i == 2 else {}
        table.put(
            item(f"c{i}", "HEAD", gsi1pk="VIS#U#u1", gsi1sk=f"t{i}", status="verified", body="x", **extra)
        )
    table.put(item("loose", "HEAD", body="not listed"))
    # WHEN the gsi1 partition is read two entries a page, newest first
    entries = list(table.query("VIS#U#u1", index="gsi1", Limit=2, ScanIndexForward=False))
    # THEN all five are listed once, in index order, with the projected filter attribute but not the body
    assert [e["pk"]["S"] for e in entries] == [f"c{i}" for i in (4, 3, 2, 1, 0)]
    assert all(text(e, "status") == "verified" and "body" not in e for e in entries)
    # AND a keys-only index holds the one item carrying its keys, with nothing but keys
    (entry,) = table.query("USERCARDS", index="gsi3")
    assert entry["pk"]["S"] == "c2" and set(entry) == {"pk", "sk", "gsi3pk", "gsi3sk"}
    # AND the entries resolve to the whole items, in the index's order
    assert [text(i, "body") for i in table.resolve(entries, batch=2)] == ["x"] * 5


def test_batch_writes_and_reads_span_several_requests(table: Table) -> None:
    # GIVEN 60 items written in one call (three BatchWriteItem requests of at most 25)
    table.batch_put([item(f"p{i:03d}", "HEAD", body=f"b{i}", other="o") for i in range(60)])
    # WHEN 150 keys are read in one call (two BatchGetItem requests of at most 100), 90 of them unknown,
    # asking for one attribute only
    keys = [(f"p{i:03d}", "HEAD") for i in range(150)]
    found = table.batch_get(keys, attributes=["body"])
    # THEN the 60 stored items come back, each with its keys and the attribute asked for only
    assert sorted(found) == keys[:60]
    assert all(set(i) == {"pk", "sk", "body"} for i in found.values())
    assert text(found[("p042", "HEAD")], "body") == "b42"
    # AND a batch delete of them all (again more than one request) leaves none
    table.batch_delete(keys[:60])
    assert table.batch_get(keys) == {}
