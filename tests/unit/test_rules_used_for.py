"""A thing named later by what it is for ("the knee brace") points at the held card saying it is used for that."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.used_for import used_for
from reverie.domain.models import Layer, MemoryCard, MemoryType
from reverie.ports import MergeAction
from tests.fakes.factories import make_candidate, make_card


def _held(memory_id: str, statement: str) -> MemoryCard:
    return make_card(memory_id, layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement=statement)


BRACE = _held("m-brace", "Dev wears a hinged brace for his left knee when he runs.")
PLANTS = _held("m-plants", "Dev waters the tomatoes every evening.")


def test_the_thing_named_by_its_purpose_is_the_held_thing_used_for_it() -> None:
    # GIVEN Dev's brace, held as worn for his knee
    # WHEN he later speaks of "the knee brace" with a detail
    said = make_candidate("The knee brace needs a new strap every six months.")
    found = used_for(said, [BRACE, PLANTS])
    # THEN it points at the brace card, and the detail fuses into it
    assert found is not None and found.card is BRACE
    decision = decide(said, [BRACE, PLANTS])
    assert decision.action is MergeAction.FUSE
    assert decision.target_id == "m-brace"


def test_a_purpose_nothing_held_is_used_for_points_at_nothing() -> None:
    # GIVEN only the brace card, and a thing named by another purpose
    # THEN nothing is pointed at
    assert used_for(make_candidate("The ankle brace is in the car."), [BRACE]) is None


def test_a_thing_bought_for_a_purpose_is_no_habit_of_use() -> None:
    # GIVEN a card about a purchase for the garden (an event)
    lamp = _held("m-lamp", "Dev bought a solar lamp for the garden last spring.")
    # THEN "the garden shed" is not taken to be that lamp
    assert used_for(make_candidate("The garden shed is leaking."), [lamp]) is None


def test_two_things_used_for_one_purpose_leave_it_unresolved() -> None:
    # GIVEN two things held as used for the knee
    sleeve = _held("m-sleeve", "Dev uses a compression sleeve for his knee at night.")
    # THEN "the knee brace" could be either: no pointer
    assert used_for(make_candidate("The knee brace needs a new strap."), [BRACE, sleeve]) is None
