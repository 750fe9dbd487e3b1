"""A name and "here" opening a message ("Mo here.") says who is typing, a greeting and no card; an aside in
brackets after it still says what it says; a sentence that goes on after "here" is no introduction."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 1, 12, 0, tzinfo=UTC))


def test_a_name_and_here_is_a_greeting() -> None:
    assert ("greeting", "Mo here.") in SESSION.dropped("Mo here. I teach piano on Saturdays.")
    assert not any("here" in s for s in SESSION.statements("Mo here. I teach piano on Saturdays."))


def test_the_aside_after_an_introduction_is_kept_without_it() -> None:
    kept = SESSION.statements("Tosh here (my friends call me Tosh). I cycle to work every day.")
    assert "My friends call the user Tosh." in kept or any("call the user Tosh" in s for s in kept), kept
    assert not any("Tosh here" in s for s in kept), kept


def test_a_sentence_going_on_after_here_is_no_introduction() -> None:
    dropped = SESSION.dropped("The Leeds office here has a gym.")
    assert ("greeting", "The Leeds office here has a gym.") not in dropped
