"""A death ends having: the card saying the user has the named animal gives way to the news of its loss."""

from __future__ import annotations

from reverie.adapters.local.rules.losses import lost
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_the_loss_of_a_named_pet_replaces_having_it() -> None:
    # GIVEN the user has a rabbit named Clover
    card = held("The user has a rabbit, Clover (6, deaf in one ear).")
    # WHEN they later say Clover died
    decision = decide(cand("Clover died on Tuesday, the vet thinks it was her heart."), [card])
    # THEN the card saying they have Clover is replaced
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == card.memory_id


def test_having_a_pet_put_down_is_a_loss() -> None:
    # GIVEN phrasings of a loss
    # THEN each names the being lost
    assert lost("We had to put our old collie Rolo down on Friday.") == "Rolo"
    assert lost("The user's hamster Nibbles passed away.") == "Nibbles"


def test_a_card_only_mentioning_the_name_is_not_replaced() -> None:
    # GIVEN a card about the pet's vet, not about having it
    card = held("Clover's vet is Dr Ng at the Elm Street practice.")
    # WHEN the pet dies
    decision = decide(cand("Clover died on Tuesday."), [card])
    # THEN the vet card is not replaced by the loss
    assert decision.action is not MergeAction.SUPERSEDE


def test_someone_elses_animal_with_another_name_stays() -> None:
    # GIVEN the user has a dog named Juno
    card = held("The user has a dog, Juno.")
    # WHEN a different animal dies
    decision = decide(cand("Clover died on Tuesday."), [card])
    # THEN Juno's card stays
    assert decision.action is not MergeAction.SUPERSEDE
