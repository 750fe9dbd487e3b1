"""Which slot a first-person statement holds, read where it was missed or wrong: "I'm the payments team lead" is
a job title (as "a senior developer on the payments team" is, not an employer: a team is no named employer);
"my son's moved to Northside FC" is his club (not a home); "had to register with a new GP, Parkside" is the GP.
And a plan said not to have happened ("I didn't do the Italian course in the end") is kept, and ends the plan."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Got promoted, I'm the payments team lead now.", "user.job_title"),
        ("I'm a senior developer on the payments team.", "user.job_title"),
        ("I'm a developer at Monzo.", "user.employer"),
        ("I'm a nurse at the Royal Infirmary.", "user.employer"),
        ("My son's moved to Northside FC, his mates all went there.", "user.son.club"),
        ("I've moved to the Leeds General, working in A&E now.", "user.employer"),
        ("I live next door to my mum.", "user.home_city"),
        ("I'm on permanent night shifts.", "user.shift_pattern"),
        ("Had to register with a new GP, Parkside Medical Centre, since we moved across town.", "user.gp"),
    ],
)
def test_the_slot_a_statement_holds(said: str, key: str) -> None:
    assert [c.key for c in S.extract(S.told(said))] == [key]


@pytest.mark.parametrize("said", ["We moved to Leeds in May.", "We've moved to Mexico City."])
def test_a_move_to_a_place_is_still_a_home(said: str) -> None:
    assert [c.key for c in S.extract(S.told(said))] == ["user.home_city"]


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        (
            "I didn't do the Italian course in the end, couldn't fit it in.",
            "The user didn't do the Italian course in the end, couldn't fit it in.",
        ),
        ("We didn't go to Lisbon after all.", "The user didn't go to Lisbon after all."),
        ("I didn't end up buying the van.", "The user didn't end up buying the van."),
    ],
)
def test_a_plan_that_did_not_happen_is_kept(said: str, statement: str) -> None:
    assert S.statements(said) == [statement]


def test_a_passing_state_said_in_the_negative_is_still_left_out() -> None:
    assert S.statements("I didn't sleep well.") == []


@pytest.mark.parametrize(
    ("plan", "news"),
    [
        (
            "Neil is starting an evening course in Italian in September.",
            "Neil didn't do the Italian course in the end, couldn't fit it in.",
        ),
        ("Neil is planning to buy a camper van.", "Neil didn't end up buying the van."),
    ],
)
def test_word_that_a_plan_did_not_happen_ends_it(plan: str, news: str) -> None:
    assert decide(cand(news), [held(plan)]).action is MergeAction.SUPERSEDE


def test_word_that_something_else_did_not_happen_leaves_the_plan() -> None:
    news = cand("Neil didn't go to the gym in the end.")
    assert decide(news, [held("Neil is starting an evening course in Italian in September.")]).action is (
        MergeAction.ADD
    )


def test_a_pastime_said_with_an_occupations_word_is_no_job() -> None:
    assert [c.key for c in S.extract(S.told("I'm a keen gardener."))] == [None]


def test_a_secret_costs_the_message_only_the_secret() -> None:
    said = S.statements(
        "My sort code is 20-45-67 and account 41234567, and I'm paid on the last Friday of the month."
    )
    assert said == ["The user is paid on the last Friday of the month."]


def test_someone_living_round_the_corner_is_where_they_live() -> None:
    # GIVEN "Rob lives round the corner" (no place named); WHEN Rob moves to Australia
    news = cand("Rob has moved to Australia, gutted.", key="rob.home_city")
    # THEN the move replaces it (latest wins)
    assert (
        decide(news, [held("Ewan's best mate Rob lives round the corner.")]).action is MergeAction.SUPERSEDE
    )


def test_a_named_line_to_work_is_how_one_commutes() -> None:
    said = S.extract(S.told("I rent a flat in Bermondsey and I get the Jubilee line to work."))
    assert [c.key for c in said] == ["user.home_city", "user.commute"]


def test_what_to_call_the_speaker_is_a_statement_of_its_own() -> None:
    said = S.extract(S.told("Actually I prefer Teddy these days, call me Teddy."))
    assert ("user.called", "The user prefers to be called Teddy.") in [(c.key, c.statement) for c in said]
    assert S.dropped("I love the name, call me crazy.") != []  # a figure of speech names no one


def test_a_place_that_moved_replaces_where_it_was() -> None:
    # GIVEN "Cy's office is in Shoreditch"; WHEN "The office has moved to King's Cross" (no owner said)
    decision = decide(cand("The office has moved to King's Cross."), [held("Cy's office is in Shoreditch.")])
    # THEN the held card, at the new place, replaces it
    assert (decision.action, decision.statement) == (MergeAction.SUPERSEDE, "Cy's office is in King's Cross.")


def test_a_place_moved_with_two_cards_saying_where_such_a_thing_is_replaces_neither() -> None:
    cards = [
        held("Cy's office is in Shoreditch."),
        held("Cy's wife's office is in Soho.").model_copy(update={"memory_id": "m-2"}),
    ]
    decision = decide(cand("The office has moved to King's Cross."), cards)
    assert decision.statement != "Cy's office is in King's Cross."


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("I'm paid on the last Friday of the month.", "The user is paid on the last Friday of the month."),
        ("We get paid on the 25th.", "The user gets paid on the 25th."),
    ],
)
def test_when_the_speaker_is_paid_is_kept(said: str, statement: str) -> None:
    assert S.statements(said) == [statement]


def test_a_name_asked_for_one_occasion_stays_one_request() -> None:
    assert S.statements("Just for today's meeting, call me Dr Shaw.") == []
