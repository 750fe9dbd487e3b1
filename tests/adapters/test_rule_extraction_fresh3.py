"""Extraction of everyday wording from the fresh3 histories: a learner's unconjugated verb after a named person,
and "them" pointing back at what the clause before acted on."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 1, 19, 21, 0, tzinfo=UTC))


def test_a_named_person_after_a_possessive_gets_a_conjugated_auxiliary() -> None:
    # GIVEN a learner of English naming one person after "my" with a base-form auxiliary
    # WHEN the rule reasoner extracts the message
    said = " ".join(SESSION.statements("I don't do the invoices, my wife Greta do them every Friday."))
    # THEN the card agrees in the third person and says what "them" is
    assert "Greta does the invoices" in said
    assert "Greta do " not in said


def test_a_plural_possessive_subject_keeps_its_plural_verb() -> None:
    # GIVEN parents (plural) and a sister (one named person)
    said = " ".join(SESSION.statements("My parents do the school run, my sister Ana have two cats."))
    # THEN only the named one is conjugated
    assert "parents do the school run" in said
    assert "Ana has two cats" in said


def test_them_stays_when_nothing_before_had_that_verb() -> None:
    # GIVEN "them" after a verb the part before did not use
    said = " ".join(SESSION.statements("I bought the tickets, my brother Karl have them now."))
    # THEN "them" is not replaced by an unrelated thing
    assert "Karl has them" in said
