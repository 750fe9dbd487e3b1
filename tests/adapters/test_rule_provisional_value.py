"""A value stated "for now" ("the evening dose is 12 units for now") is the current value, kept until another
replaces it; a request "for now" ("use tabs for now") stays the one-off it is."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.occasion import for_the_occasion, without_provisional
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 11, 3, 20, 0, tzinfo=UTC))


def test_a_value_stated_for_now_is_kept() -> None:
    assert not for_the_occasion("the evening dose is 12 units for now")
    assert not for_the_occasion("I'm on the Dexcom G7 for now")
    assert without_provisional("the evening dose is 12 units for now") == "the evening dose is 12 units"
    assert SESSION.statements("The evening dose is 12 units for now.") == [
        "The evening dose is 12 units for now."
    ]


def test_a_request_or_a_mood_for_now_is_still_for_the_occasion() -> None:
    for said in ("use tabs for now", "leave it for now", "keep replies short for now", "I'm busy for now"):
        assert for_the_occasion(said), said
    assert SESSION.statements("Use tabs for now.") == []
