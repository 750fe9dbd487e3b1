"""A bracketed aside to the listener ("(don't judge)") is no part of the statement around it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.asides import without_asides
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 7, 1, 9, tzinfo=UTC))


def test_a_sentence_with_an_aside_is_kept_as_its_statement() -> None:
    # GIVEN news with an aside to the listener in it
    kept = SESSION.statements(
        "and then (don't laugh) we bought a second-hand canal boat called Marigold on Sunday"
    )
    # THEN the news is kept, without the aside
    assert any("canal boat called Marigold" in s and "laugh" not in s for s in kept), kept


def test_brackets_that_add_to_the_matter_stay() -> None:
    # GIVEN brackets giving details of the thing
    text = "We have a rabbit, Clover (6, deaf in one ear)"
    # THEN they are no aside
    assert without_asides(text) == text
