"""How a day's event went, told by the day ("Saturday was a huge success, 212 tickets sold"): a dated fact
of what the speaker did that day with its measured outcome; a verdict with no outcome is a passing mood."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 6, 8, 10, 0, tzinfo=UTC))  # a Monday


def test_a_day_s_verdict_with_a_measured_outcome_is_a_dated_fact() -> None:
    said = S.statements("Saturday was a huge success, 212 tickets sold and £1,480 for the hospice!")
    assert said == [
        "What the user did on 6 June 2026 was a huge success, 212 tickets sold and £1,480 for the hospice."
    ]
    said = S.statements("last night went really well, 9 new members signed up")
    assert said == ["What the user did on 7 June 2026 went well, 9 new members signed up."]


def test_a_verdict_alone_or_a_day_that_is_not_the_subject_is_not_read_so() -> None:
    assert not any("What the user did" in s for s in S.statements("Yesterday was great!!"))
    assert not any(
        "What the user did" in s for s in S.statements("Sunday is a good day for 2 hours of gardening")
    )
