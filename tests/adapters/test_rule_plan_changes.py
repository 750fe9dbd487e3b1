"""A booked plan after it is made: a booking for a later day is a plan; moved to another day, it is the same
plan on that day; its outcome told in text-speak ends it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 4, 8, 30, tzinfo=UTC))  # a Friday


def _kept(text: str) -> list[tuple[MemoryType, str]]:
    return [(c.type, c.statement) for c in SESSION.extract(SESSION.told(text))]


def test_a_booking_for_a_later_day_is_a_plan_a_booking_told_after_the_day_is_not() -> None:
    ahead = _kept("Boiler service is booked 22 September, 8am, Hearth & Flue.")
    behind = _kept("Boiler service was booked 2 September, the engineer came and went.")
    assert [t for t, _ in ahead] == [MemoryType.PLAN]
    assert MemoryType.PLAN not in [t for t, _ in behind]


def test_a_thing_moved_to_another_day_in_text_speak_is_that_plan_on_its_new_day() -> None:
    # GIVEN "the 14th" said on 4 September: the next 14th is in September
    assert _kept("dentist pushed to the 14th, same time") == [
        (MemoryType.PLAN, "The user's dentist is moved to 14 September, same time.")
    ]
    assert _kept("the vet moved Biscuit's jabs to next Friday") == [
        (MemoryType.PLAN, "Biscuit's jabs are moved to 11 September 2026.")
    ]


def test_moved_to_a_place_or_said_of_a_person_is_no_plan_moved() -> None:
    # a house move names a place, and "we" is no thing booked
    for said in ("my sister moved to Leeds in the spring", "we moved to the back room for the quiz"):
        assert MemoryType.PLAN not in [t for t, _ in _kept(said)]


def test_an_outcome_in_text_speak_is_how_the_thing_went() -> None:
    assert _kept("driving test done, passed first time") == [
        (MemoryType.FACT, "The user's driving test is done, passed first time.")
    ]


def test_idioms_and_passings_are_no_outcome() -> None:
    for said in ("all done thanks", "job done", "Grandad passed away on Sunday"):
        assert not any("is done" in s or "is passed" in s for _, s in _kept(said))


def test_a_move_replaces_the_held_plan_keeping_all_but_its_day() -> None:
    booked = held("Boiler service is booked 22 September, 8am, Hearth & Flue.", type=MemoryType.PLAN)
    decision = decide(
        cand("The user's boiler service is moved to 29 September, same time.", type=MemoryType.PLAN),
        [booked],
    )
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "Boiler service is booked 29 September, 8am, Hearth & Flue."
    # a new time given replaces the held time too
    later = decide(
        cand("The user's boiler service is moved to 29 September at 2pm.", type=MemoryType.PLAN), [booked]
    )
    assert later.statement == "Boiler service is booked 29 September, 2pm, Hearth & Flue."


def test_an_outcome_ends_the_held_plan_naming_the_thing_and_no_other() -> None:
    plan = held("Boiler service is booked 22 September, 8am, Hearth & Flue.", type=MemoryType.PLAN)
    went = decide(cand("The user's boiler service is done, all fine."), [plan])
    other = decide(cand("The user's driving test is done, passed."), [plan])
    assert went.action is MergeAction.SUPERSEDE and went.target_id == plan.memory_id
    assert other.action is MergeAction.ADD
