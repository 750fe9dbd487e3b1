"""A message typed all in lower case gets the capitals written English gives it (sentence starts, "I", weekdays,
a month beside a day number), so the person it names and the day they do something are read as in typed text;
a plural weekday says "every" on its own; a task for the agent after a bare comma is the request it is."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lower_case import capitalised
from reverie.adapters.local.rules.trailing_asks import request_after
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 7, 18, 0, tzinfo=UTC))


def test_a_message_in_lower_case_gets_the_capitals_that_are_certain() -> None:
    assert capitalised("kofi plays chess fridays 6pm. i'll drop him off on 3 june") == (
        "Kofi plays chess Fridays 6pm. I'll drop him off on 3 June"
    )
    # a word the English word list knows stays as typed, at a sentence's start too ("may" and "march" alone
    # are verbs); a name inside a sentence cannot be told from a word
    assert capitalised("we may march to the park with ada") == "we may march to the park with ada"
    assert capitalised("dentist moved to 14 june") == "dentist moved to 14 June"


def test_a_message_with_any_capital_is_left_as_typed() -> None:
    assert capitalised("kofi plays chess on Fridays") == "kofi plays chess on Fridays"


def test_a_lower_case_routine_with_a_task_after_it_is_kept_and_the_task_dropped() -> None:
    said = "kofi plays chess fridays 6pm at the library, remind me to pack his board"
    assert SESSION.statements(said) == ["Kofi plays chess Fridays 6pm at the library."]
    assert ("request", "remind me to pack his board") in SESSION.dropped(said)


def test_a_clause_that_goes_on_with_the_statement_is_no_task() -> None:
    assert request_after("I moved to Leeds, and love it") == ("I moved to Leeds, and love it", "")
    assert request_after("Kofi plays chess, sets up the board himself") == (
        "Kofi plays chess, sets up the board himself",
        "",
    )
