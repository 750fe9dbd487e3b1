"""The rule reasoner's merge and validity on everyday wording (bench fresh3): a plan whose thing is said to be
off is over, and a date written with numbers ("fri 13/3", "31/8/26") or a deadline bounds what it is said of."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.domain.validity import valid_until
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

SAID = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("plan", "news"),
    [
        ("The plan is to remortgage with Nationwide.", "Rhys's Nationwide remortgage is off."),
        ("Ana plans to move to Porto in the autumn.", "The move to Porto has been called off."),
        ("We intend to sell the camper van to Jo.", "The camper van sale fell through."),
        (
            "Kemal is going to run the Berlin marathon.",
            "Kemal's Berlin marathon is cancelled, he hurt his knee.",
        ),
    ],
)
def test_a_plan_is_over_when_what_it_was_for_is_said_to_be_off(plan: str, news: str) -> None:
    # GIVEN a plan held as a card, whatever type it was kept as
    card = held(plan)
    # WHEN later news says the thing the plan was for is off
    decision = decide(cand(news), [card])
    # THEN the news replaces the plan
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_something_else_being_off_leaves_the_plan_alone() -> None:
    # GIVEN a plan to remortgage
    card = held("The plan is to remortgage with Nationwide.", type=MemoryType.PLAN)
    # WHEN something unrelated is said to be off
    decision = decide(cand("The Friday football match is off because of the rain."), [card])
    # THEN the plan is not superseded
    assert decision.action is not MergeAction.SUPERSEDE


def test_a_fact_without_a_plan_is_not_ended_by_something_being_off() -> None:
    # GIVEN a plain fact about a van
    card = held("The camper van is parked at Jo's farm.")
    # WHEN a trip in the van is said to be off
    decision = decide(cand("The camper van trip is off."), [card])
    # THEN the fact stands
    assert decision.action is not MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("staging-2 is reserved till the end of the sprint (sprint ends fri 13/3)", datetime(2026, 3, 14)),
        ("the parking permit is valid until 28/2/27", datetime(2027, 3, 1)),
        ("no deploys to prod until 3/13", datetime(2026, 3, 14)),
        ("the loan car is ours until 31.8.2026", datetime(2026, 9, 1)),
        ("Zofia must do a science project, the deadline is 4th of March", datetime(2026, 3, 5)),
        ("the report deadline: Friday", datetime(2026, 3, 7)),
    ],
)
def test_a_date_in_numbers_or_a_deadline_bounds_what_is_said(text: str, end: datetime) -> None:
    # GIVEN something said on 2 March 2026 that names its end in numbers or as a deadline
    # WHEN its validity is read
    # THEN it holds until the end of that day
    assert valid_until(text, SAID) == end.replace(tzinfo=UTC)


@pytest.mark.parametrize(
    "text", ["cut p95 latency by 2.5 ms", "rent is 950 a month", "upgrade from 1.2 to 1.5 by hand"]
)
def test_numbers_that_are_not_dates_bound_nothing(text: str) -> None:
    assert valid_until(text, SAID) is None


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        (
            "Aisling's line manager is Priya Raman, and Aisling sits in the Customer Insights team.",
            "Aisling's line manager is now Tomasz Nowak.",
            "Customer Insights team",
        ),
        (
            "Bruno's manager is Omar; Bruno works from the Lyon office.",
            "Bruno reports to Lena now.",
            "Lyon office",
        ),
    ],
)
def test_a_new_value_keeps_what_the_old_card_said_beside_the_old_value(old: str, new: str, kept: str) -> None:
    # GIVEN a card that says a value and, in a clause of its own, something else
    card = held(old, "u.manager")
    # WHEN a newer value for the same slot arrives
    decision = decide(cand(new, "u.manager"), [card])
    # THEN the new value supersedes the card and the other clause lives on in the new card, the old value not
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    assert decision.statement is not None and kept in decision.statement
    assert old.split("is ")[1].split(",")[0].split(";")[0] not in decision.statement


def test_a_one_clause_card_is_replaced_as_it_is() -> None:
    # GIVEN a card that only says the value
    card = held("Aisling's line manager is Priya Raman.", "u.manager")
    # WHEN a newer value arrives
    decision = decide(cand("Aisling's line manager is now Tomasz Nowak.", "u.manager"), [card])
    # THEN the candidate replaces it with nothing carried
    assert (decision.action, decision.statement) == (MergeAction.SUPERSEDE, None)
