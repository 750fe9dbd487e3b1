"""Being fed up for now ("totally done with this printer today") and an urge to give up said as a maybe ("might
just quit") are moods that pass: left in the raw log. Being done with something for good, or quitting, is not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.longevity import passing_mood
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 11, 3, 21, 15, tzinfo=UTC))


@pytest.mark.parametrize(
    "text",
    [
        "totally done with this printer today",
        "I'm so sick of the night bus",
        "done with spreadsheets tonight",
        "honestly we might just give up on the allotment",
        "I may as well ditch the course",
    ],
)
def test_fed_up_for_now_is_a_passing_mood(text: str) -> None:
    assert passing_mood(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm done with my PhD, graduated in June",
        "I quit my job at the bakery",
        "I'm tired of coriander, always leave it out",
    ],
)
def test_done_for_good_or_a_lasting_dislike_is_no_mood(text: str) -> None:
    assert not passing_mood(text)


def test_a_vent_said_to_the_agent_leaves_no_card() -> None:
    # GIVEN a user venting to the agent, then going on about the thing
    found = S.statements("soooo done with this laptop today. It's a 2019 ThinkPad X1 Carbon, 16 GB.")
    # THEN the vent is not kept
    assert not [s for s in found if "done with" in s]
