"""A body part worn out after one past day's effort ("arms are dead after last night's bouldering") is a state
of now: it stays in the raw log. A lasting state (a habit, a condition, someone who died) is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.longevity import passing_state
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 8, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    "text",
    [
        "Arms are dead after last night's bouldering.",
        "my quads are cooked today",
        "Shoulders feel like jelly after this morning's swim.",
    ],
)
def test_a_worn_out_body_part_is_a_passing_state(text: str) -> None:
    assert passing_state(text)


def test_worn_out_legs_leave_no_card() -> None:
    # GIVEN a swimmer saying how her body feels after yesterday's session
    said = SESSION.statements("Arms are dead today after yesterday's masters session.")
    # THEN nothing is kept: it will not matter in a month
    assert said == []


@pytest.mark.parametrize(
    "text",
    [
        "The battery is dead.",
        "My grandad is dead.",
        "my knees are always sore after a long hike",
    ],
)
def test_what_lasts_or_is_no_body_part_is_no_passing_state(text: str) -> None:
    # a thing, a death, a habit under a condition: none of them passes with the day
    assert not passing_state(text)
