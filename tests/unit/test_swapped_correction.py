"""A correction that pairs the same names the other way ("had it backwards") supersedes the card it puts
right, and a card built on that card which pairs them again as the wrong card did retires with it; a derived
card saying the pairing the correction gives, or pairing nothing it undid, is left as the other rules leave it."""

from __future__ import annotations

import pytest

from reverie.domain.models import MemoryType, Scope, Status
from reverie.domain.swapped import repeats_swapped, swapped
from reverie.services import admin
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import derive
from tests.unit.test_consolidation import corrected, live_saying

WRONG = "Priya chairs the Tuesday stand-up; Tom chairs Thursdays."
RIGHT = "Priya chairs the Thursday stand-up; Tom chairs Tuesdays."


def test_names_paired_the_other_way_are_a_swap() -> None:
    # GIVEN two statements naming the same people and days, paired otherwise
    # THEN the wrong pairings are what the correction undid
    assert swapped(WRONG, RIGHT) == {frozenset({"priya", "tuesday"}), frozenset({"tom", "thursday"})}


def test_a_statement_naming_other_things_is_no_swap() -> None:
    assert swapped(WRONG, "Priya chairs the Friday retro; Tom chairs Mondays.") == frozenset()


@pytest.mark.parametrize(
    ("held", "wrong_too"),
    [
        ("Priya keeps Tuesday mornings free for the stand-up.", True),
        ("Priya keeps Thursday mornings free for the stand-up.", False),
        ("Priya chairs on Thursday, not on Tuesday any more.", False),  # says the right pairing too
        ("Tuesday is the office's busiest day.", False),  # pairs nothing the correction undid
    ],
)
def test_a_card_pairing_again_what_the_correction_undid_repeats_the_swap(held: str, wrong_too: bool) -> None:
    assert repeats_swapped(WRONG, RIGHT, held) is wrong_too


def test_a_correction_with_the_pairs_swapped_retires_the_card_and_what_repeats_its_pairing(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the agent's card pairing people with days the wrong way round, and two cards built on it
    (wrong,) = admin.create_memories(rules, alice, [admin.NewMemory(type=MemoryType.FACT, statement=WRONG)])
    blocked = derive(rules, wrong, "derived-1", "Priya keeps Tuesday mornings free for the stand-up.")
    room = derive(rules, wrong, "derived-2", "The stand-up is in room 4B.")
    # WHEN the user's correction says the same names paired the other way
    corrected(rules, alice, clock, RIGHT + " The note had it backwards.", days_later=2)
    # THEN the wrong card and the card repeating its pairing are superseded; the other is only flagged
    assert rules.notes.get("t1", wrong.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", blocked.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", room.memory_id).status is Status.CONFLICTING
    assert live_saying(rules, alice, "Priya chairs the Thursday")
