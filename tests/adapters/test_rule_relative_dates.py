"""Relative times written as dates: the preposition said before them is kept, never doubled ("off for this
year" is "off for 2026", not "off for in 2026")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.dates import resolve_relative_dates

SAID = datetime(2026, 5, 3, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("The bathroom is off for this year", "The bathroom is off for 2026"),
        ("The gym is closed for next month", "The gym is closed for June 2026"),
        ("I ran a lot this year", "I ran a lot in 2026"),
        ("I moved here last year", "I moved here in 2025"),
        ("We have been here since last year", "We have been here since 2025"),
    ],
)
def test_a_relative_time_becomes_a_date_with_one_preposition(said: str, written: str) -> None:
    assert resolve_relative_dates(said, SAID) == written
