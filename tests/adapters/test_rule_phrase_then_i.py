"""After the speaker's statement, a clause that opens with where or when it holds and then states something
of the speaker's own ("..., and in my spare time I restore radios") is a second idea: its own card. A phrase
that points back at the clause before ("at the end", "after that") keeps the two as one."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.phrase_then_i import statement_after_phrase
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


def test_a_scoped_second_statement_is_its_own_card() -> None:
    # GIVEN a job and, scoped to the weekends, a hobby in one sentence
    said = SESSION.statements("I'm a paramedic in Cardiff, and at weekends I referee junior rugby.")
    # THEN job and hobby are two cards, the hobby keeping its scope
    assert said == ["The user is a paramedic in Cardiff.", "At weekends the user referees junior rugby."]


def test_the_statement_after_the_phrase() -> None:
    assert statement_after_phrase("in my spare time I restore old radios") == "I restore old radios"
    assert statement_after_phrase("at home, we keep bees") == "we keep bees"


def test_a_phrase_pointing_back_keeps_one_idea() -> None:
    # GIVEN a routine whose second step points back at the first
    said = SESSION.statements("I swim at the lido and after that I do ten minutes of stretching.")
    # THEN it stays one card
    assert len(said) == 1
    assert statement_after_phrase("at the end I stretch") is None
    assert statement_after_phrase("the rent is cheap") is None
