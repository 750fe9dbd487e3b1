"""Contract of the `NoteStore` port (L2/L3 memory cards): every adapter passes these unchanged.

Add an adapter by adding an opener to the `backend` fixture; the tests only speak the port.
"""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.domain.errors import AlreadyExists, InvalidRequest, NotFound, StorageError, VersionConflict
from reverie.domain.models import Layer, MemoryCard, MemoryType, Scope, ScopeKind, Status
from reverie.ports import CardQuery, NoteStore
from tests.contract.backends import Backend, backend_fixture
from tests.fakes.factories import at, make_card
from tests.fakes.stores import InMemoryNoteStore


class TickingClock:
    """Each reading is one second after the previous one, so every update is strictly newer."""

    def __init__(self) -> None:
        self._ticks = itertools.count()

    def __call__(self) -> datetime:
        return at(24 * 60) + timedelta(seconds=next(self._ticks))


@contextmanager
def sqlite_notes(tmp_path: Path) -> Iterator[Backend[NoteStore]]:
    clock = TickingClock()
    yield Backend(lambda: SqliteNoteStore(tmp_path / "notes.db", clock=clock))


@contextmanager
def in_memory_notes(tmp_path: Path) -> Iterator[Backend[NoteStore]]:
    fake = InMemoryNoteStore(clock=TickingClock())
    yield Backend(lambda: fake, durable=False)


@contextmanager
def dynamodb_notes_emulated_by_moto(tmp_path: Path) -> Iterator[Backend[NoteStore]]:
    """Emulated: moto in process (tests/contract/moto_dynamodb.py)."""
    from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
    from tests.contract.moto_dynamodb import TABLE, moto_table

    clock = TickingClock()
    with moto_table() as new_client:
        yield Backend(lambda: DynamoNoteStore(TABLE, client=new_client(), clock=clock))


@contextmanager
def dynamodb_notes_emulated_by_dynalite(tmp_path: Path, url: str) -> Iterator[Backend[NoteStore]]:
    """Emulated: dynalite on loopback (tests/contract/dynalite_dynamodb.py); what it lacks skips the test."""
    from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
    from tests.contract.dynalite_dynamodb import dynalite_table

    clock = TickingClock()
    with dynalite_table(url) as (table, new_client):
        yield Backend(lambda: DynamoNoteStore(table, client=new_client(), clock=clock))


OPENERS = {
    "sqlite": sqlite_notes,
    "memory": in_memory_notes,
    "dynamodb-moto": dynamodb_notes_emulated_by_moto,
    "dynamodb-dynalite": dynamodb_notes_emulated_by_dynalite,
}
EMULATED = {"dynamodb-moto", "dynamodb-dynalite"}
ENGINES = {"dynamodb-dynalite": "dynalite_engine"}
backend = backend_fixture(OPENERS, emulated=EMULATED, engines=ENGINES)


@pytest.fixture
def store(backend: Backend) -> NoteStore:
    return backend.open()


def alice(project_id: str | None = None, tenant_id: str = "t1") -> Scope:
    return Scope(tenant_id=tenant_id, user_id="u1", project_id=project_id)


def visible(store: NoteStore, scope: Scope, **filters: object) -> list[str]:
    return [card.memory_id for card in store.query(CardQuery(scope=scope, **filters))]  # type: ignore[arg-type]


def everything_about(store: NoteStore, tenant_id: str, memory_id: str, scope: Scope) -> list[object]:
    """What every read method says about one card (NotFound counts as a reading)."""
    readings: list[object] = []
    for read in (store.get, store.history):
        try:
            readings.append(read(tenant_id, memory_id))
        except NotFound:
            readings.append("not found")
    readings.append(store.get_many(tenant_id, [memory_id]))
    readings.append([c for c in store.query(CardQuery(scope=scope, limit=1000)) if c.memory_id == memory_id])
    return readings


NOTHING = ["not found", "not found", [], []]


# --- create / get ----------------------------------------------------------------------------------


def test_a_created_card_reads_back_unchanged_at_version_1(store: NoteStore) -> None:
    card = make_card("m-1", layer=Layer.KNOWLEDGE, key="build.tool", condition="on CI", action="use uv")
    stored = store.create(card)
    assert stored == card == store.get("t1", "m-1")
    assert store.history("t1", "m-1") == [card]


def test_creating_a_taken_id_is_refused_and_the_card_is_untouched(store: NoteStore) -> None:
    store.create(make_card("m-1", statement="first"))
    with pytest.raises(AlreadyExists):
        store.create(make_card("m-1", statement="second"))
    assert [c.statement for c in store.history("t1", "m-1")] == ["first"]


def test_unknown_ids_and_other_tenants_cards_are_not_found(store: NoteStore) -> None:
    # GIVEN a card of tenant t1 and a card with the same id in tenant t2
    store.create(make_card("m-1", statement="t1's"))
    store.create(make_card("m-1", tenant_id="t2", statement="t2's"))
    store.create(make_card("m-only-t1"))
    # THEN each tenant reads only its own
    assert store.get("t2", "m-1").statement == "t2's"
    for tenant, memory_id in (("t1", "m-nope"), ("t2", "m-only-t1")):
        with pytest.raises(NotFound):
            store.get(tenant, memory_id)
        with pytest.raises(NotFound):
            store.history(tenant, memory_id)
    assert store.get_many("t2", ["m-only-t1", "m-1"]) == [store.get("t2", "m-1")]


def test_get_many_keeps_the_order_asked_and_skips_unknown_ids(store: NoteStore) -> None:
    for memory_id in ("m-a", "m-b", "m-c"):
        store.create(make_card(memory_id))
    cards = store.get_many("t1", ["m-c", "m-x", "m-a", "m-c"])
    assert [c.memory_id for c in cards] == ["m-c", "m-a"]
    assert store.get_many("t1", []) == []


# --- update / optimistic locking -------------------------------------------------------------------


def test_an_update_appends_a_version_and_keeps_the_old_one_readable(store: NoteStore) -> None:
    # GIVEN a card at version 1
    v1 = store.create(make_card("m-1", statement="the build uses pip"))
    # WHEN it is revised
    v2 = store.update(v1.model_copy(update={"statement": "the build uses uv"}), expected_version=1)
    # THEN version 2 is current, stamped now, and version 1 is intact in the history
    assert (v2.version, v2.statement) == (2, "the build uses uv")
    assert v2.updated_at > v1.updated_at
    assert store.get("t1", "m-1") == v2
    assert store.history("t1", "m-1") == [v1, v2]


def test_a_stale_update_is_refused_and_loses_nothing(store: NoteStore) -> None:
    # GIVEN two writers who both read version 1, and the first one already wrote version 2
    read_by_both = store.create(make_card("m-1", statement="original"))
    first = store.update(read_by_both.model_copy(update={"statement": "first writer"}), 1)
    # WHEN the second writer updates from what it read
    with pytest.raises(VersionConflict) as conflict:
        store.update(read_by_both.model_copy(update={"statement": "second writer"}), 1)
    # THEN it is told which version is current and nothing was written
    assert (conflict.value.memory_id, conflict.value.expected, conflict.value.actual) == ("m-1", 1, 2)
    assert store.history("t1", "m-1") == [read_by_both, first]
    # AND after reading again its retry lands on top of the first writer's version
    fresh = store.get("t1", "m-1")
    third = store.update(fresh.model_copy(update={"statement": "second writer"}), fresh.version)
    assert [c.statement for c in store.history("t1", "m-1")] == ["original", "first writer", "second writer"]
    assert third.version == 3


def test_updating_an_unknown_card_is_not_found(store: NoteStore) -> None:
    with pytest.raises(NotFound):
        store.update(make_card("m-ghost"), expected_version=1)


def test_an_invalid_revision_is_refused_and_the_card_is_untouched(store: NoteStore) -> None:
    # GIVEN a verified L3 card, and a revision built with model_copy (which skips validation)
    card = store.create(make_card("m-1", layer=Layer.KNOWLEDGE))
    invalid = card.model_copy(update={"status": Status.HYPOTHESIS})
    # WHEN it is stored
    with pytest.raises(InvalidRequest):
        store.update(invalid, expected_version=1)
    # THEN nothing changed
    assert store.history("t1", "m-1") == [card]


# --- supersede -------------------------------------------------------------------------------------


def test_supersede_retires_the_old_card_and_links_both_ways(store: NoteStore) -> None:
    old = store.create(make_card("m-old", key="build.tool", statement="pip"))
    retired, replacement = store.supersede(old, make_card("m-new", key="build.tool", statement="uv"))
    assert (retired.version, retired.status, retired.superseded_by) == (2, Status.SUPERSEDED, "m-new")
    assert retired.statement == "pip"
    assert (replacement.version, replacement.supersedes, replacement.statement) == (1, "m-old", "uv")
    assert store.get("t1", "m-old") == retired and store.get("t1", "m-new") == replacement
    assert [c.status for c in store.history("t1", "m-old")] == [Status.HYPOTHESIS, Status.SUPERSEDED]


def test_supersede_onto_a_taken_id_changes_nothing(store: NoteStore) -> None:
    # GIVEN an old card and an unrelated card that already owns the new id
    old = store.create(make_card("m-old", statement="pip"))
    squatter = store.create(make_card("m-new", statement="unrelated"))
    # WHEN the old card is superseded by a card with that id
    with pytest.raises(AlreadyExists):
        store.supersede(old, make_card("m-new", statement="uv"))
    # THEN neither card changed
    assert store.history("t1", "m-old") == [old]
    assert store.history("t1", "m-new") == [squatter]


def test_supersede_from_a_stale_read_changes_nothing(store: NoteStore) -> None:
    # GIVEN a card read at version 1 that someone else has since revised
    stale = store.create(make_card("m-old"))
    revised = store.update(stale.model_copy(update={"statement": "revised"}), 1)
    # WHEN the stale read is superseded
    with pytest.raises(VersionConflict):
        store.supersede(stale, make_card("m-new"))
    # THEN the new card does not exist and the old one is as revised
    with pytest.raises(NotFound):
        store.get("t1", "m-new")
    assert store.history("t1", "m-old") == [stale, revised]


# --- query and scope isolation ---------------------------------------------------------------------


def test_query_shows_each_caller_only_what_its_scope_reaches(store: NoteStore) -> None:
    # GIVEN cards of every scope, for two users, two projects and two tenants
    store.create(make_card("m-mine", user_id="u1"))
    store.create(make_card("m-theirs", user_id="u2"))
    store.create(make_card("m-proj-a", scope=ScopeKind.PROJECT, project_id="pa", user_id="u2"))
    store.create(make_card("m-proj-b", scope=ScopeKind.PROJECT, project_id="pb", user_id="u1"))
    store.create(make_card("m-org", scope=ScopeKind.ORG, user_id=None))
    store.create(make_card("m-global", scope=ScopeKind.GLOBAL, user_id=None))
    store.create(make_card("m-other-tenant", tenant_id="t2", scope=ScopeKind.GLOBAL, user_id=None))
    store.create(make_card("m-other-tenant-u1", tenant_id="t2", user_id="u1"))
    # THEN u1 sees its own, the tenant-wide ones, and a project's only when working in it
    assert sorted(visible(store, alice())) == ["m-global", "m-mine", "m-org"]
    assert sorted(visible(store, alice("pa"))) == ["m-global", "m-mine", "m-org", "m-proj-a"]
    assert sorted(visible(store, Scope(tenant_id="t1", user_id="u2"))) == ["m-global", "m-org", "m-theirs"]
    assert sorted(visible(store, alice(tenant_id="t2"))) == ["m-other-tenant", "m-other-tenant-u1"]


def test_query_filters_by_layer_type_status_and_key(store: NoteStore) -> None:
    store.create(make_card("m-note", type=MemoryType.FACT, key="k1"))
    store.create(make_card("m-fact", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, key="k1"))
    store.create(make_card("m-pref", layer=Layer.KNOWLEDGE, type=MemoryType.PREFERENCE, key="k2"))
    store.create(make_card("m-old", layer=Layer.KNOWLEDGE, status=Status.ARCHIVED, key="k1"))
    assert sorted(visible(store, alice(), layers=frozenset({Layer.NOTES}))) == ["m-note"]
    assert sorted(visible(store, alice(), types=frozenset({MemoryType.PREFERENCE}))) == ["m-pref"]
    assert sorted(visible(store, alice(), statuses=frozenset({Status.VERIFIED}), key="k1")) == ["m-fact"]
    assert visible(store, alice(), statuses=frozenset()) == []
    assert sorted(visible(store, alice(), key="k1")) == ["m-fact", "m-note", "m-old"]
    assert sorted(
        visible(store, alice(), keys=frozenset({"k1", "k2"}), layers=frozenset({Layer.KNOWLEDGE}))
    ) == [
        "m-fact",
        "m-old",
        "m-pref",
    ]
    assert visible(store, alice(), keys=frozenset()) == []
    assert visible(store, alice(), keys=frozenset({"k1", "k2"}), statuses=frozenset()) == []
    assert visible(store, alice(), key="k1", keys=frozenset({"k2"})) == []


def test_a_key_read_returns_only_the_callers_cards_of_a_key_every_user_has(store: NoteStore) -> None:
    # GIVEN two users whose homes are held under the same key, and an org-wide card of that key
    store.create(make_card("m-home-u1", user_id="u1", key="user.home_city", statement="Lives in Leeds"))
    store.create(make_card("m-home-u2", user_id="u2", key="user.home_city", statement="Lives in Oslo"))
    store.create(make_card("m-org", scope=ScopeKind.ORG, user_id=None, key="user.home_city"))
    store.create(make_card("m-job-u1", user_id="u1", key="user.employer"))
    # WHEN u1 reads the identity keys
    found = visible(store, alice(), keys=frozenset({"user.home_city", "user.employer"}))
    # THEN u1 gets its own cards and the org's, never u2's
    assert sorted(found) == ["m-home-u1", "m-job-u1", "m-org"]
    assert visible(store, alice(), keys=frozenset({"user.home_city"}), limit=1) in (["m-home-u1"], ["m-org"])


def test_query_lists_current_versions_newest_first_and_pages_without_gaps(store: NoteStore) -> None:
    # GIVEN five cards made at different times, one of them revised later (its v2 is the newest)
    for minute, memory_id in [(3, "m-c"), (1, "m-a"), (5, "m-e"), (2, "m-b"), (4, "m-d")]:
        store.create(make_card(memory_id, statement=f"v1 of {memory_id}", updated_at=at(minute)))
    store.update(store.get("t1", "m-a").model_copy(update={"statement": "v2 of m-a"}), 1)
    # WHEN the scope is listed whole and in pages of two
    whole = store.query(CardQuery(scope=alice()))
    pages = [visible(store, alice(), limit=2, offset=offset) for offset in (0, 2, 4, 6)]
    # THEN each card appears once, at its current version, newest first, and the pages tile the list
    assert [c.memory_id for c in whole] == ["m-a", "m-e", "m-d", "m-c", "m-b"]
    assert whole[0].statement == "v2 of m-a"
    assert pages == [["m-a", "m-e"], ["m-d", "m-c"], ["m-b"], []]
    assert visible(store, alice(), limit=0) == []


def test_a_read_without_counters_gives_the_same_cards_counters_aside(store: NoteStore) -> None:
    # GIVEN two cards, one with a hit recorded
    made = [store.create(make_card("m-a")), store.create(make_card("m-b"))]
    store.record_hits("t1", ["m-a"], at(9))
    # WHEN recall reads them without counters, and an admin read reads them with
    bare = store.get_many("t1", ["m-b", "m-a", "m-x"], counters=False)
    full = store.get_many("t1", ["m-b", "m-a", "m-x"])

    # THEN both are the same cards in the order asked; only the full read is sure to count the hit
    def without_counters(cards: list[MemoryCard]) -> list[MemoryCard]:
        return [c.model_copy(update={"hit_count": 0, "last_hit_at": None}) for c in cards]

    assert without_counters(bare) == without_counters(full) == without_counters(made[::-1])
    assert [c.hit_count for c in full] == [0, 1]


def test_a_negative_page_is_refused(store: NoteStore) -> None:
    with pytest.raises(InvalidRequest):
        store.query(CardQuery(scope=alice(), offset=-1))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cards=st.lists(
        st.tuples(
            st.sampled_from(list(ScopeKind)),
            st.sampled_from(["u1", "u2"]),
            st.sampled_from(["pa", "pb"]),
            st.sampled_from([Status.HYPOTHESIS, Status.ARCHIVED, Status.REJECTED]),
            st.sampled_from([None, "user.home_city", "user.employer"]),
        ),
        max_size=8,
    ),
    caller=st.tuples(st.sampled_from(["u1", "u2", "u3"]), st.sampled_from([None, "pa", "pb"])),
    statuses=st.none() | st.frozensets(st.sampled_from([Status.HYPOTHESIS, Status.ARCHIVED])),
    keys=st.none() | st.frozensets(st.sampled_from(["user.home_city", "user.employer"])),
)
def test_query_returns_exactly_the_cards_the_domain_visibility_rule_allows(
    store: NoteStore,
    cards: list[tuple[ScopeKind, str, str, Status, str | None]],
    caller: tuple[str, str | None],
    statuses: frozenset[Status] | None,
    keys: frozenset[str] | None,
) -> None:
    # GIVEN random cards in a fresh tenant, some of them under keys every user may have
    tenant = f"t-{next(_TENANTS)}"
    made = [
        store.create(
            make_card(
                f"m-{i}",
                tenant_id=tenant,
                scope=kind,
                user_id=user,
                project_id=project,
                status=status,
                key=key,
            )
        )
        for i, (kind, user, project, status, key) in enumerate(cards)
    ]
    scope = Scope(tenant_id=tenant, user_id=caller[0], project_id=caller[1])
    # WHEN the caller lists its scope (or reads it by keys)
    found = visible(store, scope, statuses=statuses, keys=keys)
    # THEN the store applied the same rule as `MemoryCard.visible_to`, and no more
    expected = [
        c.memory_id
        for c in made
        if c.visible_to(scope)
        and (statuses is None or c.status in statuses)
        and (keys is None or c.key in keys)
    ]
    assert sorted(found) == sorted(expected)


_TENANTS = itertools.count()


# --- hits ------------------------------------------------------------------------------------------


def test_recording_hits_counts_usage_without_adding_a_version(store: NoteStore) -> None:
    # GIVEN a card, and a card with the same id in another tenant
    store.create(make_card("m-1"))
    store.create(make_card("m-1", tenant_id="t2"))
    # WHEN it is injected twice (the second time listed twice), along with an unknown id
    store.record_hits("t1", ["m-1", "m-unknown"], at(10))
    store.record_hits("t1", ["m-1", "m-1"], at(20))
    store.record_hits("t1", ["m-1"], at(15))  # a late report does not move last_hit_at back
    # THEN every read shows the counters, the history still has one version, t2's card is unaffected
    card = store.get("t1", "m-1")
    assert (card.hit_count, card.last_hit_at, card.version) == (3, at(20), 1)
    assert store.get_many("t1", ["m-1"]) == [card] == store.query(CardQuery(scope=alice()))
    assert [c.version for c in store.history("t1", "m-1")] == [1]
    assert store.get("t2", "m-1").hit_count == 0
    # AND the counters carry over to the next version
    assert store.update(card.model_copy(update={"statement": "revised"}), 1).hit_count == 3


# --- deletion --------------------------------------------------------------------------------------


def test_delete_leaves_nothing_readable_and_frees_the_id(store: NoteStore) -> None:
    # GIVEN a card with two versions and hits
    v1 = store.create(make_card("m-1"))
    store.update(v1.model_copy(update={"statement": "revised"}), 1)
    store.record_hits("t1", ["m-1"], at(5))
    # WHEN it is deleted
    store.delete("t1", "m-1")
    # THEN no read method finds it, and it cannot be updated, hit back to life or deleted again
    assert everything_about(store, "t1", "m-1", alice()) == NOTHING
    store.record_hits("t1", ["m-1"], at(6))
    with pytest.raises(NotFound):
        store.update(v1, expected_version=2)
    with pytest.raises(NotFound):
        store.delete("t1", "m-1")
    # AND the id starts afresh: version 1, no hits
    assert store.create(make_card("m-1")) == make_card("m-1")


def test_delete_user_forgets_every_card_of_that_user_and_only_those(store: NoteStore) -> None:
    # GIVEN u1's cards (one revised, one since moved to a project), u2's card and tenant-wide cards
    store.create(make_card("m-1", user_id="u1"))
    store.update(store.get("t1", "m-1").model_copy(update={"statement": "revised"}), 1)
    moved = store.create(make_card("m-2", user_id="u1"))
    store.update(moved.model_copy(update={"scope": ScopeKind.PROJECT, "project_id": "pa"}), 1)
    store.create(make_card("m-3", user_id="u2"))
    store.create(make_card("m-4", scope=ScopeKind.ORG, user_id=None))
    store.create(make_card("m-1", tenant_id="t2", user_id="u1"))
    # WHEN u1 of t1 is forgotten
    removed = store.delete_user("t1", "u1")
    # THEN every card that ever held u1's personal scope is gone from every read
    assert removed == 2
    for memory_id in ("m-1", "m-2"):
        assert everything_about(store, "t1", memory_id, alice("pa")) == NOTHING
    assert store.count_by_user("t1") == {"u2": 1}
    # AND everyone else's cards are intact
    assert [c.memory_id for c in store.get_many("t1", ["m-3", "m-4"])] == ["m-3", "m-4"]
    assert store.count_by_user("t2") == {"u1": 1}
    assert store.delete_user("t1", "u1") == 0


def test_count_by_user_counts_current_user_scoped_cards(store: NoteStore) -> None:
    store.create(make_card("m-1", user_id="u1"))
    old = store.create(make_card("m-2", user_id="u1"))
    store.supersede(old, make_card("m-3", user_id="u1"))
    store.create(make_card("m-4", user_id="u2", layer=Layer.KNOWLEDGE))
    store.create(make_card("m-5", scope=ScopeKind.PROJECT, project_id="pa", user_id="u2"))
    assert store.count_by_user("t1") == {"u1": 3, "u2": 1}
    assert store.count_by_user("t9") == {}


# --- concurrency, durability -----------------------------------------------------------------------


def run_together(workers: list[Callable[[], None]]) -> None:
    threads = [threading.Thread(target=worker) for worker in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_of_concurrent_writers_of_one_version_exactly_one_wins(backend: Backend) -> None:
    # GIVEN eight writers (separate adapter instances) that all read version 1
    stores = [backend.open() for _ in range(8)]
    stores[0].create(make_card("m-1", statement="original"))
    barrier = threading.Barrier(len(stores))
    winners: list[str] = []
    losers: list[VersionConflict] = []

    def writer(store: NoteStore, name: str) -> Callable[[], None]:
        def write() -> None:
            seen = store.get("t1", "m-1")
            barrier.wait()
            try:
                store.update(seen.model_copy(update={"statement": name}), seen.version)
                winners.append(name)
            except VersionConflict as conflict:
                losers.append(conflict)

        return write

    # WHEN they all update at once
    run_together([writer(store, f"writer {i}") for i, store in enumerate(stores)])
    # THEN one wins, the others are told version 2 is current, and only the winner's text was stored
    assert len(winners) == 1 and len(losers) == 7
    assert {(c.expected, c.actual) for c in losers} == {(1, 2)}
    assert [c.statement for c in stores[0].history("t1", "m-1")] == ["original", winners[0]]


def test_concurrent_increments_with_retry_lose_no_update(backend: Backend) -> None:
    # GIVEN a counter card and six writers that each add 1 ten times, re-reading on every conflict
    stores = [backend.open() for _ in range(6)]
    stores[0].create(make_card("m-counter", statement="0"))
    conflicts: list[int] = []

    def incrementer(store: NoteStore) -> Callable[[], None]:
        def run() -> None:
            for _ in range(10):
                while True:
                    card = store.get("t1", "m-counter")
                    try:
                        store.update(
                            card.model_copy(update={"statement": str(int(card.statement) + 1)}), card.version
                        )
                        break
                    except VersionConflict:
                        conflicts.append(1)

        return run

    # WHEN they run at the same time
    run_together([incrementer(store) for store in stores])
    # THEN every increment is applied and the history is one contiguous line of versions
    final = stores[0].get("t1", "m-counter")
    history = stores[0].history("t1", "m-counter")
    assert (final.statement, final.version) == ("60", 61)
    assert [c.version for c in history] == list(range(1, 62))
    assert [int(c.statement) for c in history] == list(range(61))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(attempts=st.lists(st.integers(min_value=-3, max_value=2), min_size=1, max_size=12))
def test_any_mix_of_fresh_and_stale_updates_keeps_versions_contiguous(
    store: NoteStore, attempts: list[int]
) -> None:
    # GIVEN a fresh card; each attempt names the current version shifted by an offset (0 = fresh)
    memory_id = f"m-{next(_CARDS)}"
    store.create(make_card(memory_id, statement="attempt -"))
    current, accepted = 1, ["attempt -"]
    for n, offset in enumerate(attempts):
        expected = max(1, current + offset)
        revision = make_card(memory_id, statement=f"attempt {n}")
        # WHEN it is updated naming that version
        if expected == current:
            assert store.update(revision, expected).version == current + 1
            current, accepted = current + 1, [*accepted, f"attempt {n}"]
        else:
            with pytest.raises(VersionConflict):
                store.update(revision, expected)
    # THEN the versions run 1..n without gaps and hold exactly the accepted revisions, the last one current
    history = store.history("t1", memory_id)
    assert [c.version for c in history] == list(range(1, current + 1))
    assert [c.statement for c in history] == accepted
    assert store.get("t1", memory_id) == history[-1]


_CARDS = itertools.count()


def test_cards_survive_a_restart(backend: Backend) -> None:
    if not backend.durable:
        pytest.skip("the in-memory fake is not durable")
    # GIVEN cards written, revised, superseded and hit through one instance that is then dropped
    first = backend.open()
    old = first.create(make_card("m-old", layer=Layer.KNOWLEDGE))
    first.supersede(old, make_card("m-new", layer=Layer.KNOWLEDGE))
    first.record_hits("t1", ["m-new"], at(9))
    before = [
        first.history("t1", "m-old"),
        first.history("t1", "m-new"),
        first.query(CardQuery(scope=alice())),
    ]
    backend.shutdown()
    # WHEN a new instance opens the same storage
    reopened = backend.open()
    # THEN it reads exactly the same, and optimistic locking continues from the stored versions
    assert [
        reopened.history("t1", "m-old"),
        reopened.history("t1", "m-new"),
        reopened.query(CardQuery(scope=alice())),
    ] == before
    with pytest.raises(VersionConflict):
        reopened.update(old, expected_version=1)


# --- SQLite specifics ------------------------------------------------------------------------------


def test_sqlite_refuses_even_a_raw_rewrite_of_a_stored_version(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    store = SqliteNoteStore(path)
    card = store.create(make_card("m-1", statement="original"))
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="never rewritten"):
        raw.execute("UPDATE card_versions SET card = '{}'")
    raw.close()
    assert store.history("t1", "m-1") == [card]
    store.close()


def test_sqlite_refuses_a_file_that_belongs_to_another_store(tmp_path: Path) -> None:
    from reverie.adapters.local.log_store import SqliteLogStore

    SqliteLogStore(tmp_path / "log.db").close()
    with pytest.raises(StorageError, match="another Reverie store"):
        SqliteNoteStore(tmp_path / "log.db")


def test_sqlite_refuses_a_file_written_by_a_newer_schema(tmp_path: Path) -> None:
    SqliteNoteStore(tmp_path / "notes.db").close()
    raw = sqlite3.connect(tmp_path / "notes.db")
    raw.execute("PRAGMA user_version = 99")
    raw.close()
    with pytest.raises(StorageError, match="newer"):
        SqliteNoteStore(tmp_path / "notes.db")


def test_shared_by_names_the_shared_cards_a_user_wrote(store: NoteStore) -> None:
    # GIVEN u1 wrote an org card and a project card (their user_id names the author), u2 an org card
    store.create(make_card("m-1", user_id="u1"))
    store.create(make_card("m-2", scope=ScopeKind.ORG, user_id="u1"))
    store.create(make_card("m-3", scope=ScopeKind.PROJECT, project_id="pa", user_id="u1"))
    store.create(make_card("m-4", scope=ScopeKind.ORG, user_id="u2"))
    store.create(make_card("m-5", scope=ScopeKind.ORG, user_id=None))
    # THEN u1's shared cards are listed (not their own user card), and a deleted one no longer
    assert store.shared_by("t1", "u1") == ["m-2", "m-3"]
    store.delete("t1", "m-2")
    assert store.shared_by("t1", "u1") == ["m-3"]
    assert store.shared_by("t2", "u1") == []
    # AND forgetting u1's own cards leaves the shared ones for the service to settle
    assert store.delete_user("t1", "u1") == 1
    assert store.shared_by("t1", "u1") == ["m-3"]
