"""A disruption said to have happened again is a passing complaint, not a plan's end nor a lasting fact."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.repeat_nuisance import nuisance_again
from tests.fakes.rule_session import REASONER, SCOPE, RuleSession

SESSION = RuleSession(datetime(2026, 2, 9, 8, 15, tzinfo=UTC))


def statements(text: str) -> list[str]:
    return [c.statement for c in REASONER.extract(list(SESSION.told(text)), SCOPE).candidates]


@pytest.mark.parametrize(
    "text",
    [
        "Fuming this morning, the 7:40 ferry was cancelled again.",
        "The tram was delayed yet again.",
        "Ugh, the lift at work is out of order again.",
        "the nightly build is red again on the api repo",
    ],
)
def test_given_a_disruption_said_again_when_extracted_then_no_card_is_kept(text: str) -> None:
    # GIVEN a complaint that a service let the speaker down once more
    # WHEN the message is extracted
    # THEN nothing about it is kept as a lasting fact or as a plan's end
    assert nuisance_again(text)
    assert not [s for s in statements(text) if "again" in s or "cancelled" in s]


@pytest.mark.parametrize(
    "text",
    [
        "The 8:10 to Leeds is always late again and again.",
        "My knee surgery got delayed again to 14 May.",
        "Our book club meeting was cancelled.",
    ],
)
def test_given_a_habit_a_new_day_or_a_first_cancellation_then_it_is_no_passing_complaint(text: str) -> None:
    # GIVEN a habit, a disruption with its new day, or a plan called off once
    # WHEN it is judged
    # THEN it is not taken for a passing complaint
    assert not nuisance_again(text)


def test_given_a_plan_called_off_once_when_extracted_then_its_end_is_kept() -> None:
    # GIVEN a plan of the speaker's called off (no "again")
    # WHEN extracted
    # THEN the news of its end is kept
    assert any("cancelled" in s for s in statements("Our book club meeting was cancelled."))
