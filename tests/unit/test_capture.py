"""Capture: events land in L1 once, explicit notes become L2 hypotheses, session ends queue a dream."""

from __future__ import annotations

import pytest

from reverie.domain.errors import EventConflict, InvalidRequest, NotFound
from reverie.domain.models import Layer, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.capture import append_events, end_session
from tests.unit.helpers import event


def test_events_are_stored_once_even_when_sent_twice(backends: Backends, alice: Scope) -> None:
    batch = [event(alice, "s1", "e1", text="hello"), event(alice, "s1", "e2", text="deploy please")]
    first = append_events(backends, alice, batch)
    second = append_events(backends, alice, batch)
    assert (first.stored, first.duplicates) == (2, 0)
    assert (second.stored, second.duplicates) == (0, 2)
    assert [e.event_id for e in backends.log.read_session("t1", "alice", "s1")] == ["e1", "e2"]


def test_same_event_id_with_other_content_is_refused(backends: Backends, alice: Scope) -> None:
    append_events(backends, alice, [event(alice, "s1", "e1", text="hello")])
    with pytest.raises(EventConflict):
        append_events(backends, alice, [event(alice, "s1", "e1", text="rewritten history")])
    assert backends.log.read_session("t1", "alice", "s1")[0].text == "hello"  # type: ignore[union-attr]


def test_explicit_note_becomes_a_hypothesis_not_knowledge(backends: Backends, alice: Scope) -> None:
    note = event(alice, "s1", "n1", kind="note", text="Alice deploys with pnpm", type="fact")
    result = append_events(backends, alice, [note])
    cards = backends.notes.query(CardQuery(scope=alice))
    assert [c.memory_id for c in cards] == result.notes
    assert cards[0].layer is Layer.NOTES and cards[0].status is Status.HYPOTHESIS
    assert cards[0].evidence_refs[0].event_id == "n1"


def test_retried_note_makes_no_second_card(backends: Backends, alice: Scope) -> None:
    note = event(alice, "s1", "n1", kind="note", text="Alice deploys with pnpm")
    append_events(backends, alice, [note])
    append_events(backends, alice, [note])
    assert len(backends.notes.query(CardQuery(scope=alice))) == 1


def test_secret_in_a_note_never_reaches_the_note_store(backends: Backends, alice: Scope) -> None:
    note = event(alice, "s1", "n1", kind="note", text="the prod db password is Sup3rS3cret!")
    result = append_events(backends, alice, [note])
    card = backends.notes.get("t1", result.notes[0])
    assert "Sup3rS3cret" not in card.statement
    assert result.masked == [card.memory_id]


def test_an_event_for_another_user_is_refused(backends: Backends, alice: Scope, bob: Scope) -> None:
    with pytest.raises(InvalidRequest):
        append_events(backends, alice, [event(bob, "s1", "e1", text="hi")])
    assert backends.log.read_user("t1", "bob") == []


def test_ending_a_session_queues_one_dream(backends: Backends, alice: Scope) -> None:
    append_events(backends, alice, [event(alice, "s1", "e1", text="hi")])
    end_session(backends, alice, "s1", "success")
    end_session(backends, alice, "s1", "success")
    messages = backends.queue.receive(10)
    assert [m.body["session_id"] for m in messages] == ["s1"]
    kinds = [e.kind for e in backends.log.read_session("t1", "alice", "s1")]
    assert kinds == ["message", "session_end"]


def test_ending_an_unknown_session_is_not_found(backends: Backends, alice: Scope) -> None:
    with pytest.raises(NotFound):
        end_session(backends, alice, "nope")
