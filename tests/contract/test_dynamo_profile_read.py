"""The profile on DynamoDB is one Query per partition the caller sees, whatever the number of its keys.

Emulated: DynamoDB is moto 5 in process (tests/contract/moto_dynamodb.py); the Queries are counted with a
botocore event hook on the adapter's own client, so what is counted is what would go over the wire. The
cards read are checked against the SQLite store given the same cards: the sparse profile index changes
how many Queries a read makes, never what it returns.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.domain.models import Layer, MemoryCard, MemoryType, Scope, ScopeKind, Status
from reverie.domain.profile import PROFILE_LINES, profile_keys
from reverie.ports import CardQuery, NoteStore
from tests.contract.moto_dynamodb import TABLE, moto_table
from tests.fakes.factories import at, make_card

pytestmark = pytest.mark.emulated


class Queries:
    """Every Query the client sends: (index, partition) in the order sent."""

    def __init__(self, client: Any) -> None:
        self.sent: list[tuple[str, str]] = []
        client.meta.events.register("before-parameter-build.dynamodb.Query", self._record)

    def _record(self, params: dict[str, Any], **_: Any) -> None:
        self.sent.append((params.get("IndexName", "table"), params["ExpressionAttributeValues"][":pk"]["S"]))


@pytest.fixture
def dynamo() -> Iterator[tuple[DynamoNoteStore, Queries]]:
    with moto_table() as new_client:
        client = new_client()
        yield DynamoNoteStore(TABLE, client=client), Queries(client)


def fact(memory_id: str, key: str, minute: int, **fields: Any) -> MemoryCard:
    fields.setdefault("layer", Layer.KNOWLEDGE)
    return make_card(memory_id, key=key, updated_at=at(minute), **fields)


# u1's profile under both names of the user, a retired value, cards that are in the profile index but
# not u1's profile (another subject, another name of a slot, a hypothesis), a card of another slot, and
# profile cards of another user, of the org and of a project.
CARDS = [
    fact("m-job", "user.job_title", 1),
    fact("m-employer-old", "u1.employer", 2, status=Status.SUPERSEDED),
    fact("m-employer", "u1.employer", 3),
    fact("m-home", "user.home_city", 4),
    fact("m-role-alias", "user.role", 5),
    fact("m-colleague", "bob.employer", 6),
    fact("m-home-guess", "user.home_city", 7, layer=Layer.NOTES, status=Status.HYPOTHESIS),
    fact("m-team", "user.team", 8),
    fact("m-pref", "user.home_city", 9, type=MemoryType.PREFERENCE),
    fact("m-u2-home", "user.home_city", 10, user_id="u2"),
    fact("m-org-workplace", "user.workplace", 11, scope=ScopeKind.ORG, user_id=None),
    fact("m-pa-year", "user.school_year", 12, scope=ScopeKind.PROJECT, project_id="pa"),
    fact("m-pb-year", "user.school_year", 13, scope=ScopeKind.PROJECT, project_id="pb"),
]


def profile_read(scope: Scope, **filters: Any) -> CardQuery:
    """The read `services.fixed_block.profile` makes (or, with filters given, one like it)."""
    chosen = filters or {"types": frozenset({MemoryType.FACT}), "statuses": frozenset({Status.VERIFIED})}
    return CardQuery(scope=scope, keys=profile_keys(scope.user_id), limit=4 * PROFILE_LINES, **chosen)


def ids(store: NoteStore, query: CardQuery) -> list[str]:
    return [card.memory_id for card in store.query(query)]


@pytest.mark.parametrize(
    ("scope", "partitions"),
    [
        (Scope(tenant_id="t1", user_id="u1"), 2),  # the user's and the tenant's
        (Scope(tenant_id="t1", user_id="u1", project_id="pa"), 3),  # and the project's
    ],
)
def test_the_profile_is_one_query_per_visible_partition_and_reads_what_sqlite_reads(
    dynamo: tuple[DynamoNoteStore, Queries], tmp_path: Path, scope: Scope, partitions: int
) -> None:
    # GIVEN the same cards in DynamoDB and in SQLite
    store, queries = dynamo
    sqlite = SqliteNoteStore(tmp_path / "notes.db")
    try:
        for card in CARDS:
            store.create(card)
            sqlite.create(card)
        # WHEN the profile is read, and the same keys with other filters
        reads = [profile_read(scope), profile_read(scope, layers=frozenset({Layer.NOTES, Layer.KNOWLEDGE}))]
        found = []
        for read in reads:
            queries.sent.clear()
            found.append(ids(store, read))
            # THEN each visible partition is read once, on the profile index: not one Query per key
            assert len(queries.sent) == len(set(queries.sent)) == partitions
            assert {index for index, _ in queries.sent} == {"gsi4"}
        # AND the cards are those SQLite returns, in its order (newest first)
        assert found == [ids(sqlite, read) for read in reads]
        shared = ["m-pa-year", "m-org-workplace"] if scope.project_id else ["m-org-workplace"]
        assert found[0] == [*shared, "m-home", "m-employer", "m-job"]
    finally:
        sqlite.close()


def test_a_card_whose_key_leaves_the_profile_leaves_the_profile_read(
    dynamo: tuple[DynamoNoteStore, Queries],
) -> None:
    # GIVEN a profile card, then its key changed to one of no profile slot, and a card moved into the profile
    store, queries = dynamo
    scope = Scope(tenant_id="t1", user_id="u1")
    moved_out = store.create(fact("m-out", "user.employer", 1))
    moved_in = store.create(fact("m-in", "user.team", 2))
    store.update(moved_out.model_copy(update={"key": "user.team"}), moved_out.version)
    store.update(moved_in.model_copy(update={"key": "user.workplace"}), moved_in.version)
    # WHEN the profile is read
    found = ids(store, profile_read(scope))
    # THEN only the card whose key is now a profile slot is read, with one Query per partition
    assert found == ["m-in"]
    assert [index for index, _ in queries.sent[-2:]] == ["gsi4", "gsi4"]


def test_a_key_read_of_no_profile_slot_keeps_one_query_per_key_and_partition(
    dynamo: tuple[DynamoNoteStore, Queries],
) -> None:
    # GIVEN cards of two keys, one of them a profile slot
    store, queries = dynamo
    store.create(fact("m-team", "user.team", 1))
    store.create(fact("m-home", "user.home_city", 2))
    # WHEN keys that are not all profile slots are read, and one profile key alone
    mixed = ids(
        store,
        CardQuery(scope=Scope(tenant_id="t1", user_id="u1"), keys=frozenset({"user.team", "user.home_city"})),
    )
    sent_mixed = list(queries.sent)
    queries.sent.clear()
    alone = ids(store, CardQuery(scope=Scope(tenant_id="t1", user_id="u1"), key="user.home_city"))
    # THEN both read the key index, each key's partition once (its own partition is the smallest read)
    assert mixed == ["m-home", "m-team"] and alone == ["m-home"]
    assert len(sent_mixed) == 4 and {index for index, _ in sent_mixed} == {"gsi2"}
    assert len(queries.sent) == 2 and {index for index, _ in queries.sent} == {"gsi2"}
