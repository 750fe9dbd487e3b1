"""Capture of events sent without a time (stamped on arrival): a retry is recognised by its id, and copies
racing each other are stored once, without a conflict for any of them."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import timedelta

import pytest

from reverie.domain.errors import EventConflict
from reverie.domain.events import Event
from reverie.domain.models import Scope, utcnow
from reverie.ports import AppendResult
from reverie.services.backends import Backends
from reverie.services.capture import CaptureResult, append_events
from tests.fakes.stores import InMemoryLogStore
from tests.unit.helpers import event


class SimultaneousLogStore(InMemoryLogStore):
    """The in-memory log, where each thread's first append waits until `parties` threads have come to
    theirs: every copy was stamped (and anything read before appending was read) before any is stored."""

    def __init__(self, parties: int) -> None:
        super().__init__()
        self._barrier = threading.Barrier(parties)
        self._waited = threading.local()

    def append(self, events: Sequence[Event]) -> AppendResult:
        if not getattr(self._waited, "done", False):
            self._waited.done = True
            self._barrier.wait(10)
        return super().append(events)


def test_a_retry_sent_without_a_time_takes_the_stored_time(backends: Backends, alice: Scope) -> None:
    # GIVEN an event sent without a time, stamped on arrival
    first = event(alice, "s1", "e1", text="deploy please", ts=utcnow())
    append_events(backends, alice, [first], untimed={"e1"})
    # WHEN the client retries it (stamped again, later) in a batch with a new one
    retry = event(alice, "s1", "e1", text="deploy please", ts=first.ts + timedelta(seconds=3))
    result = append_events(backends, alice, [retry, event(alice, "s1", "e2", text="now")], untimed={"e1"})
    # THEN it is a duplicate, the new event is stored, and the log keeps the first time
    assert (result.stored, result.duplicates) == (1, 1)
    assert backends.log.read_session("t1", "alice", "s1")[0].ts == first.ts


def test_an_untimed_event_with_other_content_under_a_stored_id_is_still_refused(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN a stored event
    append_events(backends, alice, [event(alice, "s1", "e1", text="hello")], untimed={"e1"})
    # WHEN the same id comes back, without a time, saying something else
    with pytest.raises(EventConflict):
        append_events(backends, alice, [event(alice, "s1", "e1", text="rewritten")], untimed={"e1"})
    # THEN the stored event is unchanged
    assert [e.text for e in backends.log.read_session("t1", "alice", "s1")] == ["hello"]  # type: ignore[union-attr]


def test_copies_of_one_untimed_event_racing_each_other_are_stored_once(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN eight copies of one event sent without a time (a client's retries crossing its original),
    # each stamped on arrival, all reaching the log at the same moment
    clients = 8
    backends.log = SimultaneousLogStore(clients)
    results: list[CaptureResult] = []
    errors: list[Exception] = []

    def client() -> None:
        copy = event(alice, "s1", "e1", text="deploy please", ts=utcnow())
        try:
            results.append(append_events(backends, alice, [copy], untimed={"e1"}))
        except Exception as exc:  # any failure of a copy is reported below
            errors.append(exc)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    # THEN none is refused as a conflict: one is stored, the others are duplicates of it
    assert errors == []
    assert sorted((r.stored, r.duplicates) for r in results) == [(0, 1)] * (clients - 1) + [(1, 0)]
    assert len(backends.log.read_session("t1", "alice", "s1")) == 1
