"""The self-audit finds two held cards to be one idea whichever of them it takes as news about the other: a
reasoner may fuse a pair in one direction and add in the other ("signs in at the depot every Monday" taken
as news about "cycles to the depot on Mondays", or the other way round)."""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Scope
from reverie.ports import MergeAction, MergeDecision
from reverie.services import admin
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import dreamt, live

KEEPER = "Rosa cycles to the Northfield depot on Mondays and Wednesdays."  # two supports: the senior card
OTHER = "Rosa signs in at the Northfield depot every Monday and Wednesday."
FUSED = "Rosa cycles to the Northfield depot and signs in there every Monday and Wednesday."


class OneWay(RuleReasoner):
    """Fuses a held card with news only when the news is `joins` (the reasoner's view is directional)."""

    def __init__(self, joins: str | None) -> None:
        self.joins = joins

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        if neighbours and candidate.statement == self.joins:
            target = neighbours[0].memory_id
            return MergeDecision(action=MergeAction.FUSE, target_id=target, statement=FUSED, reason="one way")
        return MergeDecision(action=MergeAction.ADD, reason="nothing near")


def hold(b: Backends, alice: Scope, clock: Clock) -> None:
    for statement, events in ((KEEPER, ["e1", "e2"]), (OTHER, ["e9"])):
        refs = [EvidenceRef(session_id="api", event_id=e) for e in events]
        new = admin.NewMemory(type=MemoryType.FACT, statement=statement, evidence_refs=refs)
        admin.create_memories(b, alice, [new])
        clock.advance(days=5)


def depot(b: Backends, alice: Scope) -> list[str]:
    return sorted(c.statement for c in live(b, alice) if "depot" in c.statement)


def test_a_pair_the_reasoner_fuses_only_with_the_senior_card_as_news_is_fused(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN two held cards about the same days at the same depot
    hold(rules, alice, clock)
    # WHEN a quiet dream audits them with a reasoner that fuses only when the senior card is the news
    rules.reasoner = OneWay(joins=KEEPER)
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    # THEN one card says both
    assert depot(rules, alice) == [FUSED]


def test_a_pair_the_reasoner_keeps_apart_both_ways_stays_apart(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    hold(rules, alice, clock)
    rules.reasoner = OneWay(joins=None)
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    assert depot(rules, alice) == sorted([KEEPER, OTHER])
