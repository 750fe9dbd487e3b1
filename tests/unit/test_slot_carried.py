"""A new value that replaces a card holding a slot takes the slot ("moved over to the Bannatyne" after "my gym
is the PureGym"), so a later value of that slot ("my gym is the PureGym again") replaces it in turn; a card the
self-audit fuses from two keeps the slot either held."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Scope
from reverie.ports import MergeAction, MergeDecision
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from tests.conftest import Clock
from tests.unit.test_consolidation import Decides, dreamt, live_saying


@pytest.fixture
def rb(rules: Backends) -> Backends:
    """tests/unit/conftest.py's `rules`: the fake backends dreaming with the rule-based reasoner."""
    return rules


def test_a_new_value_takes_the_slot_of_the_card_it_replaces(rb: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN a card holding the user's gym slot
    dreamt(rb, alice, "s1", clock, "My gym is the PureGym on Leith Walk.")
    (old,) = live_saying(rb, alice, "PureGym")
    assert old.key is not None
    # WHEN a statement without a slot of its own replaces it
    rb.reasoner = Decides(MergeAction.SUPERSEDE)
    dreamt(rb, alice, "s2", clock, "I moved over to the Bannatyne in Portobello.", days_later=20)
    # THEN the new card holds the same slot
    (new,) = live_saying(rb, alice, "Bannatyne")
    assert new.key == old.key


class FusesNews(RuleReasoner):
    """Fuses any news with the card nearest it into `FUSED` (the audit's view of two held cards as one)."""

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        if not neighbours:
            return MergeDecision(action=MergeAction.ADD, reason="nothing near")
        return MergeDecision(
            action=MergeAction.FUSE, target_id=neighbours[0].memory_id, statement=FUSED, reason="one"
        )


FUSED = "The user's library is the Morningside branch again; the user went back to Morningside library."


def test_a_card_the_audit_fuses_keeps_the_slot_either_held(rb: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN two held cards about one thing, the better supported one without a slot, the other with one
    for statement, key, events in (
        ("The user went back to Morningside library.", None, ["e1", "e2"]),
        ("The user's library is the Morningside branch again.", "user.library", ["e9"]),
    ):
        refs = [EvidenceRef(session_id="api", event_id=e) for e in events]
        admin.create_memories(
            rb, alice, [admin.NewMemory(MemoryType.FACT, statement, key, evidence_refs=refs)]
        )
        clock.advance(days=1)
    # WHEN the self-audit fuses them
    rb.reasoner = FusesNews()
    dream(rb, "t1", "alice")
    # THEN the one card left holds the slot
    assert [(c.statement, c.key) for c in live_saying(rb, alice, "Morningside")] == [(FUSED, "user.library")]
