"""A day written in digits: the month is the number that can be one ("09/28" is 28 September, "28/09" too);
a pair that reads both ways stays as written; a score or a rating is no day. An occasion named by an -ing
word ("viewing", "fitting") has an outcome in text-speak; a chore does not."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.numeric_dates import month_and_day, numeric_days, spelled_out
from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 4, 8, 30, tzinfo=UTC))  # a Friday


def _kept(text: str) -> list[tuple[MemoryType, str]]:
    return [(c.type, c.statement) for c in SESSION.extract(SESSION.told(text))]


def test_the_number_over_twelve_is_the_day_whichever_comes_first() -> None:
    assert month_and_day(9, 28) == (9, 28)
    assert month_and_day(28, 9) == (9, 28)
    assert month_and_day(4, 6) is None  # 4 June or 6 April: the text does not say
    assert month_and_day(2, 30) is None  # no 30 February, no 30th month


def test_digits_in_a_date_s_place_are_spelled_out_and_a_score_is_not() -> None:
    assert spelled_out("the fitting got pushed to 09/28, same time") == (
        "the fitting got pushed to 28 September, same time"
    )
    assert spelled_out("booked for 10/13/26 at noon") == "booked for 13 October 2026 at noon"
    assert spelled_out("see you on 04/06") == "see you on 04/06"  # either way round: as said
    assert numeric_days("she scored 8/15 in the mock and rated it 4/5") == []


def test_a_us_style_move_lands_on_the_right_day() -> None:
    assert _kept("the dress fitting moved to 09/28 same time") == [
        (MemoryType.PLAN, "The user's dress fitting is moved to 28 September same time.")
    ]


def test_a_booking_written_in_digits_is_a_plan_until_that_day() -> None:
    kept = _kept("The flat viewing is booked for 09/17 at 6pm.")
    assert kept == [(MemoryType.PLAN, "The flat viewing is booked for 17 September at 6pm.")]


def test_an_occasion_named_by_an_ing_word_has_an_outcome_and_a_chore_has_none() -> None:
    assert _kept("viewing done, we put in an offer") == [
        (MemoryType.FACT, "The user's viewing is done, the user put in an offer.")
    ]
    assert not any("is done" in s for _, s in _kept("ironing done"))
