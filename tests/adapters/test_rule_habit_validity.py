"""A habit whose "until" qualifies only a detail after it lasts; an "until" of the whole still ends it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.habit_validity import statement_until

NOW = datetime(2027, 1, 10, 9, 0, tzinfo=UTC)


def test_a_detail_with_its_own_end_does_not_end_the_habit() -> None:
    said = "Choir practice is every Thursday at 7pm in St Mary's, the small hall until March."
    assert statement_until(said, NOW) is None


def test_an_end_said_of_the_whole_still_holds() -> None:
    # a bare "until", a hedged one, a clause with its own verb, and a statement that is no habit
    for said in (
        "Choir practice is every Thursday at 7pm, until March.",
        "Choir practice is every Thursday at 7pm, at least until March.",
        "Choir practice is every Thursday at 7pm, which runs until March.",
        "The hall is closed for repairs, the side door until March.",
    ):
        assert statement_until(said, NOW) == datetime(2027, 4, 1, tzinfo=UTC), said
