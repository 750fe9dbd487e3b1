"""Contract of the `RunStore` port (dream runs, changes, stage outputs, lease, review queue).

Every adapter passes these unchanged. Add an adapter by adding an opener to the `backend` fixture; the
tests only speak the port.
"""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.adapters.local.run_store import SqliteRunStore
from reverie.domain.dream import Change, ChangeKind, DreamRun, ReviewItem, RunStatus, Trigger
from reverie.domain.errors import InvalidRequest, NotFound, StorageError
from reverie.ports import RunStore
from tests.contract.backends import Backend, backend_fixture
from tests.fakes.factories import at
from tests.fakes.run_store import InMemoryRunStore


@contextmanager
def sqlite_runs(tmp_path: Path) -> Iterator[Backend[RunStore]]:
    yield Backend(lambda: SqliteRunStore(tmp_path / "runs.db"))


@contextmanager
def in_memory_runs(tmp_path: Path) -> Iterator[Backend[RunStore]]:
    fake = InMemoryRunStore()
    yield Backend(lambda: fake, durable=False)


@contextmanager
def dynamodb_runs_emulated_by_moto(tmp_path: Path) -> Iterator[Backend[RunStore]]:
    """Emulated: moto in process (tests/contract/moto_dynamodb.py)."""
    from reverie.adapters.aws.dynamo_runs import DynamoRunStore
    from tests.contract.moto_dynamodb import TABLE, moto_table

    with moto_table() as new_client:
        yield Backend(lambda: DynamoRunStore(TABLE, client=new_client()))


@contextmanager
def dynamodb_runs_emulated_by_dynalite(tmp_path: Path, url: str) -> Iterator[Backend[RunStore]]:
    """Emulated: dynalite on loopback (tests/contract/dynalite_dynamodb.py); what it lacks skips the test."""
    from reverie.adapters.aws.dynamo_runs import DynamoRunStore
    from tests.contract.dynalite_dynamodb import dynalite_table

    with dynalite_table(url) as (table, new_client):
        yield Backend(lambda: DynamoRunStore(table, client=new_client()))


backend = backend_fixture(
    {
        "sqlite": sqlite_runs,
        "memory": in_memory_runs,
        "dynamodb-moto": dynamodb_runs_emulated_by_moto,
        "dynamodb-dynalite": dynamodb_runs_emulated_by_dynalite,
    },
    emulated={"dynamodb-moto", "dynamodb-dynalite"},
    engines={"dynamodb-dynalite": "dynalite_engine"},
)


@pytest.fixture
def store(backend: Backend) -> RunStore:
    return backend.open()


def make_run(
    run_id: str = "r-1", *, tenant_id: str = "t1", user_id: str = "u1", minute: float = 0, **fields: Any
) -> DreamRun:
    return DreamRun(
        run_id=run_id,
        tenant_id=tenant_id,
        user_id=user_id,
        trigger=Trigger.SESSION_END,
        started_at=at(minute),
        **fields,
    )


def make_change(run_id: str = "r-1", n: int = 1, *, reason: str = "new fact", **fields: Any) -> Change:
    return Change(
        run_id=run_id,
        change_id=f"restructure:added:m-{n}",
        stage="restructure",
        kind=ChangeKind.ADDED,
        memory_id=f"m-{n}",
        after_version=1,
        reason=reason,
        at=at(n),
        **fields,
    )


def make_review(
    item_id: str = "rv-1", *, tenant_id: str = "t1", user_id: str = "u1", minute: float = 0
) -> ReviewItem:
    return ReviewItem(
        item_id=item_id,
        tenant_id=tenant_id,
        user_id=user_id,
        memory_ids=["m-1", "m-2"],
        reason="conflict",
        detail="m-1 and m-2 disagree",
        run_id="r-1",
        created_at=at(minute),
    )


# --- runs ------------------------------------------------------------------------------------------


def test_a_saved_run_reads_back_unchanged_and_a_later_save_replaces_it(store: RunStore) -> None:
    # GIVEN a running run with inputs
    run = make_run(inputs={"sessions": ["s1", "s2"]})
    store.save_run(run)
    assert store.get_run("t1", "r-1") == run
    # WHEN it finishes and is saved again
    done = run.model_copy(
        update={"status": RunStatus.SUCCEEDED, "counts": {"added": 2}, "finished_at": at(3)}
    )
    store.save_run(done)
    # THEN the stored run is the finished one, listed once
    assert store.get_run("t1", "r-1") == done
    assert store.list_runs("t1") == [done]


def test_unknown_runs_and_other_tenants_runs_are_invisible(store: RunStore) -> None:
    # GIVEN a run of t1 with a change and a stage output
    store.save_run(make_run())
    store.record_change("t1", make_change())
    store.save_stage_output("t1", "r-1", "select", {"candidates": 3})
    # THEN t2 cannot read, list, extend or resume it, and an unknown id is not found in t1
    for tenant, run_id in (("t2", "r-1"), ("t1", "r-nope")):
        with pytest.raises(NotFound):
            store.get_run(tenant, run_id)
        assert store.changes(tenant, run_id) == []
        assert store.stage_output(tenant, run_id, "select") is None
        with pytest.raises(NotFound):
            store.record_change(tenant, make_change(run_id))
        with pytest.raises(NotFound):
            store.save_stage_output(tenant, run_id, "select", {})
    assert store.list_runs("t2") == []


def test_runs_are_listed_newest_first_per_user_and_up_to_the_limit(store: RunStore) -> None:
    # GIVEN runs of two users started at different minutes (two at the same minute)
    for run_id, user, minute in [("r-a", "u1", 1), ("r-b", "u2", 3), ("r-c", "u1", 2), ("r-d", "u1", 2)]:
        store.save_run(make_run(run_id, user_id=user, minute=minute))
    store.save_run(make_run("r-x", tenant_id="t2", minute=9))

    def ids(runs: list[DreamRun]) -> list[str]:
        return [run.run_id for run in runs]

    # THEN newest first (ties: higher run_id first), filtered by user, cut at the limit, tenant-bound
    assert ids(store.list_runs("t1")) == ["r-b", "r-d", "r-c", "r-a"]
    assert ids(store.list_runs("t1", user_id="u1")) == ["r-d", "r-c", "r-a"]
    assert ids(store.list_runs("t1", user_id="u1", limit=2)) == ["r-d", "r-c"]
    assert store.list_runs("t1", limit=0) == [] == store.list_runs("t1", user_id="u9")
    with pytest.raises(InvalidRequest):
        store.list_runs("t1", limit=-1)


def test_a_run_keeps_its_user_and_an_invalid_run_is_refused(store: RunStore) -> None:
    store.save_run(make_run())
    with pytest.raises(InvalidRequest):
        store.save_run(make_run(user_id="u2"))
    with pytest.raises(InvalidRequest):
        store.save_run(make_run("r-2").model_copy(update={"user_id": "not an id!"}))
    assert store.get_run("t1", "r-1").user_id == "u1"
    assert [run.run_id for run in store.list_runs("t1")] == ["r-1"]


# --- changes and stage outputs ---------------------------------------------------------------------


def test_changes_are_recorded_once_each_in_the_order_recorded(store: RunStore) -> None:
    # GIVEN two runs
    store.save_run(make_run("r-1"))
    store.save_run(make_run("r-2"))
    # WHEN a stage records changes, is retried (same change ids, even with a different reason), and
    # another run records its own
    for n in (3, 1, 2):
        store.record_change("t1", make_change("r-1", n))
    for n in (1, 3):
        store.record_change("t1", make_change("r-1", n, reason="retried"))
    store.record_change("t1", make_change("r-2", 1))
    # THEN each change is kept once, as first recorded, in the order first recorded, per run
    assert store.changes("t1", "r-1") == [make_change("r-1", n) for n in (3, 1, 2)]
    assert store.changes("t1", "r-2") == [make_change("r-2", 1)]


def test_an_invalid_change_is_refused(store: RunStore) -> None:
    store.save_run(make_run())
    with pytest.raises(InvalidRequest):
        store.record_change("t1", make_change().model_copy(update={"reason": "x" * 2_000}))
    assert store.changes("t1", "r-1") == []


def test_a_stage_output_is_kept_as_first_saved(store: RunStore) -> None:
    # GIVEN a run whose select stage saved its output
    store.save_run(make_run())
    output = {"candidates": [{"statement": "uses uv"}], "counts": {"selected": 1}, "done": True}
    store.save_stage_output("t1", "r-1", "select", output)
    # WHEN a retried select saves a different output
    store.save_stage_output("t1", "r-1", "select", {"candidates": []})
    # THEN the first output stands; other stages have none; a caller cannot change it by mutation
    read = store.stage_output("t1", "r-1", "select")
    assert read == output
    assert read is not None
    read["done"] = False
    assert store.stage_output("t1", "r-1", "select") == output
    assert store.stage_output("t1", "r-1", "verify") is None


def test_a_stage_output_that_is_not_plain_json_is_refused(store: RunStore) -> None:
    store.save_run(make_run())
    for bad in ({"when": at(1)}, {"score": float("nan")}):
        with pytest.raises(InvalidRequest):
            store.save_stage_output("t1", "r-1", "select", bad)
    assert store.stage_output("t1", "r-1", "select") is None


# --- the lease -------------------------------------------------------------------------------------


def test_a_held_lease_refuses_others_until_it_expires(store: RunStore) -> None:
    # GIVEN worker A holds u1's lease for 60 s from minute 0
    assert store.acquire_lease("t1", "u1", "A", 60, at(0))
    # THEN B is refused while it runs, even one microsecond before expiry
    assert not store.acquire_lease("t1", "u1", "B", 60, at(0.5))
    assert not store.acquire_lease("t1", "u1", "B", 60, at(1) - timedelta(microseconds=1))
    # AND other users and tenants are independent
    assert store.acquire_lease("t1", "u2", "B", 60, at(0.5))
    assert store.acquire_lease("t2", "u1", "B", 60, at(0.5))
    # WHEN A dies and its lease expires, B gets it (at the expiry instant) and now A is refused
    assert store.acquire_lease("t1", "u1", "B", 60, at(1))
    assert not store.acquire_lease("t1", "u1", "A", 60, at(1.5))


def test_the_holder_renews_its_lease_and_release_frees_it(store: RunStore) -> None:
    # GIVEN A holds the lease from minute 0 and renews it at minute 0.9 for another 60 s
    assert store.acquire_lease("t1", "u1", "A", 60, at(0))
    assert store.acquire_lease("t1", "u1", "A", 60, at(0.9))
    # THEN it did not expire at minute 1
    assert not store.acquire_lease("t1", "u1", "B", 60, at(1.5))
    # WHEN a non-holder releases it, nothing changes; when A releases it, B gets it at once
    store.release_lease("t1", "u1", "B")
    assert not store.acquire_lease("t1", "u1", "B", 60, at(1.5))
    store.release_lease("t1", "u1", "A")
    assert store.acquire_lease("t1", "u1", "B", 60, at(1.5))
    store.release_lease("t1", "u9", "A")  # nothing held: a no-op


@pytest.mark.parametrize("ttl_s", [0, -5, float("inf"), float("nan")])
def test_a_lease_needs_a_positive_ttl(store: RunStore, ttl_s: float) -> None:
    with pytest.raises(InvalidRequest):
        store.acquire_lease("t1", "u1", "A", ttl_s, at(0))
    assert store.acquire_lease("t1", "u1", "B", 60, at(0))


def race_for_lease(stores: list[RunStore], user_id: str) -> list[str]:
    """Every store asks for the user's lease at the same instant, each from its own thread; the winners."""
    barrier = threading.Barrier(len(stores))
    winners: list[str] = []

    def worker(store: RunStore, name: str) -> None:
        barrier.wait()
        if store.acquire_lease("t1", user_id, name, 60, at(0)):
            winners.append(name)

    threads = [threading.Thread(target=worker, args=(store, f"w{i}")) for i, store in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return winners


def test_of_workers_racing_for_a_lease_exactly_one_wins(backend: Backend) -> None:
    # GIVEN eight workers, each with its own adapter instance (for SQLite: its own connection)
    stores = [backend.open() for _ in range(8)]
    for user_id in ("u1", "u2", "u3", "u4", "u5"):
        # WHEN they all ask for the same user's lease at the same instant
        winners = race_for_lease(stores, user_id)
        # THEN exactly one holds it, and every worker that asks later is refused
        assert len(winners) == 1
        late = [store.acquire_lease("t1", user_id, f"late{i}", 60, at(0.5)) for i, store in enumerate(stores)]
        assert late == [None] * len(stores)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "C"]),
            st.sampled_from(["acquire", "release"]),
            st.integers(min_value=0, max_value=40),  # seconds since the previous step
            st.integers(min_value=1, max_value=60),  # ttl of an acquire
        ),
        max_size=25,
    )
)
def test_any_interleaving_of_acquires_and_releases_leaves_at_most_one_live_holder(
    store: RunStore, steps: list[tuple[str, str, int, int]]
) -> None:
    user = f"u-{next(_USERS)}"
    now = at(0)
    granted: dict[str, datetime] = {}  # what the store said: holder -> expiry of its last grant
    model: tuple[str, datetime] | None = None  # the rule written out: (holder, expires_at)
    token = 0  # the fencing counter written out: +1 for every new holder
    for holder, action, wait_s, ttl_s in steps:
        now += timedelta(seconds=wait_s)
        if action == "acquire":
            # WHEN a holder asks for the lease
            got = store.acquire_lease("t1", user, holder, ttl_s, now)
            # THEN it is granted exactly when it is free, expired or already its own
            free = model is None or model[1] <= now or model[0] == holder
            assert (got is not None) == free
            if got is not None:
                # AND its fencing token moved on exactly when the lease changed hands
                renewal = model is not None and model[0] == holder
                token += 0 if renewal else 1
                assert (got.holder, got.token) == (holder, token)
                model = (holder, now + timedelta(seconds=ttl_s))
                granted[holder] = model[1]
        else:
            store.release_lease("t1", user, holder)
            if model is not None and model[0] == holder:
                model = None
                granted.pop(holder, None)
        # AND at no time do two holders both believe they hold an unexpired lease
        assert sum(expiry > now for expiry in granted.values()) <= 1


_USERS = itertools.count()


# --- rollback memory -------------------------------------------------------------------------------


def test_rolled_back_fingerprints_are_remembered_per_user(store: RunStore) -> None:
    assert store.rolled_back_fingerprints("t1", "u1") == set()
    store.mark_rolled_back("t1", "u1", ["f1", "f2", "f1"])
    store.mark_rolled_back("t1", "u1", ["f2", "f3"])
    store.mark_rolled_back("t1", "u2", ["f9"])
    store.mark_rolled_back("t1", "u1", [])
    found = store.rolled_back_fingerprints("t1", "u1")
    assert found == {"f1", "f2", "f3"}
    found.add("f-mutated")
    assert store.rolled_back_fingerprints("t1", "u1") == {"f1", "f2", "f3"}
    assert store.rolled_back_fingerprints("t1", "u2") == {"f9"}
    assert store.rolled_back_fingerprints("t2", "u1") == set()


# --- the review queue ------------------------------------------------------------------------------


def test_review_items_are_queued_once_and_listed_oldest_first(store: RunStore) -> None:
    # GIVEN items of two users added out of order, one added twice, and an item of another tenant
    for item_id, user, minute in [("rv-b", "u1", 2), ("rv-a", "u2", 1), ("rv-c", "u1", 3), ("rv-0", "u1", 2)]:
        store.add_review(make_review(item_id, user_id=user, minute=minute))
    store.add_review(make_review("rv-b", user_id="u1", minute=2))
    store.add_review(make_review("rv-z", tenant_id="t2"))

    def ids(items: list[ReviewItem]) -> list[str]:
        return [item.item_id for item in items]

    # THEN open items are listed oldest first (ties by id), once each, per user, inside the tenant
    assert ids(store.list_reviews("t1")) == ["rv-a", "rv-0", "rv-b", "rv-c"]
    assert ids(store.list_reviews("t1", user_id="u1")) == ["rv-0", "rv-b", "rv-c"]
    assert store.list_reviews("t1")[0] == make_review("rv-a", user_id="u2", minute=1)
    assert ids(store.list_reviews("t2", status=None)) == ["rv-z"]
    assert store.list_reviews("t1", status="approved") == []
    with pytest.raises(InvalidRequest):
        store.list_reviews("t1", status="pending")


def test_resolving_a_review_records_the_decision_once(store: RunStore) -> None:
    # GIVEN two open items
    store.add_review(make_review("rv-1"))
    store.add_review(make_review("rv-2", minute=1))
    # WHEN a human approves the first
    approved = store.resolve_review("t1", "rv-1", "approved", at(10))
    # THEN it carries the decision and its time, and leaves the open list for the approved one
    assert (approved.status, approved.resolved_at) == ("approved", at(10))
    assert approved == make_review("rv-1").model_copy(update={"status": "approved", "resolved_at": at(10)})
    assert [i.item_id for i in store.list_reviews("t1")] == ["rv-2"]
    assert store.list_reviews("t1", status="approved") == [approved]
    assert [i.item_id for i in store.list_reviews("t1", status=None)] == ["rv-1", "rv-2"]
    # AND a retried approval changes nothing, a contrary decision is refused, a re-add does not reopen it
    assert store.resolve_review("t1", "rv-1", "approved", at(11)) == approved
    with pytest.raises(InvalidRequest):
        store.resolve_review("t1", "rv-1", "rejected", at(12))
    store.add_review(make_review("rv-1"))
    assert store.list_reviews("t1", status=None)[0] == approved


def test_resolving_an_unknown_item_or_to_a_non_decision_is_refused(store: RunStore) -> None:
    store.add_review(make_review("rv-1"))
    for tenant, item_id in (("t1", "rv-nope"), ("t2", "rv-1")):
        with pytest.raises(NotFound):
            store.resolve_review(tenant, item_id, "rejected", at(1))
    for status in ("open", "maybe"):
        with pytest.raises(InvalidRequest):
            store.resolve_review("t1", "rv-1", status, at(1))
    assert store.list_reviews("t1") == [make_review("rv-1")]
    assert store.resolve_review("t1", "rv-1", "edited", at(2)).status == "edited"


def test_a_review_item_is_read_by_its_id_as_stored_now(store: RunStore) -> None:
    # GIVEN two items of t1 (one resolved since) and an item of t2 under one of the same ids
    store.add_review(make_review("rv-1"))
    store.add_review(make_review("rv-2", user_id="u2", minute=1))
    store.add_review(make_review("rv-1", tenant_id="t2", user_id="u9", minute=5))
    rejected = store.resolve_review("t1", "rv-2", "rejected", at(3))
    # WHEN each is read by its id; THEN each tenant gets its own item, in its current status
    assert store.get_review("t1", "rv-1") == make_review("rv-1")
    assert store.get_review("t1", "rv-2") == rejected
    assert store.get_review("t2", "rv-1") == make_review("rv-1", tenant_id="t2", user_id="u9", minute=5)


def test_an_unknown_forgotten_or_other_tenants_review_item_is_not_found(store: RunStore) -> None:
    # GIVEN t1 holds rv-1 of u1 and held rv-2 of u2 until u2 was forgotten
    store.add_review(make_review("rv-1"))
    store.add_review(make_review("rv-2", user_id="u2"))
    store.delete_user("t1", "u2")
    # WHEN an unknown id, the forgotten item or t1's item as tenant t2 is read; THEN NotFound names it
    for tenant, item_id in (("t1", "rv-nope"), ("t1", "rv-2"), ("t2", "rv-1")):
        with pytest.raises(NotFound, match=item_id):
            store.get_review(tenant, item_id)
    assert store.get_review("t1", "rv-1") == make_review("rv-1")


# --- forgetting a user -----------------------------------------------------------------------------


def give_user_everything(store: RunStore, tenant_id: str, user_id: str) -> None:
    """Two runs (3 changes, 2 stage outputs), a held lease, 2 fingerprints, 2 review items: 12 records."""
    for run_id in ("r-1", "r-2"):
        store.save_run(make_run(f"{run_id}-{user_id}", tenant_id=tenant_id, user_id=user_id))
    for n in (1, 2):
        store.record_change(tenant_id, make_change(f"r-1-{user_id}", n))
    store.record_change(tenant_id, make_change(f"r-2-{user_id}", 1))
    store.save_stage_output(tenant_id, f"r-1-{user_id}", "select", {"n": 1})
    store.save_stage_output(tenant_id, f"r-1-{user_id}", "verify", {"n": 2})
    assert store.acquire_lease(tenant_id, user_id, "worker", 600, at(0))
    store.mark_rolled_back(tenant_id, user_id, ["f1", "f2"])
    store.add_review(make_review(f"rv-1-{user_id}", tenant_id=tenant_id, user_id=user_id))
    store.add_review(make_review(f"rv-2-{user_id}", tenant_id=tenant_id, user_id=user_id))
    store.resolve_review(tenant_id, f"rv-2-{user_id}", "rejected", at(1))


def everything_of(store: RunStore, tenant_id: str, user_id: str) -> list[object]:
    """What every read says about the user's records (NotFound and a free lease count as readings)."""
    readings: list[object] = []
    for run_id in (f"r-1-{user_id}", f"r-2-{user_id}"):
        try:
            readings.append(store.get_run(tenant_id, run_id))
        except NotFound:
            readings.append("not found")
        readings.append(store.changes(tenant_id, run_id))
        readings.append([store.stage_output(tenant_id, run_id, stage) for stage in ("select", "verify")])
    readings.append(store.list_runs(tenant_id, user_id=user_id))
    readings.append([run for run in store.list_runs(tenant_id, limit=1_000) if run.user_id == user_id])
    readings.append("free" if store.acquire_lease(tenant_id, user_id, "probe", 1, at(0)) else "held")
    store.release_lease(tenant_id, user_id, "probe")
    readings.append(store.rolled_back_fingerprints(tenant_id, user_id))
    readings.append(store.list_reviews(tenant_id, user_id=user_id, status=None))
    readings.append([i for i in store.list_reviews(tenant_id, status=None) if i.user_id == user_id])
    return readings


NOTHING = ["not found", [], [None, None], "not found", [], [None, None], [], [], "free", set(), [], []]


def test_delete_user_forgets_every_record_of_that_user_and_only_those(store: RunStore) -> None:
    # GIVEN u1 and u2 of t1, and u1 of t2, each with runs, changes, outputs, a lease, fingerprints, reviews
    for tenant, user in (("t1", "u1"), ("t1", "u2"), ("t2", "u1")):
        give_user_everything(store, tenant, user)
    before_u2, before_t2 = everything_of(store, "t1", "u2"), everything_of(store, "t2", "u1")
    # WHEN u1 of t1 is forgotten
    removed = store.delete_user("t1", "u1")
    # THEN every one of its 12 records is gone from every read, and nothing else is touched
    assert removed == 12
    assert everything_of(store, "t1", "u1") == NOTHING
    with pytest.raises(NotFound):
        store.resolve_review("t1", "rv-1-u1", "approved", at(2))
    assert everything_of(store, "t1", "u2") == before_u2
    assert everything_of(store, "t2", "u1") == before_t2
    assert store.delete_user("t1", "u1") == 0
    # AND a run saved again under a forgotten id starts with no changes and a fresh first stage output
    store.save_run(make_run("r-1-u1"))
    store.save_stage_output("t1", "r-1-u1", "select", {"n": 99})
    assert (store.changes("t1", "r-1-u1"), store.stage_output("t1", "r-1-u1", "select")) == ([], {"n": 99})


# --- durability, SQLite specifics ------------------------------------------------------------------


def test_everything_survives_a_restart(backend: Backend) -> None:
    if not backend.durable:
        pytest.skip("the in-memory fake is not durable")
    # GIVEN a user's records written through one instance that is then dropped
    first = backend.open()
    give_user_everything(first, "t1", "u1")
    before = everything_of(first, "t1", "u1")
    backend.shutdown()
    # WHEN a new instance opens the same storage
    reopened = backend.open()
    # THEN it reads exactly the same, the lease is still held, and first-save-wins still holds
    assert everything_of(reopened, "t1", "u1") == before
    assert before[8] == "held"
    reopened.save_stage_output("t1", "r-1-u1", "select", {"n": 5})
    reopened.record_change("t1", make_change("r-1-u1", 3))
    assert reopened.stage_output("t1", "r-1-u1", "select") == {"n": 1}
    assert [c.memory_id for c in reopened.changes("t1", "r-1-u1")] == ["m-1", "m-2", "m-3"]


def test_sqlite_refuses_even_a_raw_rewrite_of_a_recorded_change(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    store = SqliteRunStore(path)
    store.save_run(make_run())
    store.record_change("t1", make_change())
    store.save_stage_output("t1", "r-1", "select", {"n": 1})
    raw = sqlite3.connect(path)
    for sql in ("UPDATE changes SET change = '{}'", "UPDATE stage_outputs SET output = '{}'"):
        with pytest.raises(sqlite3.IntegrityError, match="never rewritten"):
            raw.execute(sql)
    raw.close()
    assert store.changes("t1", "r-1") == [make_change()]
    assert store.stage_output("t1", "r-1", "select") == {"n": 1}
    store.close()


def test_sqlite_refuses_a_file_that_belongs_to_another_store(tmp_path: Path) -> None:
    from reverie.adapters.local.note_store import SqliteNoteStore

    SqliteNoteStore(tmp_path / "notes.db").close()
    with pytest.raises(StorageError, match="another Reverie store"):
        SqliteRunStore(tmp_path / "notes.db")
