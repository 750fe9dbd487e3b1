"""A plan done otherwise ("got a cat instead" after "planning to get a dog") or done to its thing ("the kitchen
is finally painted" after "planning to repaint the kitchen") is over, and a membership the person
ended ("cancelled my PureGym membership") replaces the card saying they are a member."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.membership_ended import membership_ended
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.plan_ends import done_otherwise, done_to
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession


def test_a_plan_done_otherwise_is_over() -> None:
    # GIVEN the plan to book a week in Sicily
    plan = held("Noor is planning to book a week in Sicily in June.", type=MemoryType.PLAN)
    # WHEN she says later what she did instead
    decision = decide(cand("Noor booked Crete instead, same week."), [plan])
    # THEN the plan is replaced by the news
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    # NEGATIVE: another verb with "instead" says nothing of that plan
    assert not done_otherwise(cand("Noor had the salmon instead."), plan)
    # NEGATIVE: news said before the plan does not end it
    assert not done_otherwise(cand("Noor booked Crete instead.", days=-3), plan)


def test_an_ended_membership_replaces_the_card_saying_it_is_held() -> None:
    member = held("Kwame is a member of Anytime Fitness in Stockport.")
    decision = decide(cand("Kwame cancelled his Anytime Fitness membership last month."), [member])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    # NEGATIVE: a card that only mentions the gym is left alone; another gym's membership ends nothing here
    opening = held("Anytime Fitness in Stockport opens at 5am.")
    assert membership_ended(cand("Kwame cancelled his Anytime Fitness membership."), [opening]) is None
    assert membership_ended(cand("Kwame cancelled his PureGym membership."), [member]) is None


def test_a_pet_just_got_is_who_she_is_called() -> None:
    s = RuleSession(datetime(2027, 5, 14, 20, 0, tzinfo=UTC))
    # GIVEN a pet got, then named with "she"
    assert "The user's kitten is called Pesto." in s.statements(
        "we finally got a kitten! she's called Pesto."
    )
    # NEGATIVE: a person met, then named with "she", is not made a pet
    assert not any("called Ana" in x for x in s.statements("I met a new colleague. She's called Ana."))


def test_a_plan_whose_thing_is_said_done_is_over() -> None:
    # GIVEN the plan to repaint the kitchen
    plan = held("June is planning to repaint the kitchen in May.", type=MemoryType.PLAN)
    # WHEN she says later, of the kitchen, that it is painted (or just done)
    for news in ("The kitchen is finally painted.", "The kitchen is done."):
        decision = decide(cand(news), [plan])
        # THEN the plan is replaced by the news
        assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1", news
    # the thing's own verb, irregular, for another plan
    sale = held("Sam is going to sell the old van next month.", type=MemoryType.PLAN)
    assert done_to(cand("Our old van has been sold."), sale)
    # NEGATIVE: not done yet, another room, a word about the room that is no deed, or said before the plan
    assert not done_to(cand("The kitchen isn't painted yet."), plan)
    assert not done_to(cand("The bathroom is finally painted."), plan)
    assert not done_to(cand("The kitchen is lovely."), plan)
    assert not done_to(cand("The kitchen is painted.", days=-3), plan)


def test_a_thing_said_done_in_text_speak_is_kept_but_a_name_alone_is_not_taken_for_a_thing() -> None:
    s = RuleSession(datetime(2027, 4, 3, 9, 0, tzinfo=UTC))
    assert s.statements("passport renewed!") == ["The user's passport is renewed."]
    assert s.statements("Car tax paid") == ["The user's car tax is paid."]
    assert s.statements("Driving test passed!!") == ["The user's driving test is passed."]
    # NEGATIVE: "Tom paid" may be Tom who paid: not read as the user's thing
    assert s.statements("Tom paid.") == []
