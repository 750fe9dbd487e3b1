"""Chat shorthand read as the words it stands for ("wfh mon and fri" is the speaker working from home on Monday
and Friday); "packed in squash" gives squash up as "gave up squash" does; "is on 42k now" is another value of
"is on 38k"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.spelling import spelled_out
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_wfh_opening_a_message_is_the_speakers_days_at_home() -> None:
    said = S.extract(S.told("wfh mon and fri, in the office tues to thurs"))
    assert [(c.key, c.statement) for c in said] == [
        (
            "user.wfh_days",
            "The user works from home Monday and Friday, in the office Tuesday to Thursday.",
        )
    ]


def test_wfh_today_is_a_one_off() -> None:
    assert S.statements("wfh today, boiler man coming") == []


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("gym tue-thu before work", "gym Tuesday-Thursday before work"),
        ("I asked mon and dad", "I asked mon and dad"),  # "mon" beside no other day is no day
        ("I wfh on Fridays", "I work from home on Fridays"),
    ],
)
def test_short_days_are_days_only_beside_another(typed: str, read: str) -> None:
    assert spelled_out(typed) == read


@pytest.mark.parametrize("news", ["Col packed in squash after their knee went.", "Col jacked in squash."])
def test_packing_a_pursuit_in_ends_it(news: str) -> None:
    assert decide(cand(news), [held("Col plays squash twice a week.")]).action is MergeAction.SUPERSEDE


def test_what_one_is_on_now_replaces_what_one_was_on() -> None:
    assert decide(cand("Eben is on 42k now."), [held("Eben is on 38k.")]).action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("card", "news"),
    [
        ("Eben is on 38k.", "Eben is on holiday on 3 May."),  # another thing
        ("Eben's train is on platform 4.", "Eben is on 42k now."),
    ],
)
def test_another_thing_said_with_on_is_not_another_value(card: str, news: str) -> None:
    assert decide(cand(news), [held(card)]).action is MergeAction.ADD
