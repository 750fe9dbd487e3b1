"""The deterministic, rule-based `Reasoner`: the dream's default offline (no model, no network).

It extracts what plain rules can recognise with confidence (explicit notes, corrections, tool errors as
condition–action–outcome, first-person statements of facts, preferences, constraints and plans) and
decides merges by key, text overlap, negation, time and trust. The rules live in `rules/`.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rules.extraction import Analysis, analyse
from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.events import Event
from reverie.domain.models import MemoryCard, Scope
from reverie.ports import Extraction, MergeDecision, Reasoner, ReasonerUsage


class RuleReasoner(Reasoner):
    """Extraction and merge decisions by rule: the same input always gives the same output.

    Better to miss than to store noise: greetings, thanks, questions, reactions, feelings, opinions and
    volatile state ("I'm tired right now", "the build is running") are dropped (`analyse` says why);
    secrets are masked in every statement; instruction-like text in tool output is returned with its
    untrusted tool source, never upgraded, so the dream quarantines it. Usage: no language-model call, no token (the run's call budget is for models).
    """

    name = "rules"

    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction:
        mine = [e for e in events if e.tenant_id == scope.tenant_id and e.user_id == scope.user_id]
        return Extraction(candidates=analyse(mine).candidates, usage=ReasonerUsage())

    def analyse(self, events: Sequence[Event]) -> Analysis:
        """Candidates and the items dropped, each with its reason (for run reports and tests)."""
        return analyse(events)

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        return decide(candidate, neighbours)
