"""A state said to be so for a near window ("my sister is visiting this weekend", "the office is closed
tomorrow") holds until that window ends; what happened in it, or holds every week, has no end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.validity import valid_until

SAID = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)  # a Tuesday


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("my brother is staying with us this weekend, so no early run", datetime(2026, 9, 7, tzinfo=UTC)),
        ("I'm in Glasgow this week for the audit", datetime(2026, 9, 7, tzinfo=UTC)),
        ("the clinic is closed tomorrow", datetime(2026, 9, 3, tzinfo=UTC)),
        ("we're away tonight", datetime(2026, 9, 2, tzinfo=UTC)),
        ("This month I'm doing a no-spend challenge.", datetime(2026, 10, 1, tzinfo=UTC)),
        ("I'm doing dry January this month", datetime(2026, 10, 1, tzinfo=UTC)),
        ("This week, we're working from the Lisbon office.", datetime(2026, 9, 7, tzinfo=UTC)),
    ],
)
def test_a_state_for_a_near_window_ends_with_it(text: str, end: datetime) -> None:
    assert valid_until(text, SAID) == end


@pytest.mark.parametrize(
    "text",
    [
        "I went to a pottery class this weekend",
        "I ran 20 km this week",
        "My sister visits every weekend",
        "I was in Glasgow this week",
        "I am vegetarian",
        # a lasting state begun in the window: it holds beyond it
        "I'm starting at Google this week",
        "This month I'm joining the platform team",
    ],
)
def test_what_happened_or_always_holds_has_no_end(text: str) -> None:
    assert valid_until(text, SAID) is None


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Staging is frozen until the release on 14 September.", datetime(2026, 9, 15, tzinfo=UTC)),
        ("No gluten until my exam on 10 September.", datetime(2026, 9, 11, tzinfo=UTC)),
    ],
)
def test_until_an_event_named_with_its_day_holds_until_that_day(text: str, end: datetime) -> None:
    assert valid_until(text, SAID) == end


def test_until_a_day_of_the_month_holds_until_the_next_such_day_but_a_monthly_day_never_ends() -> None:
    assert valid_until("Our road's closed until the 30th.", SAID) == datetime(2026, 10, 1, tzinfo=UTC)
    assert valid_until("the gym is shut until the 5th", SAID) == datetime(2026, 9, 6, tzinfo=UTC)
    assert valid_until("the rent is due by the 28th every month", SAID) is None
