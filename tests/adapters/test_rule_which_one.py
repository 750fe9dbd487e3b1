"""A bare name answering the agent's "which one is it?" about the thing it named just before is a statement
of what that thing is ("My preventer inhaler is Clenil."), even typed lower case; without such a question,
or when the reply is no name, nothing is made of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.which_one import asked_thing, which_one_answer
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 11, 4, 8, 0, tzinfo=UTC))


def test_a_lower_case_name_answering_which_one_is_kept_as_what_the_thing_is() -> None:
    # GIVEN the agent asking which of a thing the user named it is, and a hurried answer
    events = [
        SESSION.ev("a1", 0, role="assistant", text="You said you'd got a new road bike. Which one is it?"),
        SESSION.ev("m1", 30, text="canyon endurace. blue. 2 weeks old"),
    ]
    said = [c.statement for c in SESSION.extract(events)]
    # THEN the name is kept as what the thing is
    assert "The user's new road bike is Canyon endurace." in said


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        (
            "You mentioned a blood pressure tablet earlier. Which one is it, for the form?",
            "blood pressure tablet",
        ),
        ("Thanks! You said you have a sourdough starter. What one is that?", "sourdough starter"),
        ("Which one is it?", None),
        ("You mentioned a new job. Where is it?", None),
    ],
)
def test_the_thing_asked_about_is_the_one_named_before_the_question(question: str, thing: str | None) -> None:
    assert asked_thing(question) == thing


@pytest.mark.parametrize("reply", ["not sure", "it's the blue one", "yes", "I forget the name honestly"])
def test_a_reply_that_is_no_name_says_nothing_of_the_thing(reply: str) -> None:
    question = SESSION.ev(
        "a1", 0, role="assistant", text="You mentioned a preventer inhaler. Which one is it?"
    )
    assert which_one_answer(reply, question) is None


def test_a_name_after_no_question_of_the_agent_says_nothing_of_the_thing() -> None:
    # GIVEN the same question asked by the user themselves, not the agent
    asked_by_user = SESSION.ev("m0", 0, text="You mentioned a preventer inhaler. Which one is it?")
    # THEN a name after it is not taken as the answer
    assert which_one_answer("clenil", asked_by_user) is None
    assert which_one_answer("clenil", None) is None
