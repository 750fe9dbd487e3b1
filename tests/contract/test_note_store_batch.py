"""Contract of `NoteStore.create_many` (direct memory writes in bulk): a batch stores exactly what the
same cards created one by one store, and answers what `create` answers (usage counters included), on
every adapter (SQLite, the in-memory fake, DynamoDB emulated by moto: more cards than one DynamoDB
transaction holds)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.errors import AlreadyExists
from reverie.domain.models import Layer, MemoryCard, Scope, ScopeKind
from reverie.ports import CardQuery, NoteStore
from tests.contract.backends import Backend, backend_fixture
from tests.contract.test_note_store import EMULATED, ENGINES, OPENERS
from tests.fakes.factories import make_card

backend = backend_fixture(OPENERS, emulated=EMULATED, engines=ENGINES)
BATCH = 40  # 40 cards of 3-4 actions: two DynamoDB transactions


@pytest.fixture
def store(backend: Backend[NoteStore]) -> NoteStore:
    return backend.open()


def cards(tenant_id: str) -> list[MemoryCard]:
    """Personal notes and knowledge, and shared cards (an author marker on DynamoDB), of two users."""
    return [
        make_card(
            f"m-{i}",
            tenant_id=tenant_id,
            user_id=f"u{i % 2}",
            scope=ScopeKind.ORG if i % 5 == 0 else ScopeKind.USER,
            layer=Layer.KNOWLEDGE if i % 3 else Layer.NOTES,
            statement=f"fact number {i}",
            key=f"k.{i}" if i % 4 == 0 else None,
            hit_count=i % 3,  # a card imported with its usage: the counters are seeded from it
            last_hit_at=datetime(2024, 5, 1, 9, 30, i, 123456, tzinfo=UTC) if i % 3 else None,
        )
        for i in range(BATCH)
    ]


def everything(store: NoteStore, tenant_id: str) -> list[object]:
    """What the store answers about the tenant's cards, with the tenant's name taken out."""
    ids = [f"m-{i}" for i in range(BATCH)]
    readings: list[MemoryCard] = [store.get(tenant_id, i) for i in ids] + store.get_many(tenant_id, ids)
    readings += [v for i in ids for v in store.history(tenant_id, i)]
    for user in ("u0", "u1"):
        readings += store.query(CardQuery(scope=Scope(tenant_id=tenant_id, user_id=user), limit=1000))
    return [c.model_dump(exclude={"tenant_id"}) for c in readings] + [
        sorted(store.count_by_user(tenant_id).items()),
        sorted(store.shared_by(tenant_id, "u0")),
    ]


def test_a_batch_stores_what_one_by_one_creates_store(store: NoteStore) -> None:
    # GIVEN the same cards, in tenant a one by one, in tenant b as one batch
    one_by_one = [store.create(card) for card in cards("a")]
    batch = store.create_many(cards("b"))
    # THEN the batch answers the cards in order, as `create` did, and every read agrees
    assert [c.model_dump(exclude={"tenant_id"}) for c in batch] == [
        c.model_dump(exclude={"tenant_id"}) for c in one_by_one
    ]
    assert everything(store, "b") == everything(store, "a")


def test_a_batch_with_a_taken_id_is_refused_and_the_held_card_is_untouched(store: NoteStore) -> None:
    # GIVEN a held card
    store.create(make_card("m-7", statement="held"))
    # WHEN a batch names its id
    with pytest.raises(AlreadyExists):
        store.create_many([make_card(f"m-{i}", statement=f"new {i}") for i in range(5, 10)])
    # THEN the held card is as it was
    assert [c.statement for c in store.history("t1", "m-7")] == ["held"]


def test_a_batch_naming_an_id_twice_is_refused(store: NoteStore) -> None:
    with pytest.raises(AlreadyExists):
        store.create_many([make_card("m-1", statement="one"), make_card("m-1", statement="two")])
    assert store.get_many("t1", ["m-1"]) in ([], [make_card("m-1", statement="one")])
