"""A later "The <noun> is ..." with no one's name on it takes up the one held thing it names: the head of a
held compound or its clipped form ("the board" → "skateboard", "the cello" → "violoncello"), or what a held
activity makes ("the jars ... pickled" → "pickles"); it fuses into that card. Two candidates, or none, leave
it a card of its own."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.taken_up import the_thing_held
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def _cards(*statements: str) -> list[MemoryCard]:
    return [held(s).model_copy(update={"memory_id": f"m-{n}"}) for n, s in enumerate(statements, 1)]


def test_a_clipped_head_takes_up_the_held_compound() -> None:
    # GIVEN a held fact naming a compound, and a later detail naming its head only
    cards = _cards("Priyanka rides a skateboard to the office most days.")
    detail = cand("The board is a Landyachtz Dinghy with 63mm wheels.")
    # WHEN the dream decides
    decision = decide(detail, cards)
    # THEN the detail fuses into the held card: one richer card
    assert decision.action is MergeAction.FUSE
    assert decision.target_id == "m-1"
    assert decision.statement is not None
    assert "skateboard" in decision.statement and "Landyachtz" in decision.statement


def test_what_a_held_activity_makes_takes_it_up() -> None:
    # GIVEN a held habit of making something, and a later detail about its product, named otherwise
    cards = _cards("Tomasz pickles vegetables from the allotment every September.")
    detail = cand("The jars are mostly gherkins and beetroot, pickled with dill from the garden.")
    decision = decide(detail, cards)
    assert decision.action is MergeAction.FUSE
    assert (
        decision.statement is not None
        and "September" in decision.statement
        and "gherkins" in decision.statement
    )


def test_two_held_things_it_could_name_leave_it_unresolved() -> None:
    # GIVEN two held compounds with the same head
    cards = _cards("Lior plays football on Tuesdays.", "Lior coaches basketball at the youth club.")
    # THEN "the ball" names neither for sure
    assert the_thing_held(cand("The ball is a size 5 Mitre."), cards) is None


def test_an_unrelated_definite_thing_is_not_fused() -> None:
    # GIVEN a held fact, and a later detail about a thing it neither heads nor makes
    cards = _cards("Ines bakes sourdough every Saturday morning.")
    # THEN nothing is taken up
    assert the_thing_held(cand("The boiler is a Vaillant in the loft."), cards) is None
    # AND a mere word ending the same way is no compound's head ("the ring" is not a held "string")
    assert (
        the_thing_held(cand("The ring is silver, engraved inside."), _cards("Ines plays string quartets."))
        is None
    )


def test_a_named_owner_takes_up_only_a_card_that_names_them() -> None:
    # GIVEN a held fact about Ines's skateboard
    cards = _cards("Ines rides a skateboard to work.")
    # THEN "Ines's board" is that skateboard, and someone else's board is not
    assert the_thing_held(cand("Ines's board is a Landyachtz Dinghy."), cards) is not None
    assert the_thing_held(cand("Marek's board is a Landyachtz Dinghy."), cards) is None


def test_a_past_event_with_the_same_verb_is_no_activity_that_makes_the_thing() -> None:
    # GIVEN a held one-off in the past, and a later detail whose participle is the same verb
    cards = _cards("Ines rented a camper van in Crete last summer.")
    # THEN the detail is not read as what that event makes
    assert the_thing_held(cand("The flat is rented from a housing association."), cards) is None


def test_the_speaker_is_no_thing_taken_up() -> None:
    # GIVEN a held fact about the unnamed speaker ("The user ..."), and news about them
    cards = _cards("The user is a paramedic.")
    # THEN "The user" is not a thing the news takes up
    assert the_thing_held(cand("The user is not a paramedic anymore."), cards) is None


def test_what_the_held_thing_does_takes_it_up_too() -> None:
    # GIVEN held goats, and later what the goats do (not what they are)
    cards = _cards("Mehmet keeps two goats on his smallholding.")
    decision = decide(cand("The goats eat the hedge faster than it grows."), cards)
    # THEN the detail fuses into the held card
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    # NEGATIVE: what an unrelated thing does takes nothing up
    assert the_thing_held(cand("The buses run late on Sundays."), cards) is None
