"""A return home, the club someone plays for, how a trip went, a PIN given away by how it is made, chat's "def",
and whether someone drinks: each as what holds now."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.guards import mask_secrets
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_back_in_a_named_place_is_where_one_lives_again() -> None:
    assert S.statements("We're back in Bristol now, Bath didn't work out.") == [
        "The user is back in Bristol."
    ]
    decision = decide(cand("Fay is back in Bristol."), [held("Fay moved to Bath in March.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    assert statement_key("Fay is back in the office.") is None  # NEGATIVE: no named place


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Sam plays for Hillside FC now.", "sam.club"),
        ("Han's son Sam plays for Riverside FC.", "sam.club"),
        ("Sam plays for fun.", None),  # NEGATIVE
        ("Abe is teetotal.", "abe.drinking"),
        ("Abe doesn't drink alcohol at all.", "abe.drinking"),
        ("Abe drinks coffee.", None),  # NEGATIVE: a drink, not drinking
    ],
)
def test_a_club_played_for_and_whether_someone_drinks_are_slots(said: str, key: str | None) -> None:
    assert statement_key(said) == key


def test_how_a_trip_went_is_kept_and_ends_its_plan() -> None:
    assert S.statements("Iceland was incredible, we saw the northern lights!") == [
        "Iceland was incredible, the user saw the northern lights."
    ]
    assert S.statements("It was amazing.") == []  # NEGATIVE: no thing named
    decision = decide(
        cand("Iceland was incredible, the user saw the northern lights.", days=300),
        [held("The user is planning a trip to Iceland in October.", type=MemoryType.PLAN)],
    )
    assert decision.action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        ("My PIN is the last four digits of my old phone number.", "last four digits"),
        ("The wifi password is my dog's name and my birth year.", "dog's name"),
    ],
)
def test_how_a_pin_or_password_is_made_is_masked(text: str, hidden: str) -> None:
    assert hidden not in mask_secrets(text).text


def test_where_a_pin_is_kept_is_no_secret() -> None:
    text = "My PIN is on a card in the drawer."
    assert mask_secrets(text).text == text  # NEGATIVE


def test_chat_definitely_goes_and_code_stays() -> None:
    assert S.statements("my fave band is def Wolf Alice lol") == ["The user's favourite band is Wolf Alice."]
    assert "def" in " ".join(S.statements("Our Python style guide bans the def keyword inside loops."))
