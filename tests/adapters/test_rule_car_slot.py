"""What someone drives is one changeable state (their car): a newer car replaces the old one, however each
was said ("my car's a ...", "we drive a ... now", "bought a ... van"); driving somewhere, a possession of the
car, or a thing bought that is no vehicle is no car."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    "said",
    [
        "We drive a 2019 Skoda Octavia estate now.",
        "I drive an old Volvo.",
        "We just bought a second-hand camper van.",
        "I leased an electric hatchback in May.",
        "My car's a 2011 Honda Jazz.",
        "My car is a red Fiat Panda.",
    ],
)
def test_the_vehicle_someone_drives_is_their_car(said: str) -> None:
    assert attribute_key(said, "u") == "u.car"


@pytest.mark.parametrize(
    "said",
    [
        "I drive an hour to work every day.",
        "I drive a lot for work.",
        "My car's engine is making a noise.",
        "I got a Nintendo Switch for my birthday.",
        "I drive a bus for a living.",
    ],
)
def test_driving_somewhere_or_a_thing_that_is_no_vehicle_names_no_car(said: str) -> None:
    assert attribute_key(said, "u") != "u.car"


def test_a_newer_car_said_of_someone_replaces_the_old_one() -> None:
    # GIVEN a card on Oskar's old car, in the words a note uses
    old = held("Oskar Lind's car's a 2009 Saab 9-3, 210k km on the clock.")
    # WHEN he later says what he drives now
    new = cand("Oskar Lind drives a 2022 Kia Niro now, white.", days=60)
    # THEN both name his car, and the newer one wins
    assert statement_key(old.statement) == statement_key(new.statement) == "oskar_lind.car"
    assert decide(new, [old]).action is MergeAction.SUPERSEDE


def test_driving_to_work_does_not_replace_a_car() -> None:
    old = held("Oskar Lind's car's a 2009 Saab 9-3.")
    new = cand("Oskar Lind drives an hour to the depot every morning.", days=60)
    assert decide(new, [old]).action is not MergeAction.SUPERSEDE
