"""Which way a statement points against a held card that says some things one way and some the other
("works Monday to Wednesday; Thursday is her non-teaching day"), and "non-<verb>ing" read as a negation."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.polarity import opposed
from reverie.domain.restatement import negated, terms
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

MIXED = "Ines teaches Monday to Wednesday; Thursday is her non-teaching day (part-time post)."


def test_a_non_ing_word_negates_what_it_names_and_is_about_it() -> None:
    # GIVEN "a non-smoking room" and "non-working days", THEN each denies smoking / working, and its terms
    # are about that activity, as "does not smoke" is
    assert negated("Pavel always books a non-smoking room.")
    assert "smok" in terms("Pavel always books a non-smoking room.")
    assert negated("Saturday is Lena's non-working day.")


def test_a_non_word_that_names_no_activity_is_no_negation() -> None:
    # GIVEN "non-profit" or "non-native" (no -ing activity), THEN nothing is denied
    assert not negated("Ama works for a non-profit in Accra.")
    assert not negated("Tomas is a non-native speaker of German.")


def test_a_statement_pointing_the_way_of_the_mixed_cards_clause_is_not_opposed() -> None:
    # GIVEN a card with an affirmative and a negative clause, WHEN a statement restates either clause,
    # THEN it points the same way as the clause it restates
    assert not opposed("Ines is not teaching on Thursdays.", MIXED)
    assert not opposed("Ines teaches Monday to Wednesday.", MIXED)
    assert not opposed("Ines has a part-time post.", MIXED)


def test_a_statement_against_the_mixed_cards_negative_clause_is_opposed() -> None:
    # GIVEN the same card, WHEN a statement says she teaches on Thursdays, THEN it opposes the negative clause
    assert opposed("Ines teaches on Thursdays.", MIXED)
    assert opposed("Ines no longer teaches Monday to Wednesday.", MIXED)


def test_a_restated_clause_of_a_mixed_card_does_not_replace_it() -> None:
    # GIVEN the mixed card held, WHEN the affirmative half is said again, THEN nothing replaces the card
    decision = decide(cand("Ines teaches Monday to Wednesday."), [held(MIXED)])
    assert decision.action is not MergeAction.SUPERSEDE


def test_a_reversal_of_the_negative_clause_still_replaces_the_mixed_card() -> None:
    # GIVEN the mixed card held, WHEN Thursday becomes a teaching day, THEN the newer statement wins
    decision = decide(cand("Ines teaches on Thursdays."), [held(MIXED)])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
