"""A fact that only says what a rule's condition says is carried by the rule: one card is kept."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.rule_condition import is_condition_of
from reverie.domain.models import Layer, MemoryCard, MemoryType
from reverie.ports import MergeAction
from tests.fakes.factories import make_candidate, make_card

CLASS = "Priya's team trains on Tuesdays at 6pm at Hackney Marshes."
RULE = "Never schedule calls for Priya when team training is tuesdays at 6 at Hackney Marshes."


def _held(memory_id: str, statement: str, kind: MemoryType) -> MemoryCard:
    return make_card(memory_id, layer=Layer.KNOWLEDGE, type=kind, statement=statement)


def test_a_rule_whose_condition_is_a_held_fact_replaces_the_fact() -> None:
    # GIVEN the agent's note of when Priya's choir meets
    fact = _held("m-choir", CLASS, MemoryType.FACT)
    # WHEN a rule arrives that avoids exactly that time and place ("6" for "6pm", "training" for "trains")
    decision = decide(make_candidate(RULE, type=MemoryType.CONSTRAINT), [fact])
    # THEN the rule replaces the fact: it carries it
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == "m-choir"


def test_a_fact_saying_a_held_rules_condition_is_nothing_new() -> None:
    # GIVEN the rule held
    rule = _held("m-rule", RULE, MemoryType.CONSTRAINT)
    # WHEN the fact is said afterwards
    decision = decide(make_candidate(CLASS, type=MemoryType.FACT), [rule])
    # THEN nothing is added
    assert decision.action is MergeAction.NOOP
    assert decision.target_id == "m-rule"


def test_a_fact_saying_more_or_other_than_the_condition_is_its_own_card() -> None:
    # GIVEN a rule about Tuesday training
    # THEN another day, or a fact saying more than the condition, is not the condition
    assert not is_condition_of("Priya's team trains on Thursdays at 6pm at Hackney Marshes.", RULE)
    assert not is_condition_of(
        "Priya's team trains on Tuesdays at 6pm at Hackney Marshes with a new coach.", RULE
    )


def test_a_general_condition_absorbs_no_fact() -> None:
    # GIVEN a rule with a short, general condition
    # THEN a fact sharing its words is not taken for it
    assert not is_condition_of("It rains a lot in Glasgow.", "Pack an umbrella for Ewan when it rains.")
    assert not is_condition_of(
        "Ewan does not travel on Sundays.", "Book nothing for Ewan when Ewan travels on Sundays."
    )
