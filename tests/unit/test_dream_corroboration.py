"""A guess restated in other words in another session is a second, independent support (service level, rule
reasoner, in-memory fakes, the real local embedder MiniLM for meaning): the agent's note "Yan's son is called
Alfie" in one session and "Yan has a son named Alfie" in the next become one verified card citing both, the held
hypothesis superseded by it. Another value, or the same words twice in one session, is no second support."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from reverie.adapters.local.embedder import MiniLMEmbedder
from reverie.domain.models import Layer, Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session, live_cards


@pytest.fixture
def b(rules: Backends, minilm: MiniLMEmbedder) -> Iterator[Backends]:
    rules.embedder = minilm  # the same 384 dimensions as the fakes' index
    yield rules


def noted(b: Backends, scope: Scope, clock: Clock, session: str, *notes: str) -> None:
    steps = [{"kind": "note", "text": text, "source": "agent"} for text in notes]
    dreamt_session(b, scope, session, clock, {"text": "Ideas for a rainy weekend?"}, *steps)
    clock.advance(days=30)


def test_a_note_restated_in_other_words_in_another_session_is_promoted(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the agent's note, held as a hypothesis (one support)
    noted(b, alice, clock, "s1", "Yan's son is called Alfie.")
    assert [c.status for c in live_cards(b, alice, "Alfie")] == [Status.HYPOTHESIS]
    # WHEN a later session's note says it in other words
    noted(b, alice, clock, "s2", "Yan has a son named Alfie.")
    # THEN one verified card, citing both sessions; the earlier guess is superseded by it
    (card,) = live_cards(b, alice, "Alfie")
    assert (card.layer, card.status) == (Layer.KNOWLEDGE, Status.VERIFIED)
    assert {r.session_id for r in card.evidence_refs} == {"s1", "s2"}


def test_another_value_is_no_second_support(b: Backends, alice: Scope, clock: Clock) -> None:
    noted(b, alice, clock, "s1", "Yan's son is called Alfie.")
    noted(b, alice, clock, "s2", "Yan's son is called Oscar.")
    # NEGATIVE: two guesses at his name; neither is promoted by the other (they are flagged as disagreeing)
    assert Status.VERIFIED not in {c.status for c in live_cards(b, alice, "son")}


def test_the_same_session_saying_it_twice_is_no_second_support(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    noted(b, alice, clock, "s1", "Yan's son is called Alfie.", "Yan has a son named Alfie.")
    # NEGATIVE: one session, one support, however it is worded
    assert {c.status for c in live_cards(b, alice, "Alfie")} == {Status.HYPOTHESIS}


@pytest.mark.parametrize(
    ("first", "second", "word"),
    [
        ("Jo's flat is in Clapton.", "Jo lives in Clapton.", "Clapton"),
        ("Guy's repo uses pnpm workspaces.", "Guy's monorepo is managed with pnpm workspaces.", "pnpm"),
    ],
)
def test_a_note_the_reasoner_finds_says_the_same_is_a_second_support(
    b: Backends, alice: Scope, clock: Clock, first: str, second: str, word: str
) -> None:
    # GIVEN two notes whose words are close but no paraphrase's (MiniLM ~0.78 and below)
    noted(b, alice, clock, "s1", first)
    noted(b, alice, clock, "s2", second)
    # THEN the reasoner, asked of the nearest held guess, finds one claim: one verified card citing both
    (card,) = live_cards(b, alice, word)
    assert card.status is Status.VERIFIED
    assert {r.session_id for r in card.evidence_refs} == {"s1", "s2"}


def test_another_place_the_reasoner_weighs_is_no_second_support(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    noted(b, alice, clock, "s1", "Jo's flat is in Clapton.")
    noted(b, alice, clock, "s2", "Jo lives in Hackney.")
    # NEGATIVE: two guesses at where Jo lives; neither promotes the other
    assert Status.VERIFIED not in {c.status for c in live_cards(b, alice, "Jo")}
