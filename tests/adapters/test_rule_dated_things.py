"""Two days given for one thing, one statement naming it more fully than the other ("the check-up" beside "my
dental check-up"), are two values of it; two people's things, a kind of a general thing ("the board meeting"
beside "my meeting") and a thing named after another ("the go-live dinner") are not. A notice with no "me"
("the garage texted, ...") and news "turns out" opens bring the news alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.values import another_date
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 5, 4, 8, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("new", "held"),
    [
        (
            "The check-up is booked for 9 April (according to Receptionist).",
            "Sam's dental check-up is on 2 April.",
        ),
        ("The MOT is due on 2 May.", "Ben's car's MOT is due on 14 March."),
        ("The recital is scheduled for 21 June.", "Mia's piano recital is on 14 June."),
    ],
)
def test_another_day_for_a_thing_named_more_fully_is_another_value(new: str, held: str) -> None:
    assert another_date(new, held) and another_date(held, new)


@pytest.mark.parametrize(
    ("new", "held"),
    [
        ("Ana's party is on 5 June.", "Sam's party is on 9 June."),  # two people's
        ("My meeting is on 3 May.", "My board meeting is on 10 May."),  # a kind of a general thing
        ("The go-live is on 3 May.", "The go-live dinner is on 9 May."),  # a thing named after another
        ("The wedding is on 5 June.", "The party is on 9 June."),  # two things
    ],
)
def test_two_things_dated_are_no_other_value(new: str, held: str) -> None:
    assert not another_date(new, held) and not another_date(held, new)


def test_a_notice_with_no_me_and_a_turns_out_opening_bring_the_news_alone() -> None:
    assert S.statements("The garage texted, the MOT is actually due on 2 May.") == [
        "The MOT is due on 2 May."
    ]
    assert S.statements("Turns out the boiler service is on 12 March.") == [
        "The boiler service is on 12 March."
    ]
