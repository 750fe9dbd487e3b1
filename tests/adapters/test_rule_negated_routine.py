"""What the speaker is not doing on the days it would recur ("I'm not working on Fridays") is a standing
arrangement, kept as "I don't work on Fridays" is; not doing something once (today, at one party) stays out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 3, 1, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm not teaching on Wednesdays this term.", "The user is not teaching on Wednesdays this term."),
        ("We're not opening the shop at weekends.", "not opening the shop at weekends"),
        ("I am not driving every evening, the bus is fine.", "not driving every evening"),
    ],
)
def test_a_negated_routine_on_recurring_days_is_a_fact(said: str, kept: str) -> None:
    # GIVEN the user telling their agent what they do not do on the days it would recur
    # WHEN the rule reasoner reads it
    statements = S.statements(said)
    # THEN it is kept as a fact about them, negation and days included
    assert any(kept in s for s in statements), statements


@pytest.mark.parametrize(
    "said",
    [
        "I'm not teaching today.",
        "I'm not going to the barbecue on Saturday.",
        "I'm not sure about Thursdays.",
    ],
)
def test_not_doing_something_once_is_no_routine(said: str) -> None:
    # GIVEN something not done once (today, one Saturday) or no activity at all
    # WHEN the rule reasoner reads it
    statements = S.statements(said)
    # THEN no lasting fact says it
    assert not any("not" in s for s in statements), statements
