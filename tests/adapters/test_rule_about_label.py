"""A message headed by whom it is about ("Re Grandad: his ...", "Para kay Lola: her ...") reads each "his"/"her"
after the heading as that person, so a secret in one clause leaves the others' facts about them standing; a
heading that names a day, or pronouns for two people, resolve nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.about_label import about_whom
from reverie.adapters.local.rules.references import resolve_person
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 2, 9, 0, tzinfo=UTC))


def test_the_heading_names_whom_his_and_her_stand_for() -> None:
    assert about_whom("Re Grandad: his bus pass renews in June, and he walks daily") == (
        "Re Grandad",
        "Grandad's bus pass renews in June, and Grandad walks daily",
    )
    assert about_whom("Para kay Lola - her eye drops are at 8pm")[1] == "Lola's eye drops are at 8pm"


def test_a_heading_that_names_no_one_or_pronouns_for_two_resolve_nothing() -> None:
    assert about_whom("For Monday: his train is at 9") == ("", "For Monday: his train is at 9")
    assert about_whom("Re Sam: he and she both swim")[1] == "he and she both swim"


def test_his_is_the_one_person_named_before() -> None:
    assert resolve_person("his pension lands on the 1st", ["Tomás"]) == "Tomás's pension lands on the 1st"
    assert resolve_person("his pension lands on the 1st", ["Tomás", "Ana"]) == "his pension lands on the 1st"


def test_a_secret_in_one_clause_leaves_the_other_facts_about_the_person() -> None:
    said = (
        "Re Grandad: his bank PIN is three one four two, please remember it. His pension goes into his "
        "Monzo account on the 2nd every month."
    )
    statements = SESSION.statements(said)
    assert statements == [
        "The user's grandad's pension goes into their grandad's Monzo account on the 2nd every month."
    ]
    assert not any("3142" in s or "three one four two" in s for s in statements)
