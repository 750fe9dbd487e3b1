"""A statement close in meaning to a held card that says all it says and more ("Hana speaks Japanese fluently"
beside "Hana speaks Japanese", cosine 0.96) is a detail for the reasoner to fuse, never a restatement dropped as
nothing new (the word that answers "how well?" was lost). One that says the same in other words still is."""

from __future__ import annotations

from reverie.domain.models import Layer, MemoryType
from reverie.services.dream.similarity import paraphrase_of
from tests.fakes.factories import make_candidate, make_card


def test_a_close_statement_saying_more_is_no_paraphrase() -> None:
    card = make_card("m-held", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement="Hana speaks Japanese.")
    said = make_candidate("Hana speaks Japanese fluently.", MemoryType.FACT, event_id="e9")
    assert paraphrase_of(said, [card], {card.memory_id: 0.96}) is None


def test_the_same_said_in_other_words_is_still_a_paraphrase() -> None:
    card = make_card(
        "m-held", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement="Yan's son is called Alfie."
    )
    said = make_candidate("Yan has a son named Alfie.", MemoryType.FACT, event_id="e9")
    assert paraphrase_of(said, [card], {card.memory_id: 0.96}) is card
