"""A cottage rented for dates to come is a stay until then, not a new home; a mortgage's rate and a remortgage are
one mortgage; "I go to work on foot" is how one commutes; "me and my colleague Raj" is the speaker and Raj; an
appointment someone else cancelled ("The hospital cancelled Nell's appointment") ends the plan for it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_place_rented_for_dates_to_come_is_a_stay_until_then() -> None:
    [found] = S.extract(S.told("We've rented a cottage in Padstow from 10 to 17 August."))
    assert (found.type, found.key, found.valid_until) == (
        MemoryType.PLAN,
        None,
        datetime(2027, 8, 18, tzinfo=UTC),
    )


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("We've rented a flat in Leith.", "user.home_city"),
        ("Our mortgage rate is 1.9% fixed.", "user.mortgage"),
        ("We've remortgaged at 4.4%.", "user.mortgage"),
        ("I go to work on foot every day.", "user.commute"),
    ],
)
def test_the_slot_a_statement_holds(said: str, key: str) -> None:
    assert [c.key for c in S.extract(S.told(said))] == [key]


def test_a_past_hire_is_no_plan() -> None:
    [found] = S.extract(S.told("We hired a van last week."))
    assert (found.type, found.valid_until) == (MemoryType.FACT, None)


def test_me_and_someone_named_by_relation_and_name() -> None:
    assert S.statements("Me and my colleague Raj share an office on the third floor.") == [
        "The user and their colleague Raj share an office on the third floor."
    ]


@pytest.mark.parametrize(
    ("news", "action"),
    [
        ("The hospital cancelled Nell's appointment, waiting for a new date.", MergeAction.SUPERSEDE),
        ("The hospital cancelled Tom's football match.", MergeAction.ADD),
    ],
)
def test_an_appointment_cancelled_by_someone_else_ends_the_plan(news: str, action: MergeAction) -> None:
    plan = held("Nell has got a hospital appointment on 12 April.", type=MemoryType.PLAN)
    assert decide(cand(news), [plan]).action is action
