"""Contract of the `LogStore` port (L1 raw log): every adapter passes these unchanged.

Add an adapter by adding an opener to the `backend` fixture; the tests only speak the port.
"""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moto import mock_aws
from moto.s3.responses import S3Response

from reverie.adapters.aws.s3_log import S3LogStore
from reverie.adapters.local.log_store import SqliteLogStore
from reverie.domain.errors import EventConflict
from reverie.domain.events import Event, MessageEvent
from reverie.ports import AppendResult, LogStore
from tests.contract.backends import EMULATED_REGION, Backend, backend_fixture, emulated_aws
from tests.fakes.factories import T0, at, make_event
from tests.fakes.stores import InMemoryLogStore


@contextmanager
def emulated_bucket() -> Iterator[tuple[str, str]]:
    """A bucket and a KMS key in moto (in process, no AWS account): the name and the key id.

    moto checks `If-None-Match` and then writes, in two steps; S3 does both atomically (one of two racing
    conditional puts gets 412). The PUT handler is serialised here so the emulator keeps that promise."""
    lock = threading.Lock()
    put_object = S3Response.put_object

    def atomic_put_object(self: S3Response) -> Any:
        with lock:
            return put_object(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(S3Response, "put_object", atomic_put_object)
        with mock_aws():
            bucket = "reverie-log-emulated"
            emulated_aws().client("s3", region_name=EMULATED_REGION).create_bucket(Bucket=bucket)
            kms = emulated_aws().client("kms", region_name=EMULATED_REGION)
            yield bucket, kms.create_key()["KeyMetadata"]["KeyId"]


@contextmanager
def sqlite_log(tmp_path: Path) -> Iterator[Backend[LogStore]]:
    yield Backend(lambda: SqliteLogStore(tmp_path / "log.db"))


@contextmanager
def in_memory_log(tmp_path: Path) -> Iterator[Backend[LogStore]]:
    fake = InMemoryLogStore()
    yield Backend(lambda: fake, durable=False)


@contextmanager
def s3_log_emulated_by_moto(tmp_path: Path) -> Iterator[Backend[LogStore]]:
    with emulated_bucket() as (bucket, key_id):
        # Each instance has its own client (a separate process); S3 holds everything, so a restart only
        # drops instances.
        def open_s3() -> LogStore:
            client = emulated_aws().client("s3", region_name=EMULATED_REGION)
            return S3LogStore(bucket, kms_key_id=key_id, client=client, prefix="log")

        yield Backend(open_s3)


backend = backend_fixture(
    {"sqlite": sqlite_log, "memory": in_memory_log, "s3-emulated-by-moto": s3_log_emulated_by_moto},
    emulated={"s3-emulated-by-moto"},
)


@pytest.fixture
def store(backend: Backend) -> LogStore:
    return backend.open()


def ids(events: Sequence[Event]) -> list[str]:
    return [event.event_id for event in events]


def test_a_session_reads_back_in_append_order_whatever_the_timestamps(store: LogStore) -> None:
    # GIVEN events appended in two batches, the second one stamped earlier than the first
    store.append([make_event("e1", ts=at(5)), make_event("e2", ts=at(6))])
    store.append([make_event("e3", ts=at(1))])
    # WHEN the session is read
    events = store.read_session("t1", "u1", "s1")
    # THEN they come back exactly as written, in append order
    assert ids(events) == ["e1", "e2", "e3"]
    assert events[0] == make_event("e1", ts=at(5))


def test_every_event_kind_round_trips_unchanged(store: LogStore) -> None:
    # GIVEN one event of every kind
    events = [
        make_event("e1", role="assistant", text="hi", speaker="Ada", metadata={"lang": "en", "n": [1, 2]}),
        make_event("e2", kind="tool_call", tool="pytest", call_id="c1", args={"k": {"x": 1.5}}),
        make_event("e3", kind="tool_result", tool="pytest", call_id="c1", ok=False, error="boom"),
        make_event("e4", kind="feedback", signal="correction", text="no, it is uv"),
        make_event("e5", kind="note", text="use uv", type="preference", key="build.tool"),
        make_event("e6", kind="tag", tags=["failure", "risk"], target_event_id="e3"),
        make_event("e7", kind="session_end", outcome="failure"),
    ]
    # WHEN they are appended and read back
    assert store.append(events) == AppendResult(stored=7, duplicates=0)
    # THEN each is equal to what was written
    assert store.read_session("t1", "u1", "s1") == events


def test_appending_an_event_again_counts_it_as_a_duplicate_and_keeps_one_copy(store: LogStore) -> None:
    # GIVEN a stored event
    store.append([make_event("e1")])
    # WHEN it is appended again (a client retry), alone and inside a batch that repeats it
    first = store.append([make_event("e1")])
    second = store.append([make_event("e2"), make_event("e1"), make_event("e2")])
    # THEN nothing is stored twice
    assert first == AppendResult(stored=0, duplicates=1)
    assert second == AppendResult(stored=1, duplicates=2)
    assert ids(store.read_session("t1", "u1", "s1")) == ["e1", "e2"]


def test_a_different_payload_under_a_stored_id_is_refused_and_nothing_of_the_batch_is_stored(
    store: LogStore,
) -> None:
    # GIVEN a stored event
    store.append([make_event("e1", text="the original")])
    # WHEN a batch brings new events and the same id with other content
    with pytest.raises(EventConflict):
        store.append([make_event("e2"), make_event("e1", text="rewritten"), make_event("e3")])
    # THEN the stored event is unchanged and none of the batch was stored
    assert store.read_session("t1", "u1", "s1") == [make_event("e1", text="the original")]


def test_a_conflict_inside_one_batch_stores_nothing(store: LogStore) -> None:
    # WHEN one batch carries the same new id twice with different content
    with pytest.raises(EventConflict):
        store.append([make_event("e1", text="a"), make_event("e1", text="b")])
    # THEN nothing was stored
    assert store.read_session("t1", "u1", "s1") == []


def test_the_same_event_id_in_another_session_is_another_event(store: LogStore) -> None:
    # WHEN two sessions each use event id e1
    result = store.append([make_event("e1", session_id="s1"), make_event("e1", session_id="s2", text="x")])
    # THEN both are stored, each in its own session
    assert result == AppendResult(stored=2, duplicates=0)
    assert store.read_session("t1", "u1", "s2") == [make_event("e1", session_id="s2", text="x")]


def test_mutating_an_appended_event_object_does_not_change_the_log(store: LogStore) -> None:
    # GIVEN an appended event whose metadata the caller then mutates
    event = make_event("e1", metadata={"k": "v"})
    store.append([event])
    event.metadata["k"] = "changed"
    # THEN the log still holds what was appended
    assert store.read_session("t1", "u1", "s1")[0].metadata == {"k": "v"}


def test_read_user_orders_by_time_then_append_order_and_since_is_inclusive(store: LogStore) -> None:
    # GIVEN events of two sessions interleaved in time, two sharing a timestamp
    store.append([make_event("a1", session_id="a", ts=at(3)), make_event("a2", session_id="a", ts=at(1))])
    store.append([make_event("b1", session_id="b", ts=at(2)), make_event("b2", session_id="b", ts=at(1))])
    # WHEN the user's log is read, whole and since minute 2
    everything = store.read_user("t1", "u1")
    recent = store.read_user("t1", "u1", since=at(2))
    # THEN time orders them, append order breaks ties, and `since` includes its own instant
    assert ids(everything) == ["a2", "b2", "b1", "a1"]
    assert ids(recent) == ["b1", "a1"]


def test_sessions_are_listed_oldest_first_with_their_span_count_and_end(store: LogStore) -> None:
    # GIVEN a later session that ended and an earlier one still open
    store.append(
        [make_event("x1", session_id="late", ts=at(10)), make_event("x2", session_id="late", ts=at(12))]
    )
    store.append([make_event("x3", session_id="late", kind="session_end", ts=at(13))])
    store.append([make_event("y1", session_id="early", ts=at(1))])
    # WHEN the sessions are listed
    sessions = store.sessions("t1", "u1")
    # THEN the earliest comes first and each reports what it holds
    assert [(s.session_id, s.event_count, s.ended) for s in sessions] == [
        ("early", 1, False),
        ("late", 3, True),
    ]
    assert (sessions[1].first_ts, sessions[1].last_ts) == (at(10), at(13))


def test_users_are_those_with_events_sorted_within_the_tenant(store: LogStore) -> None:
    store.append(
        [make_event("e1", user_id="zoe"), make_event("e2", user_id="al"), make_event("e3", user_id="al")]
    )
    store.append([make_event("e4", tenant_id="t2", user_id="bob")])
    assert store.users("t1") == ["al", "zoe"]
    assert store.users("t2") == ["bob"]
    assert store.users("t3") == []


def test_a_tenant_never_sees_another_tenants_events(store: LogStore) -> None:
    # GIVEN tenant t1's events
    store.append([make_event("e1", tenant_id="t1"), make_event("e2", tenant_id="t1", kind="session_end")])
    # WHEN tenant t2 reads the same user and session names
    # THEN it finds nothing through any read
    assert store.read_session("t2", "u1", "s1") == []
    assert store.read_user("t2", "u1") == []
    assert store.sessions("t2", "u1") == []
    assert store.users("t2") == []
    assert store.delete_user("t2", "u1") == 0
    assert len(store.read_user("t1", "u1")) == 2


def test_delete_user_leaves_nothing_of_that_user_and_keeps_everyone_else(store: LogStore) -> None:
    # GIVEN two users with events in several sessions, and the same user name in another tenant
    store.append([make_event("e1", session_id="s1"), make_event("e2", session_id="s2")])
    store.append([make_event("e1", user_id="u2"), make_event("e1", tenant_id="t2")])
    # WHEN u1 of t1 is forgotten
    removed = store.delete_user("t1", "u1")
    # THEN every read finds nothing of u1, and the others are intact
    assert removed == 2
    assert store.read_session("t1", "u1", "s1") == store.read_session("t1", "u1", "s2") == []
    assert store.read_user("t1", "u1") == []
    assert store.sessions("t1", "u1") == []
    assert store.users("t1") == ["u2"]
    assert not store.has_events("t1", "u1")  # the dream's start refuses a forgotten user on this
    assert store.has_events("t1", "u2") and store.has_events("t2", "u1")
    assert ids(store.read_user("t1", "u2")) == ids(store.read_user("t2", "u1")) == ["e1"]
    # AND the same event appended again is new, not a duplicate of something forgotten
    assert store.append([make_event("e1", text="fresh")]) == AppendResult(stored=1, duplicates=0)


def test_an_empty_batch_stores_nothing(store: LogStore) -> None:
    assert store.append([]) == AppendResult(stored=0, duplicates=0)


def test_concurrent_retries_of_the_same_batch_store_each_event_once(backend: Backend) -> None:
    # GIVEN eight clients (separate adapter instances) retrying the same batch at the same moment
    batch = [make_event(f"e{i}", ts=at(i)) for i in range(20)]
    stores = [backend.open() for _ in range(8)]
    results: list[AppendResult] = []
    barrier = threading.Barrier(len(stores))

    def client(store: LogStore) -> None:
        barrier.wait()
        results.append(store.append(batch))

    threads = [threading.Thread(target=client, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # THEN each event was stored exactly once in total
    assert sum(r.stored for r in results) == 20
    assert sum(r.duplicates for r in results) == 7 * 20
    assert stores[0].read_session("t1", "u1", "s1") == batch


def test_one_event_sent_by_many_clients_at_once_is_stored_once(backend: Backend) -> None:
    # GIVEN eight clients (separate adapter instances) sending the same single event at the same moment
    stores = [backend.open() for _ in range(8)]
    results: list[AppendResult] = []
    barrier = threading.Barrier(len(stores))

    def client(store: LogStore) -> None:
        barrier.wait()
        results.append(store.append([make_event("e1", ts=at(1))]))

    threads = [threading.Thread(target=client, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # THEN one stored it and seven were told it is a duplicate
    assert sorted(results, key=lambda r: r.stored) == [AppendResult(0, 1)] * 7 + [AppendResult(1, 0)]
    assert stores[0].read_session("t1", "u1", "s1") == [make_event("e1", ts=at(1))]


def test_stored_times_are_those_of_the_ids_already_in_the_session(store: LogStore) -> None:
    # GIVEN two events of a session, and one of the same id in another session
    store.append([make_event("e1", ts=at(1)), make_event("e2", ts=at(2))])
    store.append([make_event("e3", session_id="s2", ts=at(3))])
    # WHEN the stored times of some ids are asked, one of them never stored in this session
    times = store.stored_times("t1", "u1", "s1", ["e2", "e3", "e1"])
    # THEN each stored id has its time, and the others are left out
    assert times == {"e1": at(1), "e2": at(2)}
    assert store.stored_times("t1", "u1", "s1", []) == {}


def test_the_log_survives_a_restart(backend: Backend) -> None:
    if not backend.durable:
        pytest.skip("the in-memory fake is not durable")
    # GIVEN events appended through one instance that is then dropped
    backend.open().append([make_event("e1"), make_event("e2", kind="session_end")])
    backend.shutdown()
    # WHEN a new instance opens the same storage
    reopened = backend.open()
    # THEN the events, sessions and idempotency are all still there
    assert ids(reopened.read_session("t1", "u1", "s1")) == ["e1", "e2"]
    assert reopened.sessions("t1", "u1")[0].ended
    assert reopened.append([make_event("e1")]) == AppendResult(stored=0, duplicates=1)


_SESSIONS = itertools.count()


def message(event_id: str, session_id: str, text: str) -> MessageEvent:
    return MessageEvent(
        event_id=event_id, tenant_id="t1", user_id="u1", session_id=session_id, ts=T0, role="user", text=text
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    batches=st.lists(
        st.lists(st.tuples(st.integers(0, 6), st.booleans()), max_size=5), min_size=1, max_size=6
    ),
)
def test_any_sequence_of_batches_keeps_each_event_once_in_first_append_order(
    store: LogStore, batches: list[list[tuple[int, bool]]]
) -> None:
    # GIVEN a fresh session, and batches drawn from a few ids where the flag picks one of two payloads
    session_id = f"s-{next(_SESSIONS)}"
    accepted: dict[str, str] = {}  # event id -> text, in first-accepted order
    for batch in batches:
        events = [message(f"e{n}", session_id, f"{n}-{flag}") for n, flag in batch]
        after = dict(accepted)
        conflict = any(after.setdefault(e.event_id, e.text) != e.text for e in events)
        # WHEN the batch is appended
        if conflict:
            # THEN a payload differing from the stored (or batched) one refuses the whole batch
            with pytest.raises(EventConflict):
                store.append(events)
            continue
        # THEN only ids never seen before are stored; the rest count as duplicates
        stored = len(after) - len(accepted)
        assert store.append(events) == AppendResult(stored=stored, duplicates=len(events) - stored)
        accepted = after
    # AND the session holds each accepted id once, first-accepted first, with its first payload
    log = store.read_session("t1", "u1", session_id)
    assert [(e.event_id, e.text) for e in log if isinstance(e, MessageEvent)] == list(accepted.items())
    assert len(log) == len(accepted)


def test_sqlite_refuses_even_a_raw_update_of_an_event(tmp_path: Path) -> None:
    # GIVEN an event stored in a SQLite log file
    path = tmp_path / "log.db"
    store = SqliteLogStore(path)
    store.append([make_event("e1", text="the original", ts=T0)])
    # WHEN someone bypasses the adapter and rewrites the row with SQL
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        raw.execute("UPDATE events SET body = '{}'")
    raw.close()
    # THEN the event is unchanged
    assert store.read_session("t1", "u1", "s1") == [make_event("e1", text="the original", ts=T0)]
    store.close()
