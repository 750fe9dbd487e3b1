"""A loss said before other news ("Sadly Nibbles died, we've got two guinea pigs now") is news of its own, kept
beside the other; "I'm doing a first aid course next week" is a plan (until then), as "I'm seeing the dentist next
week" is; sunburn today passes, a burn easily got is how one is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_loss_before_other_news_is_kept_beside_it() -> None:
    said = S.statements("Sadly Nibbles died, we've got two guinea pigs now, Salt and Pepper.")
    assert said == ["Nibbles died.", "The user has got two guinea pigs now, Salt and Pepper."]


@pytest.mark.parametrize(
    ("said", "until"),
    [
        ("I'm doing a first aid course next week.", datetime(2027, 2, 22, tzinfo=UTC)),
        ("I'm doing a first aid course on Friday.", datetime(2027, 2, 13, tzinfo=UTC)),
    ],
)
def test_doing_something_on_a_day_to_come_is_a_plan(said: str, until: datetime) -> None:
    [found] = S.extract(S.told(said))
    assert (found.type, found.valid_until) == (MemoryType.PLAN, until)


def test_doing_something_these_days_is_no_plan() -> None:
    [found] = S.extract(S.told("I'm doing yoga these days."))
    assert found.type is MemoryType.FACT


def test_sunburn_today_passes() -> None:
    assert S.dropped("Got a bit sunburnt at the beach today.") == [
        ("passing state", "Got a bit sunburnt at the beach today.")
    ]
    assert S.statements("I burn easily in the sun.") == ["The user burns easily in the sun."]
