"""A thing's amount said to move ("Unit 3 service charge rises to £62 a quarter from April"), told apart from its
neighbours by a number in its name: kept as a statement, and it replaces the held card giving that very
thing's amount per the same unit, that card's other details kept and from when the new amount holds."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 2, 9, 18, 0, tzinfo=UTC))
_UNIT_3 = "Unit 3 at 8 Quarry Lane is leased to Osei Joinery, charge £55 a quarter."
_UNIT_5 = "Unit 5 is leased to Brandt Ceramics at £70 a quarter."


def test_a_thing_named_with_its_number_and_address_is_kept() -> None:
    # GIVEN a unit named with its number and where it is, then what holds of it
    said = SESSION.statements("Unit 3 at 8 Quarry Lane is leased to Osei Joinery, charge £55 a quarter.")
    # THEN the sentence is kept as a statement about that unit
    assert said == [_UNIT_3]


def test_a_value_moving_for_a_numbered_thing_is_kept() -> None:
    said = SESSION.statements("Unit 3 charge goes up to £62 a quarter from April.")
    assert len(said) == 1 and "£62 a quarter" in said[0]


def test_the_new_amount_replaces_that_things_card_only() -> None:
    # GIVEN two units held with their amounts
    cards = [held(_UNIT_5).model_copy(update={"memory_id": "m-5"}), held(_UNIT_3)]
    # WHEN unit 3's charge goes up from April
    decision = decide(cand("Unit 3 charge goes up to £62 a quarter from April."), cards)
    # THEN unit 3's card is replaced, its details kept, with from when the new amount holds
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == (
        "Unit 3 at 8 Quarry Lane is leased to Osei Joinery, charge £62 a quarter from April."
    )


def test_another_numbered_thing_or_another_unit_replaces_nothing() -> None:
    # NEGATIVE: unit 4's charge moving says nothing of unit 3
    assert decide(cand("Unit 4 charge goes up to £62 a quarter."), [held(_UNIT_3)]).action is MergeAction.ADD
    # NEGATIVE: an amount a month is not the held amount a quarter
    monthly = decide(cand("Unit 3 charge goes up to £25 a month."), [held(_UNIT_3)])
    assert monthly.action is MergeAction.ADD
