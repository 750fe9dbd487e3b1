"""States that end and counts that grow, as people tell them: a baby born ends "is pregnant", a test passed ends
"is learning to drive", "adopted a third cat" is three, a husband's new job at the council, "the new place is in
Chorlton" after "moving house in August", and "Glastonbury was muddy but amazing" after the plan to go."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.domain.plan_validity import plan_ends
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))
MAY = datetime(2027, 5, 10, tzinfo=UTC)


def keyed(said: str) -> list[tuple[str | None, str, str]]:
    return [(c.key, c.type.value, c.statement) for c in S.extract(S.told(said))]


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Pia's sister had her baby, a girl called Rosie!", "Pia's sister is pregnant."),
        ("Sam passed their driving test!", "Sam is learning to drive."),
    ],
)
def test_an_event_that_concludes_a_state_replaces_it(news: str, card: str) -> None:
    decision = decide(cand(news), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_one_more_got_grows_the_count_held_and_keeps_its_names() -> None:
    decision = decide(cand("Dev adopted a third cat, Pepper."), [held("Dev has two cats, Miso and Tofu.")])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decision.statement == "Dev has three cats, Miso and Tofu and adopted a third cat, Pepper."


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Tom's brother had a baby.", "Pia's sister is pregnant."),  # someone else's baby
        ("Dev adopted a second cat, Pepper.", "Dev has two cats."),  # the count said already
    ],
)
def test_someone_elses_event_or_the_same_count_replaces_nothing(news: str, card: str) -> None:
    assert decide(cand(news), [held(card)]).action is not MergeAction.SUPERSEDE  # NEGATIVE


def test_a_partners_new_job_at_a_place_named_by_what_it_is_is_their_employer() -> None:
    assert keyed("My husband's got a new job at the council.") == [
        ("user.husband.employer", "fact", "The user's husband has got a new job at the council.")
    ]
    assert keyed("I got a job at the weekend.")[0][0] is None  # NEGATIVE: a time, no employer


def test_the_new_place_in_a_named_place_is_the_new_home_and_a_kitchen_in_is_installed() -> None:
    assert keyed("We've moved! The new place is in Chorlton.") == [
        ("user.home_city", "fact", "The user lives in Chorlton (a new place).")
    ]
    assert keyed("The new kitchen is in and it looks great.") == [
        (None, "fact", "The user's new kitchen is in.")
    ]


def test_moving_house_in_a_month_is_a_plan_until_that_month_ends() -> None:
    assert keyed("We're moving house in August.") == [(None, "plan", "The user is moving house in August.")]
    assert plan_ends("Fay is moving house in August.", MAY) == datetime(2027, 9, 1, tzinfo=UTC)
    assert plan_ends("Fay goes to Rome every year in May.", MAY) is None  # NEGATIVE: a habit


def test_how_a_planned_thing_went_ends_the_plan() -> None:
    card = held("Oz is going to Glastonbury.", type=MemoryType.PLAN)
    decision = decide(cand("Glastonbury was muddy but amazing.", days=120), [card])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
