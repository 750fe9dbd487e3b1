"""How the user wants to be addressed ("Call me James", "please don't call me Jim, it's James"), what they
cannot do ("I can't eat spicy food", "since the accident I can't drive at night"), a habit or taste denied ("I'm
not a morning person"), and an initial that is no sentence end ("Dr J. Okafor"): once dropped as requests,
remarks or split sentences, now kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Call me James.", "The user prefers to be called James."),
        ("Please don't call me Jim, it's James.", "The user prefers to be called James, not Jim."),
        ("Just call me Jo, not Joanna.", "The user prefers to be called Jo, not Joanna."),
    ],
)
def test_how_the_user_wants_to_be_called_is_a_standing_preference(said: str, kept: str) -> None:
    (found,) = S.extract(S.told(said))
    assert (found.key, found.statement) == ("user.called", kept)


@pytest.mark.parametrize("said", ["Call me when it's done.", "Call me tomorrow."])
def test_call_me_with_no_name_is_a_request_for_now(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I can't eat spicy food.", "The user can't eat spicy food."),
        ("Since the accident I can't drive at night.", "Since the accident the user can't drive at night."),
        ("I'm not a morning person at all.", "The user is not a morning person at all."),
        ("I'm not a fan of jazz.", "The user is not a fan of jazz."),
        ("Dr J. Okafor is my GP.", "Dr J. Okafor is the user's GP."),
        ("I'm doing Dry January this year.", "The user is doing Dry January in 2027."),
        ("I get the bus everywhere.", "The user gets the bus everywhere."),
    ],
)
def test_a_limit_a_denied_habit_and_a_name_with_an_initial_are_kept(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]


@pytest.mark.parametrize(
    "said", ["I can't believe it.", "I can't make it on Friday.", "I'm not an expert.", "I'm doing it later."]
)
def test_a_remark_or_a_one_off_is_still_not_kept(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE


def test_a_denied_habit_replaces_the_habit_held() -> None:
    decision = decide(cand("Ana is not a morning person."), [held("Ana is a morning person.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I do yoga.", "The user does yoga."),
        (
            "I do hot yoga at Bikram Leeds on Tuesday and Thursday evenings.",
            "The user does hot yoga at Bikram Leeds on Tuesday and Thursday evenings.",
        ),
    ],
)
def test_a_practice_one_does_is_kept_however_short_or_long(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]
    assert S.statements("I do think so.") == []  # NEGATIVE: "do" as an auxiliary


def test_a_limit_said_as_a_rule_for_the_agent_is_left_to_the_rule() -> None:
    # "when you suggest recipes" makes it a constraint on the agent, not the user's fact with "you" in it
    assert not any("you" in s for s in S.statements("Remember I can't have gluten when you suggest recipes."))


def test_a_change_opened_with_as_of_is_kept() -> None:
    assert S.statements("As of this week I work four days a week.") == [
        "As of this week the user works four days a week."
    ]  # "As of this week" was no opening a first-person clause may follow: the whole was dropped


def test_whom_one_sees_and_how_often_is_no_opinion() -> None:
    assert S.statements("I see my physio every two weeks.") == ["The user sees their physio every two weeks."]
    assert S.statements("I see what you mean.") == []  # NEGATIVE: "see" as understanding
