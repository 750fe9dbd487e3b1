"""What a user lists to fit into the week is no lasting fact, and a lukewarm "fine too" beside a liking is no
part of the liking: the card says the liking alone, so more about it fuses."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 5, 19, 18, 0, tzinfo=UTC))


def answered(question: str, answer: str) -> list[str]:
    """What is kept of the user's `answer` to the agent's `question`."""
    events = [
        S.ev("m0", 0, text="can you help me plan the week?"),
        S.ev("a1", 5, role="assistant", text=f"Sure. {question}"),
        S.ev("m2", 10, text=answer),
    ]
    return [c.statement for c in S.extract(events)]


def test_errands_listed_for_the_week_are_not_kept() -> None:
    # GIVEN the user lists what else to fit in, in phrases with nothing said of them
    assert (
        answered(
            "What else do you need to fit in?", "Haircut sometime, and a lunch with my brother on Friday."
        )
        == []
    )
    assert answered("What else do you need to fit in?", "Gym on Monday, groceries on Saturday.") == []
    # NEGATIVE: what a question names as the user's attribute is still read from a bare answer
    assert answered("What size do you take?", "UK 9.") == ["The user's size is UK 9."]
    # NEGATIVE: a short sentence about the speaker's people with a verb is still a fact
    assert S.statements("The trip to my parents was lovely.") == [
        "The trip to the user's parents was lovely."
    ]


def test_a_lukewarm_second_taste_leaves_the_liking_alone() -> None:
    # GIVEN a liking and a thing that is "fine too"
    assert S.statements("I love climbing, and galleries are fine too.") == ["The user loves climbing."]
    assert S.statements("We like jazz, but classical is ok as well.") == ["The user likes jazz."]
    # NEGATIVE: a thing "fine too" without a liking before it is not read this way
    assert S.statements("The rent is fine too.") == []
