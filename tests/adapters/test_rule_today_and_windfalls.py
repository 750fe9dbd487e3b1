"""What passes with the day or the week is not kept: an arrangement at a bare hour with no day named ("the
plumber's coming at 2") is today's, and an amount that came in, told by its size ("we got loads of plums
from next door"), is a windfall. A day, a date or a recurrence named, or something one has, lasts."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 3, 16, 0, tzinfo=UTC))


def test_an_arrangement_at_a_bare_hour_is_todays_and_the_standing_rule_beside_it_is_kept() -> None:
    # GIVEN a request for now with a visit at an hour, then a standing rule in the same session
    said = SESSION.statements(
        "Warm up the kitchen to 22, my in-laws are arriving at half five. "
        "And one lasting thing: the nursery never goes above 19 degrees."
    )
    # THEN only the lasting rule is a card
    assert not any("in-laws" in s for s in said)
    assert any("nursery" in s and "19" in s for s in said)


def test_an_hour_with_a_day_or_a_recurrence_is_not_todays() -> None:
    # GIVEN arrangements at an hour that name their day or recur
    weekly = SESSION.statements("The window cleaner is coming at 9 on Thursdays.")
    daily = SESSION.statements("My dad is collecting the twins at 3:15 every school day.")
    # THEN each is kept
    assert weekly == ["The window cleaner is coming at 9 on Thursdays."]
    assert len(daily) == 1 and "3:15" in daily[0]


def test_an_amount_that_came_in_told_by_its_size_is_a_windfall() -> None:
    # GIVEN a glut received, with a musing about it
    said = SESSION.statements(
        "Also we got loads of courgettes from the allotment lot, no idea what to do with them haha."
    )
    # THEN nothing of it is a card
    assert said == []
    assert any(
        reason == "passing state" for reason, _ in SESSION.dropped("we received tons of jam jars at the fete")
    )


def test_having_a_lot_of_something_or_getting_a_counted_thing_lasts() -> None:
    # GIVEN what one has, and a counted thing one got
    assert SESSION.statements("I've got a lot of experience with sourdough.") != []
    assert SESSION.statements("We got two rescue cats from the shelter in August.") != []
