"""A correction that denies the value a card states ("The Aalto team wants metric units, not imperial") is close
to that card in meaning and words, yet no paraphrase of it: it replaces the card, never reinforces it. A
correction saying the card's own value again is still one."""

from __future__ import annotations

from reverie.domain.models import Layer, MemoryType
from reverie.services.dream.similarity import paraphrase_of
from tests.fakes.factories import make_candidate, make_card

HELD = "The Aalto team wants all drawings in imperial units."


def test_a_correction_denying_the_cards_value_is_no_paraphrase() -> None:
    # GIVEN a held rule, and a correction close to it (cosine 0.83) that denies its value
    card = make_card("m-held", layer=Layer.KNOWLEDGE, type=MemoryType.CONSTRAINT, statement=HELD)
    said = make_candidate(
        "The Aalto team wants metric units, not imperial.", MemoryType.CORRECTION, event_id="e9"
    )
    # THEN it is not taken for the same rule
    assert paraphrase_of(said, [card], {card.memory_id: 0.83}) is None


def test_the_same_value_said_again_is_still_a_paraphrase() -> None:
    card = make_card("m-held", layer=Layer.KNOWLEDGE, type=MemoryType.CONSTRAINT, statement=HELD)
    said = make_candidate(
        "The Aalto team wants drawings in imperial units.", MemoryType.CORRECTION, event_id="e9"
    )
    assert paraphrase_of(said, [card], {card.memory_id: 0.9}) is card
