"""A correction that names what a held card says someone is on as stopped ("...; the atenolol was stopped in
March") retires that card; news that something stopped, or a correction about someone else, does not."""

from __future__ import annotations

from reverie.adapters.local.rules.ended_in_correction import ended_in_correction
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

CORRECTION = MemoryType.CORRECTION


def test_a_correction_naming_the_held_drug_as_stopped_retires_the_card() -> None:
    # GIVEN a note that a patient takes atenolol
    card = held("Room 4 resident Mrs Okafor takes atenolol 50 mg every morning.")
    # WHEN a correction says she is on bisoprolol now and the atenolol was stopped
    said = "Mrs Okafor in room 4 is on bisoprolol 5 mg; the atenolol was discontinued in March."
    decision = decide(cand(said, type=CORRECTION), [card])
    # THEN the atenolol card is replaced
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == card.memory_id


def test_a_cancelled_payee_in_a_correction_retires_the_card() -> None:
    card = held("The household pays Brightco Energy by direct debit each month, says Dana Whitfield.")
    said = "Dana Whitfield now pays Acme Power; we cancelled Brightco in June."
    decision = decide(cand(said, type=CORRECTION), [card])
    assert decision.action is MergeAction.SUPERSEDE


def test_a_correction_about_someone_else_leaves_the_card() -> None:
    # GIVEN a note about one patient on atenolol
    card = held("Room 4 resident Mrs Okafor takes atenolol 50 mg every morning.")
    # WHEN a correction says another patient's atenolol was stopped
    said = "Mr Lindqvist in room 9 is on ramipril; his atenolol was stopped last week."
    decision = decide(cand(said, type=CORRECTION), [card])
    # THEN Mrs Okafor's card is not what it corrects
    assert decision.target_id != card.memory_id or decision.action is not MergeAction.SUPERSEDE


def test_news_of_a_stop_that_is_no_correction_is_left_to_the_other_rules() -> None:
    card = held("Room 4 resident Mrs Okafor takes atenolol 50 mg every morning.")
    said = "Mrs Okafor says the atenolol was stopped in March."
    assert ended_in_correction(cand(said), [card]) is None
