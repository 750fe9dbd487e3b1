"""A move said with why, naming what was left ("Moved all my accounts over to Monzo, Barclays kept charging fees")
is one statement that keeps the old name, and it replaces the held card naming it ("Abi banks with Barclays");
not when the clause after the move keeps the other one on ("..., Monzo is still my main account")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_the_clause_naming_what_was_left_stays_with_the_move() -> None:
    # GIVEN a move and, after a comma, why, naming the bank that was left
    said = S.statements("Moved all my accounts over to Monzo last week, Barclays kept charging fees.")
    # THEN one statement keeps both names (the old one was cut off and dropped as no statement)
    assert len(said) == 1
    assert "Monzo" in said[0] and "Barclays kept charging fees" in said[0]


@pytest.mark.parametrize(
    ("card", "news"),
    [
        (
            "Abi banks with Barclays.",
            "Abi moved all their accounts over to Monzo in the week before 10 February 2027, Barclays kept charging"
            " fees.",
        ),
        (
            "Ada's gas and electric is with Octopus.",
            "Ada switched energy supplier to EDF, Octopus put the rates up.",
        ),
        ("Cy's broadband is Virgin Media.", "Cy moved their broadband to BT, Virgin kept dropping out."),
        (
            "Ari is on Vodafone for their mobile.",
            "Ari ported their number to giffgaff, Vodafone's contract ended.",
        ),
    ],
)
def test_a_move_naming_what_was_left_replaces_the_card_naming_it(card: str, news: str) -> None:
    # GIVEN a held card naming where something was; WHEN news moves it elsewhere, naming the old one as why
    decision = decide(cand(news), [held(card)])
    # THEN the news replaces it (latest wins), with no word in common but the old name
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == "m-1"


@pytest.mark.parametrize(
    ("card", "news"),
    [
        # the other one is kept on
        (
            "Abi's main account is with Monzo.",
            "Abi moved their savings to Marcus, Monzo is still their main account.",
        ),
        # the clause names neither the card's name nor what was left
        ("Abi banks with Barclays.", "Abi moved their savings to Marcus, Chase kept changing the rate."),
        # someone else's move
        (
            "Abi banks with Barclays.",
            "Tom moved all his accounts over to Monzo, Barclays kept charging fees.",
        ),
    ],
)
def test_a_move_that_names_no_held_value_as_left_replaces_nothing(card: str, news: str) -> None:
    assert decide(cand(news), [held(card)]).action is not MergeAction.SUPERSEDE


@pytest.mark.parametrize("said", ["I get the 42 bus to work.", "I take the N29 bus into work."])
def test_a_bus_by_its_route_number_is_how_one_commutes(said: str) -> None:
    # GIVEN the way to work named by a route's number; THEN it holds the commute's slot, as "the 7:40 train" does
    # (so "I cycle to work now" replaces it)
    assert [c.key for c in S.extract(S.told(said))] == ["user.commute"]


@pytest.mark.parametrize(
    ("card", "news"),
    [
        ("Ed goes to bed around midnight.", "Ed has been going to bed at 10 since the baby arrived."),
        ("Mo's commute is about 40 minutes.", "Mo's commute is 25 minutes."),
    ],
)
def test_a_value_given_roughly_is_replaced_by_another_value(card: str, news: str) -> None:
    # GIVEN a held value said roughly ("around midnight"); WHEN news gives another value of the same thing
    # THEN the news replaces it (latest wins), as it would "at midnight"
    assert decide(cand(news), [held(card)]).action is MergeAction.SUPERSEDE


def test_a_rough_amount_of_a_habit_is_not_replaced_by_one_day_of_it() -> None:
    # "walked 12 miles on Saturday" is an event, not a new daily distance
    assert decide(
        cand("Ed walked 12 miles on Saturday."), [held("Ed walks about 5 miles a day.")]
    ).action is (MergeAction.ADD)
