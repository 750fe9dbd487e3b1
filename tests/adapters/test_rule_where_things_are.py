"""Where a thing or someone is, said with "up", "down" or "over" before the place ("the cabin's up in Aviemore",
"my parents are down in Devon"), is where they are; "down" alone is a service failing now, and stays out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("The cabin's up in Aviemore.", "The cabin is up in Aviemore."),
        ("My parents are down in Devon.", "The user's parents are down in Devon."),
        ("Our allotment is over in Brislington.", "The user's allotment is over in Brislington."),
    ],
)
def test_a_place_said_with_up_or_down_is_where_it_is(said: str, kept: str) -> None:
    assert kept in S.statements(said)


@pytest.mark.parametrize("said", ["The server is down.", "The booking site is down again."])
def test_a_service_down_is_a_failure_of_now(said: str) -> None:
    assert S.statements(said) == []
