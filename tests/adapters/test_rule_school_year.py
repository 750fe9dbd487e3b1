"""A school year or class said in lower case ("im in year 9") is a lasting fact about the speaker; a room or a
week said the same way is not."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 10, 5, 16, 0, tzinfo=UTC))


def test_a_lower_case_school_year_is_kept() -> None:
    assert S.statements("lol ok. im in year 9 at Ridgeway Academy") == [
        "The user is in year 9 at Ridgeway Academy."
    ]
    assert S.statements("i'm in grade 7") == ["The user is in grade 7."]


def test_a_room_or_a_week_is_not_a_class() -> None:
    assert S.statements("I'm in room 12") == []
    assert S.statements("I'm in week 2 of the plan") == []
