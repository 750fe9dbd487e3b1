"""A hypothesis held for a claim, promoted when the claim is said again, that fuses into another held card
(service level, rule reasoner, in-memory fakes): the fused card cites the hypothesis's evidence, the new
statement's and the absorbed card's, and the run succeeds (it once failed: the fused claim's evidence was passed
twice to the writer)."""

from __future__ import annotations

from reverie.domain.models import Layer, Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session, live_cards


def test_a_promoted_hypothesis_fuses_into_the_held_card(alice: Scope, clock: Clock, rules: Backends) -> None:
    b = rules
    # GIVEN a verified card about the user's book club and the agent's note about it, held as a hypothesis
    dreamt_session(
        b,
        alice,
        "s1",
        clock,
        {"text": "I'm in a book club with some neighbours.", "speaker": "Cas"},
        {"kind": "note", "text": "The book club meets on the first Tuesday at the Crown.", "source": "agent"},
        {"role": "assistant", "text": "Noted."},
    )
    assert [c.layer for c in live_cards(b, alice, "the Crown")] == [Layer.NOTES]
    clock.advance(days=30)
    # WHEN the user says the note again
    dreamt_session(
        b,
        alice,
        "s2",
        clock,
        {"text": "The book club meets on the first Tuesday at the Crown.", "speaker": "Cas"},
        {"role": "assistant", "text": "OK."},
    )
    # THEN one verified card says both, citing both sessions
    (card,) = [c for c in live_cards(b, alice, "book club") if c.status is Status.VERIFIED]
    assert "neighbours" in card.statement and "the Crown" in card.statement
    assert {r.session_id for r in card.evidence_refs} == {"s1", "s2"}
    assert b.runs is not None
    assert all(r.status.value == "succeeded" for r in b.runs.list_runs(alice.tenant_id, alice.user_id or ""))
