"""A shared account's messages that open by naming their writer: each person's claim about the household, and
two people's claims about which thing happens on one weekday left open as a conflict for a person (rule
reasoner; the service-level cases run the dream on in-memory fakes)."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.writers import day_slot, writer
from reverie.domain.events import MessageEvent
from reverie.domain.models import Layer, MemoryCard, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session


def _message(text: str, speaker: str | None = None) -> MessageEvent:
    return MessageEvent(
        event_id="e0",
        session_id="s0",
        tenant_id="t1",
        user_id="alice",
        ts=datetime(2026, 3, 2, 9, 0, tzinfo=UTC),
        role="user",
        text=text,
        speaker=speaker,
    )


def test_an_opening_that_names_the_writer_says_who_wrote_it() -> None:
    # GIVEN openings naming the writer in several ways, with and without a known speaker
    # THEN each gives that writer, as the known speaker is named when there is one
    assert writer(_message("dana here. the pool is shut on mondays")) == "Dana"
    assert writer(_message("Ravi speaking: we need more milk")) == "Ravi"
    assert writer(_message("It's Noor - the car is at the garage")) == "Noor"
    assert writer(_message("Inés aquí, el gato come a las 7", speaker="Inés Roca")) == "Inés Roca"


def test_an_opening_that_names_nobody_or_someone_else_gives_no_writer() -> None:
    # GIVEN openings that look alike but name no writer, or another person than the known speaker
    # THEN none gives a writer
    assert writer(_message("nobody here. the shop was empty")) is None
    assert writer(_message("same here, the train was late")) is None
    assert writer(_message("The heating is broken again")) is None
    assert writer(_message("tom here. the boiler is fixed", speaker="Priya")) is None


def test_which_thing_on_a_weekday_is_one_slot_whichever_way_it_is_said() -> None:
    # GIVEN the same weekday question answered thing-first and day-first
    # THEN both land in one slot named after the thing's kind and the day; other sentences in none
    assert day_slot("the swimming lesson is on tuesdays", "the-okafors") == "the_okafors.lesson_on_tuesday"
    assert day_slot("Tuesday is the piano lesson", "the-okafors") == "the_okafors.lesson_on_tuesday"
    assert day_slot("The food caddy goes out every Friday night", "x") == "x.caddy_on_friday"
    assert day_slot("Tuesday was a long day at work", "x") is None
    assert day_slot("the piano is in the hall", "x") is None


def _lessons(b: Backends, scope: Scope) -> list[MemoryCard]:
    query = CardQuery(scope=scope, layers=frozenset(Layer), limit=1000)
    return [c for c in b.notes.query(query) if "lesson" in c.statement and c.status is not Status.SUPERSEDED]


def _conflicts(b: Backends, scope: Scope) -> list[str]:
    assert b.runs is not None
    reviews = b.runs.list_reviews(scope.tenant_id, scope.user_id or "", "open")
    return [r.reason for r in reviews if r.reason == "conflict"]


def test_two_writers_of_one_account_disagreeing_are_a_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN two people typing into one account to its agent, each naming themself (one also known as the
    # speaker), on what happens on Tuesdays
    dreamt_session(
        rules,
        alice,
        "s1",
        clock,
        {"text": "dana here. the swimming lesson is on tuesdays"},
        {"role": "assistant", "text": "Got it."},
    )
    clock.advance(days=2)
    dreamt_session(
        rules,
        alice,
        "s2",
        clock,
        {
            "text": "Ravi here - Tuesday is the piano lesson",
            "speaker": "Ravi",
            "metadata": {"agent": "homebot"},
        },
    )
    # THEN each is that person's claim, both conflicting, with an open conflict review item
    cards = _lessons(rules, alice)
    assert sorted(c.statement for c in cards) == [
        "The swimming lesson is on Tuesdays (according to Dana)",
        "Tuesday is the piano lesson (according to Ravi)",
    ]
    assert {c.status for c in cards} == {Status.CONFLICTING}
    assert _conflicts(rules, alice) == ["conflict"]


def test_one_person_changing_their_own_word_is_no_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the account holder alone, saying one thing and later another, naming nobody
    dreamt_session(rules, alice, "s1", clock, {"text": "the swimming lesson is on tuesdays"})
    clock.advance(days=2)
    dreamt_session(rules, alice, "s2", clock, {"text": "the swimming lesson is on thursdays now"})
    # THEN nothing is attributed and nothing is left to a person
    assert not any("according to" in c.statement for c in _lessons(rules, alice))
    assert _conflicts(rules, alice) == []
