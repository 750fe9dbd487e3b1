"""A subject named between commas ("The groom, Tariq, is vegan") is read as one subject, so the sentence is
kept as the plain one would be, the name still in it; commas that set off no name after a role change
nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.comma_names import without_comma_name
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


def test_a_named_subject_between_commas_is_kept() -> None:
    # GIVEN a client's need stated with the person's name set off by commas, after a label
    said = SESSION.statements("Heads up: the groom, Tariq, is allergic to peanuts, so no satay on the menu.")
    # THEN it is one card that still names him
    assert len(said) == 1
    assert "Tariq" in said[0] and "allergic to peanuts" in said[0]


def test_the_name_joins_its_role() -> None:
    assert (
        without_comma_name("The head chef, Mr Alvarez, works Sundays.")
        == "The head chef Mr Alvarez works Sundays."
    )


def test_commas_that_name_no_role_change_nothing() -> None:
    # GIVEN a time before the subject, or a list
    # THEN no name is joined to a role
    assert without_comma_name("In March, Dad fell on the ice.") is None
    assert without_comma_name("The day, Monday, is fine.") is None
    assert without_comma_name("The bride is allergic to lilies.") is None
