"""A "she" after someone introduced in the same part ("our new cleaner is Gosia, she comes on Fridays") is not given
the one person the message named before it (it became "Maria comes on Fridays": a wrong fact); with no one
introduced in between, it still is ("I collect him at 5:15" after "Sami's started robotics club")."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_she_after_a_name_introduced_in_the_same_part_is_not_the_earlier_one() -> None:
    said = S.statements("Maria's gone back to Portugal, our new cleaner is Gosia, she comes on Fridays.")
    assert said == [
        "Maria has gone back to Portugal.",
        "The user's new cleaner is Gosia, she comes on Fridays.",
    ]
    assert not any("Maria comes" in s for s in said)


def test_him_with_one_person_named_before_is_still_that_person() -> None:
    said = S.statements("Sami's started robotics club at Hillside. I collect him at 5:15.")
    assert said == ["Sami has started robotics club at Hillside.", "The user collects Sami at 5:15."]
