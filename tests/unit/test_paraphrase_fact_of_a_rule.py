"""A fact that says a held procedure or rule in other words (very close in meaning, no number of its own) is
that rule: it is absorbed by it, so the rule keeps being followed and is not shown twice; a rule is never
absorbed by a fact, and a fact only somewhat close, or with a number of its own, stays apart."""

from __future__ import annotations

from reverie.domain.models import Layer, MemoryType
from reverie.services.dream.similarity import paraphrase_of
from tests.fakes.factories import make_candidate, make_card

RULE = "On the dialysis unit, a potassium sample is drawn 2 hours after the session ends and read against the unit's chart."
FACT = "Potassium samples on the dialysis unit are taken 2 hours after the session ends and plotted on the unit's chart."


def test_a_fact_saying_a_held_procedure_in_other_words_is_absorbed_by_it() -> None:
    # GIVEN a held procedure, and a fact that says it in other words, very close in meaning (cosine 0.88)
    card = make_card("m-rule", layer=Layer.KNOWLEDGE, type=MemoryType.PROCEDURE, statement=RULE)
    fact = make_candidate(FACT, MemoryType.FACT, event_id="e9")
    # THEN the procedure is the same idea
    assert paraphrase_of(fact, [card], {card.memory_id: 0.88}) is card


def test_a_rule_is_never_absorbed_by_a_fact_and_a_loose_or_numbered_fact_stays_apart() -> None:
    held_fact = make_card("m-fact", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement=FACT)
    rule = make_candidate(RULE, MemoryType.PROCEDURE, event_id="e9")
    # NEGATIVE: the procedure is not the fact's paraphrase (it would stop being followed)
    assert paraphrase_of(rule, [held_fact], {held_fact.memory_id: 0.88}) is None
    card = make_card("m-rule", layer=Layer.KNOWLEDGE, type=MemoryType.PROCEDURE, statement=RULE)
    # NEGATIVE: only close in meaning (another thing about the same unit)
    loose = make_candidate(
        "The dialysis unit's chart is kept in the sluice room.", MemoryType.FACT, event_id="e9"
    )
    assert paraphrase_of(loose, [card], {card.memory_id: 0.8}) is None
    # NEGATIVE: a number of its own is another detail
    timed = make_candidate(FACT.replace("2 hours", "4 hours"), MemoryType.FACT, event_id="e9")
    assert paraphrase_of(timed, [card], {card.memory_id: 0.9}) is None
