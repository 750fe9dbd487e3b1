"""A value put right about someone named only as "he" or "she": the held card saying the denied value is whom
it is about, and that card, with the value put right, replaces it; with no such card nothing is kept."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.pronoun_contrast import contrast_on_held
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 9, 29, 16, 0, tzinfo=UTC))


def test_a_pronouns_contrast_is_kept_for_the_merge() -> None:
    assert S.statements("she's on 20mg now, not 10mg. can you update her chart?") == [
        "She's on 20mg now, not 10mg."
    ]
    # NEGATIVE: a pronoun's statement with no value denied is no statement of anyone known
    assert S.statements("she's on the new tablets now") == []


def test_the_held_card_saying_the_denied_value_is_put_right() -> None:
    dose = held("Mum takes 10mg of amlodipine every morning.")
    decision = decide(cand("She's on 20mg now, not 10mg."), [dose])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "Mum takes 20mg of amlodipine every morning."


def test_no_card_or_two_cards_saying_it_keep_nothing() -> None:
    # NEGATIVE: no held card says 10mg: the statement stands for no one and is not kept
    decision = decide(cand("She's on 20mg now, not 10mg."), [held("Mum walks every morning.")])
    assert decision.action is MergeAction.NOOP and decision.target_id is None
    # NEGATIVE: two held cards say it: which one is not known
    two = [held("Mum takes 10mg of amlodipine."), held("Dad takes 10mg of atorvastatin.")]
    two[1] = two[1].model_copy(update={"memory_id": "m-2"})
    assert contrast_on_held(cand("She's on 20mg now, not 10mg."), two) is None
