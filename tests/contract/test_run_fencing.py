"""Contract of the `RunStore` port, continued: fencing tokens, fenced writes, the journal and the commit
marker (issue 10: crash-safe runs and fenced leases). Same adapters as test_run_store.py."""

from __future__ import annotations

from datetime import timedelta

import pytest

from reverie.domain.dream import Change, ChangeKind, DreamRun, Trigger
from reverie.domain.errors import InvalidRequest, LeaseLost, NotFound
from reverie.ports import Fence, RunStore
from tests.contract import test_run_store as run_store_suite
from tests.contract.backends import Backend
from tests.fakes.factories import at

backend = run_store_suite.backend  # the same adapters, once each
store = run_store_suite.store


def a_run(run_id: str, user_id: str = "u1", tenant_id: str = "t1") -> DreamRun:
    return DreamRun(
        run_id=run_id, tenant_id=tenant_id, user_id=user_id, trigger=Trigger.MANUAL, started_at=at(0)
    )


def a_change(run_id: str, memory_id: str = "m1") -> Change:
    return Change(
        run_id=run_id,
        change_id=f"restructure:added:{memory_id}:None",
        stage="restructure",
        kind=ChangeKind.ADDED,
        memory_id=memory_id,
        after_version=1,
        reason="test",
    )


def held(store: RunStore, holder: str, now_s: float = 0, ttl_s: float = 60) -> Fence:
    lease = store.acquire_lease("t1", "u1", holder, ttl_s, at(now_s))
    assert lease is not None
    return Fence(user_id="u1", holder=holder, token=lease.token)


def test_a_new_holder_gets_a_higher_token_and_a_renewal_keeps_it(store: RunStore) -> None:
    # GIVEN A holds the lease
    first = held(store, "A")
    # WHEN A renews, then lets go, and B takes it; then B's expires and C takes it over
    assert held(store, "A", 10) == first
    store.release_lease("t1", "u1", "A")
    second = held(store, "B", 20)
    third = held(store, "C", 200)
    # THEN every new holder's token is higher than any before it (the counter survives a release)
    assert first.token < second.token < third.token
    # AND the tokens are per user
    other = store.acquire_lease("t1", "u2", "A", 60, at(0))
    assert other is not None and other.token == 1


def test_fenced_writes_of_the_holder_succeed_even_after_its_lease_expired_if_nobody_took_it(
    store: RunStore,
) -> None:
    # GIVEN run A holds the lease, and it expired without anyone taking it over
    fence = held(store, "A", ttl_s=1)
    store.save_run(a_run("A"), fence)
    # WHEN A writes with its fence after the expiry
    store.save_stage_output("t1", "A", "select", {"n": 1}, fence)
    store.record_change("t1", a_change("A"), fence)
    store.append_journal("t1", "A", 0, {"op": "create", "card": {"memory_id": "m1"}}, fence)
    # THEN every write landed
    assert store.stage_output("t1", "A", "select") == {"n": 1}
    assert [c.memory_id for c in store.changes("t1", "A")] == ["m1"]
    assert store.journal("t1", "A") == [{"op": "create", "card": {"memory_id": "m1"}}]


def test_a_run_that_lost_its_lease_fails_its_next_write_with_a_domain_error_and_writes_nothing(
    store: RunStore,
) -> None:
    # GIVEN run A held the lease and wrote, then its lease expired and run B took it over
    stale = held(store, "A", ttl_s=1)
    store.save_run(a_run("A"), stale)
    store.append_journal("t1", "A", 0, {"op": "x", "n": 0}, stale)
    fresh = held(store, "B", now_s=5)
    store.save_run(a_run("B"), fresh)
    # WHEN A tries each kind of write again with its fence
    attempts = {
        "save_run": lambda: store.save_run(a_run("A").model_copy(update={"error": "late"}), stale),
        "record_change": lambda: store.record_change("t1", a_change("A"), stale),
        "save_stage_output": lambda: store.save_stage_output("t1", "A", "verify", {"n": 2}, stale),
        "append_journal": lambda: store.append_journal("t1", "A", 1, {"op": "x", "n": 1}, stale),
        "commit_run": lambda: store.commit_run("t1", "A", stale, at(6)),
    }
    for attempt in attempts.values():
        with pytest.raises(LeaseLost):
            attempt()
        # THEN nothing of it was written
    assert store.get_run("t1", "A").error is None
    assert store.changes("t1", "A") == []
    assert store.stage_output("t1", "A", "verify") is None
    assert store.journal("t1", "A") == [{"op": "x", "n": 0}]
    assert store.committed_at("t1", "A") is None
    # AND the new holder writes as usual, and so does an unfenced write (an operator's)
    store.append_journal("t1", "B", 0, {"op": "x"}, fresh)
    store.save_run(a_run("A").model_copy(update={"error": "settled by B"}))
    assert store.get_run("t1", "A").error == "settled by B"


def test_a_fence_of_another_user_or_a_forged_token_is_refused(store: RunStore) -> None:
    fence = held(store, "A")
    store.save_run(a_run("A"))
    with pytest.raises(LeaseLost):
        store.save_stage_output(
            "t1", "A", "select", {}, Fence(user_id="u1", holder="A", token=fence.token + 1)
        )
    with pytest.raises(LeaseLost):
        store.save_stage_output("t1", "A", "select", {}, Fence(user_id="u2", holder="A", token=fence.token))
    store.release_lease("t1", "u1", "A")
    with pytest.raises(LeaseLost):  # released: no longer held by anyone
        store.save_stage_output("t1", "A", "select", {}, fence)


def test_the_journal_keeps_entries_in_seq_order_and_a_repeated_entry_once(store: RunStore) -> None:
    fence = held(store, "A")
    store.save_run(a_run("A"), fence)
    for seq in (0, 1, 2):
        store.append_journal("t1", "A", seq, {"seq": seq, "text": "é" * seq}, fence)
    # WHEN an entry is written again (a retried call) and another entry claims a taken seq
    store.append_journal("t1", "A", 1, {"seq": 1, "text": "é"}, fence)
    with pytest.raises(InvalidRequest):
        store.append_journal("t1", "A", 1, {"seq": 99}, fence)
    # THEN the journal reads each entry once, in order; other runs and tenants have none
    assert [e["seq"] for e in store.journal("t1", "A")] == [0, 1, 2]
    assert store.journal("t1", "B") == [] and store.journal("t2", "A") == []
    with pytest.raises(NotFound):
        store.append_journal("t1", "nope", 0, {}, fence)
    with pytest.raises(InvalidRequest):
        store.append_journal("t1", "A", 3, {"bad": float("nan")}, fence)


def test_the_commit_marker_is_written_once_and_survives_a_restart(backend: Backend[RunStore]) -> None:
    store = backend.open()
    fence = held(store, "A")
    store.save_run(a_run("A"), fence)
    assert store.committed_at("t1", "A") is None
    # WHEN the run commits, and the commit is repeated later (a retry)
    first = store.commit_run("t1", "A", fence, at(1))
    again = store.commit_run("t1", "A", fence, at(2))
    # THEN the first commit's time stands
    assert first == again == at(1)
    if backend.durable:
        backend.shutdown()
        store = backend.open()
    assert store.committed_at("t1", "A") == at(1)
    with pytest.raises(LeaseLost):  # the fence is checked first: a token never granted
        store.commit_run("t1", "unknown", Fence(user_id="u1", holder="unknown", token=0), at(1))


def test_forgetting_a_user_removes_journals_and_commit_markers(store: RunStore) -> None:
    fence = held(store, "A")
    store.save_run(a_run("A"), fence)
    store.append_journal("t1", "A", 0, {"op": "x"}, fence)
    store.commit_run("t1", "A", fence, at(1))
    store.delete_user("t1", "u1")
    assert store.journal("t1", "A") == [] and store.committed_at("t1", "A") is None
    # AND the user's next lease starts a fresh fence that an old run's token does not match
    lease = store.acquire_lease("t1", "u1", "B", 60, at(0) + timedelta(seconds=1))
    assert lease is not None
    with pytest.raises(LeaseLost):
        store.save_run(a_run("A"), fence)
