"""A day of a month written as an ordinal word is a date: a validity ends on it and the card says it in digits."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.ordinal_days import digit_days
from reverie.domain.validity import named_days, valid_until

_SAID = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "digits"),
    [
        ("the gym pass runs until the fifteenth of June", "the gym pass runs until 15 June"),
        ("due on the twenty-second of October 2026", "due on 22 October 2026"),
        ("her visa holds till September the first", "her visa holds till September 1"),
        ("the thirty-first of January", "31 January"),
    ],
)
def test_given_an_ordinal_day_beside_a_month_when_read_then_it_is_written_in_digits(
    said: str, digits: str
) -> None:
    # GIVEN a day of a month spelt as an ordinal word WHEN read THEN it is put in digits
    assert digit_days(said) == digits


@pytest.mark.parametrize(
    "said", ["for the first time in years", "I'd like a second opinion", "I may the second time round"]
)
def test_given_an_ordinal_with_no_month_when_read_then_it_stays_as_said(said: str) -> None:
    # GIVEN an ordinal that names no day of a month WHEN read THEN nothing changes
    assert digit_days(said) == said


def test_given_a_validity_to_a_spelt_day_when_read_then_it_ends_that_day() -> None:
    # GIVEN a pass said valid until a day written in words
    # WHEN its validity is read
    # THEN it ends with that day (at the midnight after it), and the day is one of the text's named days
    end = valid_until("the library card is valid until the twenty-eighth of February 2027", _SAID)
    assert end == datetime(2027, 3, 1, tzinfo=UTC)
    assert named_days("the lease ends on the ninth of May") == [(5, 9, None)]


def test_given_no_date_when_read_then_there_is_no_validity() -> None:
    # GIVEN an ordinal that is no date WHEN its validity is read THEN there is none
    assert valid_until("it is valid for the first booking only", _SAID) is None


def test_given_a_lead_in_asking_to_note_when_extracted_then_the_card_opens_with_the_fact() -> None:
    # GIVEN a fact opened with "for your records:" and an ordinal date
    # WHEN extracted
    # THEN the card holds the fact alone, its day in digits
    from tests.fakes.rule_session import REASONER, SCOPE, RuleSession

    told = RuleSession(_SAID).told(
        "For your records: my gym membership is valid until the fifth of May 2027."
    )
    cards = [c.statement for c in REASONER.extract(list(told), SCOPE).candidates]
    assert cards == ["The user's gym membership is valid until 5 May 2027."]
