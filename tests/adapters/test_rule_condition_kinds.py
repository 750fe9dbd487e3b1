"""A condition said with its kind or degree in front ("I'm type 2 diabetic", "I'm profoundly deaf") is the
same lasting fact about the speaker as the bare condition, kept with the kind; a degree word before a passing
state ("I'm severely busy") makes no condition of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 11, 3, 9, 30, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm type 2 diabetic.", "The user is type 2 diabetic."),
        ("Just so you know, I'm type-II diabetic.", "The user is type-II diabetic."),
        ("I'm mildly asthmatic", "The user is mildly asthmatic."),
        ("We're severely dyslexic, both of us.", "dyslexic"),
    ],
)
def test_a_condition_with_its_kind_is_kept_with_the_kind(said: str, kept: str) -> None:
    # GIVEN the speaker telling a condition with its kind or degree before it
    statements = S.statements(said)
    # THEN the fact is kept, the kind with it
    assert any(kept in s for s in statements), statements


@pytest.mark.parametrize("said", ["I'm severely busy until Friday.", "I'm type 1 at heart, honestly."])
def test_a_degree_or_kind_before_no_condition_makes_no_fact(said: str) -> None:
    assert S.statements(said) == []
