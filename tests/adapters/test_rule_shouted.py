"""A sentence typed all in capitals is read in ordinary case (the sentence's first word, "I", weekdays, months,
a name a naming verb or a title gives keep capitals; acronyms and ids stay as typed), so its card reads as a
sentence; a word in capitals for stress, or a line of acronyms, leaves its sentence as typed."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.shouted import unshouted
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


def test_a_shouted_message_is_read_in_ordinary_case() -> None:
    assert unshouted("MY DOG IS NAMED PEPPER AND I WALK HIM ON SUNDAYS IN OCTOBER.") == (
        "My dog is named Pepper and I walk him on Sundays in October."
    )


def test_acronyms_ids_and_titles_keep_their_capitals() -> None:
    assert unshouted("I SEE DR OKAFOR AT THE NHS SURGERY. MY PIN HINT IS Kx77b, DON'T TELL.") == (
        "I see Dr Okafor at the NHS surgery. My pin hint is Kx77b, don't tell."
    )


def test_the_name_after_call_me_gets_capitals_but_a_time_does_not() -> None:
    assert unshouted("PLEASE CALL ME AUNTIE ROS.") == "Please call me Auntie Ros."
    assert unshouted("CALL ME BACK TOMORROW.") == "Call me back tomorrow."


def test_only_the_shouted_sentence_changes() -> None:
    said = "I'm well. PLEASE NEVER RING BEFORE NINE."
    assert unshouted(said) == "I'm well. Please never ring before nine."


def test_stress_in_capitals_and_lines_of_acronyms_are_left_as_typed() -> None:
    assert unshouted("I do NOT drink coffee.") == "I do NOT drink coffee."
    assert unshouted("NHS GP") == "NHS GP"
    assert unshouted("OK") == "OK"


def test_the_card_of_a_shouted_message_reads_as_a_sentence() -> None:
    statements = SESSION.statements("I USE INSULIN TWICE A DAY AND MY PARROT IS CALLED MANGO.")
    assert "The user uses insulin twice a day." in statements
    assert any("Mango" in s and "PARROT" not in s for s in statements)
    assert not any(w.isupper() and len(w) > 2 for s in statements for w in s.split())
