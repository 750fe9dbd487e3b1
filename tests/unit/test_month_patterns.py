"""The month patterns every date-reading rule shares (domain.text), so that one spelling serves them all."""

from __future__ import annotations

import re

import pytest

from reverie.domain.text import (
    MONTH_NAME,
    MONTH_NAMES,
    MONTH_OR_SHORT,
    MONTH_WORD,
    TITLED_MONTHS,
    month_names,
)


def whole(pattern: str, word: str) -> bool:
    return re.fullmatch(pattern, word, re.I) is not None


@pytest.mark.parametrize("name", MONTH_NAMES)
def test_every_month_by_its_whole_name_is_read_by_each_pattern(name: str) -> None:
    assert whole(MONTH_NAME, name) and whole(MONTH_OR_SHORT, name) and whole(MONTH_WORD, name)
    assert whole(MONTH_NAME, name.title()) and whole(MONTH_OR_SHORT, name.upper())


def test_the_usual_short_forms_are_months_and_other_words_that_start_alike_are_not() -> None:
    for short in "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec".split():
        assert whole(MONTH_OR_SHORT, short) and whole(MONTH_WORD, short)
        assert not whole(MONTH_NAME, short)
    for word in ("Mayor", "marching", "decent", "Janu", "Septem"):
        assert not whole(MONTH_OR_SHORT, word) and not whole(MONTH_NAME, word)


def test_a_rule_can_leave_out_the_months_that_are_verbs_as_well() -> None:
    # GIVEN the months less "may" and "march" (a rule that cannot tell "I may go" from "in May")
    pattern = month_names("may", "march")
    # THEN those two are no months to it, and the other ten are
    assert not whole(pattern, "May") and not whole(pattern, "march")
    assert sum(whole(pattern, name) for name in MONTH_NAMES) == 10


def test_a_month_is_written_out_with_a_capital() -> None:
    assert TITLED_MONTHS[0] == "January" and TITLED_MONTHS[8] == "September" and len(TITLED_MONTHS) == 12
