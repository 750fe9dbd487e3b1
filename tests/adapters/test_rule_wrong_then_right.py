"""A correction in two sentences, the wrong value first ("You said 10W-40 before, that's not right", "Marek
is not my landlord") and the right one after, is read as "<right>, not <wrong>", so the card holding the
wrong value is replaced; a denial with no right value after it stays as typed."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.wrong_then_right import with_wrong_turned
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            "You said 10W-40 before, that's not right. The mower takes SAE 30.",
            "The mower takes SAE 30, not 10W-40.",
        ),
        (
            "You noted 14:30 yesterday, that was wrong. The MRI is at 16:15, main entrance.",
            "The MRI is at 16:15, not 14:30, main entrance.",
        ),
        (
            "Marek is not my landlord, he's the letting agent. My landlord is Mrs Oduya.",
            "My landlord is Mrs Oduya, not Marek.",
        ),
    ],
)
def test_the_wrong_value_then_the_right_one_is_one_contrast(said: str, read: str) -> None:
    assert with_wrong_turned(said) == read


@pytest.mark.parametrize(
    "said",
    [
        "Marek is not my landlord. He lives next door.",  # no right value for the same thing
        "You told me 14:30, that's right. See you then.",  # a confirmation, not a correction
        "Marek is not my landlord, he's the agent. My dentist is Dr Shah.",  # another thing
    ],
)
def test_a_denial_without_a_right_value_for_the_same_thing_stays_as_typed(said: str) -> None:
    assert with_wrong_turned(said) == said


def test_the_turned_correction_replaces_the_card_with_the_wrong_value() -> None:
    # GIVEN a held card with the appointment time the agent got wrong
    old = held("The user's MRI appointment is at 14:30 at the Royal Infirmary.")
    correction = cand("The user's MRI appointment is at 16:15, not 14:30.", type=MemoryType.CORRECTION)
    # WHEN the dream merges the correction
    decision = decide(correction, [old])
    # THEN the held card is superseded and keeps its other details with the right time
    assert decision.action is MergeAction.SUPERSEDE
    assert (
        decision.statement is not None and "16:15" in decision.statement and "14:30" not in decision.statement
    )
