"""What everyday things are called, read as the one slot they are: "my reg" and "my car reg", an iPhone used and a
Pixel upgraded to, a move into sheltered housing as a new home, and a pet got as "the puppy" planned, then named."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def keyed(said: str) -> list[tuple[str | None, str]]:
    return [(c.key, c.statement) for c in S.extract(S.told(said))]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("My car reg is AB21 XYZ.", "Sorry, my reg is actually AB21 XYW."),
        ("Our number plate is KX19 LMN.", "My registration is KX19 LMM."),
        ("I use an iPhone 12.", "Upgraded to a Pixel 8 last week."),
        ("My mobile is a Samsung Galaxy S21.", "I've got an iPhone 15 now."),
    ],
)
def test_one_thing_called_two_ways_is_one_slot_and_the_later_value_wins(before: str, after: str) -> None:
    ((old_key, old),) = keyed(before)
    ((new_key, new),) = keyed(after)
    assert old_key is not None and old_key == new_key
    decision = decide(cand(new, new_key), [held(old, old_key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_pixel_art_is_no_phone() -> None:
    assert [key for key, _ in keyed("I'm learning pixel art.")] == [None]  # NEGATIVE


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Mum's moved into sheltered housing in Frome.", "user.mother.home_city"),
        ("I've moved into student halls in Leeds.", "user.home_city"),
    ],
)
def test_a_move_into_housing_named_without_an_article_is_a_new_home(said: str, key: str) -> None:
    assert [k for k, _ in keyed(said)] == [key]


def test_housing_one_works_in_is_no_home() -> None:
    assert [k for k, _ in keyed("I work in sheltered housing.")] != ["user.home_city"]  # NEGATIVE


def test_the_pet_planned_got_then_described_by_name_is_one_pet_named() -> None:
    assert keyed("We got the puppy! A cockapoo called Ziggy.") == [
        (None, "The user got the puppy."),
        ("user.puppy", "The user's puppy is a cockapoo called Ziggy."),
    ]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("I'm single.", "I've got a girlfriend now, Mia."),
        ("My hair salon is Toni & Guy.", "I've switched hairdressers."),
        ("I've got three chickens.", "A fox got one of the chickens, so we're down to two."),
    ],
)
def test_a_partner_got_a_provider_switched_and_a_count_gone_down_replace_what_was_held(
    before: str, after: str
) -> None:
    ((old_key, old),) = keyed(before)
    new_key, new = keyed(after)[-1]
    decision = decide(cand(new, new_key), [held(old, old_key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("We're down to three hens.", "The user has three hens now."),
        ("A fox got one of the chickens, so we're down to two.", "The user has two chickens now."),
    ],
)
def test_down_to_a_number_is_how_many_one_has_now(said: str, kept: str) -> None:
    assert keyed(said)[-1] == (None, kept)


@pytest.mark.parametrize(
    "said", ["We're down to the wire.", "I'm down to two pints a week.", "So we're down to two."]
)
def test_down_to_no_things_counted_is_no_count(said: str) -> None:
    assert "has" not in " ".join(statement for _, statement in keyed(said))  # NEGATIVE
