"""A held thing taken up later by the word for its kind ("the race" → a held triathlon, `kinds`), or as a
named owner's thing ("Mira's inhaler is ..." → the held card that names Mira and an inhaler): each fuses into
that one card; a kind with two held members, or an owner the held card does not name, leaves it alone."""

from __future__ import annotations

from reverie.adapters.local.rules.kinds import of_its_kind
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.taken_up import the_thing_held
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def _cards(*statements: str) -> list[MemoryCard]:
    return [held(s).model_copy(update={"memory_id": f"m-{n}"}) for n, s in enumerate(statements, 1)]


def test_the_word_for_its_kind_takes_up_the_held_thing() -> None:
    # GIVEN a held plan for a triathlon, and a later detail naming it only as "the race"
    cards = _cards("Keziah entered her first triathlon for this summer.", "Keziah works at a bakery.")
    detail = cand("The race is in Nottingham on 14 June, and Keziah is aiming for under three hours.")
    # WHEN the dream decides
    decision = decide(detail, cards)
    # THEN the detail fuses into the triathlon card
    assert decision.action is MergeAction.FUSE
    assert decision.target_id == "m-1"
    assert decision.statement is not None and "triathlon" in decision.statement
    assert "Nottingham" in decision.statement


def test_a_kind_with_two_held_members_or_none_points_at_nothing() -> None:
    # GIVEN two held races, then "the race"
    two = _cards("Oskar runs a marathon in May.", "Oskar signed up for a triathlon in August.")
    assert the_thing_held(cand("The race starts at 8am."), two) is None
    # AND a kind nothing held is a member of
    assert the_thing_held(cand("The exam is on Monday."), _cards("Oskar plays the cello.")) is None
    # AND a word that is no kind in the register
    assert not of_its_kind("thing", {"marathon"})


def test_a_named_owners_thing_takes_up_the_card_naming_owner_and_thing() -> None:
    # GIVEN a held fact naming a child and her inhaler, and a later dose said as a rule from now on
    cards = _cards("Mira, Hamid's daughter, has asthma and uses a blue inhaler.", "Hamid cycles to work.")
    dose = cand("Mira's inhaler is Salbutamol, two puffs before sport from now on.").model_copy(
        update={"type": MemoryType.CONSTRAINT}
    )
    # WHEN the dream decides
    decision = decide(dose, cards)
    # THEN it fuses into the card about her inhaler
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None and "Salbutamol" in decision.statement


def test_an_owner_the_held_card_does_not_name_points_at_nothing() -> None:
    # GIVEN a held card about one person's bike, and a statement about another person's bike
    cards = _cards("Lena rides a road bike to work.")
    # THEN it is not taken as hers
    assert the_thing_held(cand("Jonas's bike is a Brompton."), cards) is None
