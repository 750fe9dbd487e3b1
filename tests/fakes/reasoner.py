"""A scripted `Reasoner` for unit tests of the dream stages: simple, predictable rules only.

Extracts explicit notes and corrections; decides by key (same text: no-op; newer: supersede; older:
conflict) and by identical text. The real rule-based reasoner is tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import Candidate
from reverie.domain.events import Event, FeedbackEvent, NoteEvent
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Scope, Source, SourceKind
from reverie.ports import Extraction, MergeAction, MergeDecision, Reasoner, ReasonerUsage


class ScriptedReasoner(Reasoner):
    name = "scripted"

    def __init__(self) -> None:
        self.fail_on_decide = False

    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction:
        found: list[Candidate] = []
        for e in events:
            ref = [EvidenceRef(session_id=e.session_id, event_id=e.event_id)]
            if isinstance(e, NoteEvent):
                found.append(
                    Candidate(
                        type=e.type,
                        statement=e.text,
                        key=e.key,
                        evidence_refs=ref,
                        source=Source(kind=e.source),
                        confidence=0.7,
                        observed_at=e.ts,
                        subjective=e.type is MemoryType.PREFERENCE,
                    )
                )
            elif isinstance(e, FeedbackEvent) and e.signal == "correction":
                found.append(
                    Candidate(
                        type=MemoryType.CORRECTION,
                        statement=e.text,
                        key=str(e.metadata["key"]) if "key" in e.metadata else None,
                        evidence_refs=ref,
                        source=Source(kind=SourceKind.USER),
                        confidence=0.8,
                        observed_at=e.ts,
                        correction_of=e.target_memory_id,
                    )
                )
        return Extraction(candidates=found, usage=ReasonerUsage(calls=1))

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        if self.fail_on_decide:
            raise RuntimeError("the reasoner fell over")
        usage = ReasonerUsage(calls=1)
        for card in neighbours:
            if candidate.correction_of == card.memory_id:
                return MergeDecision(
                    action=MergeAction.SUPERSEDE, target_id=card.memory_id, reason="corrected", usage=usage
                )
            same_text = card.statement.lower() == candidate.statement.lower()
            if same_text:
                return MergeDecision(
                    action=MergeAction.NOOP, target_id=card.memory_id, reason="same", usage=usage
                )
            if candidate.key and card.key == candidate.key:
                seen = card.observed_at or card.created_at
                newer = candidate.observed_at is not None and candidate.observed_at > seen
                action = MergeAction.SUPERSEDE if newer else MergeAction.CONFLICT
                return MergeDecision(action=action, target_id=card.memory_id, reason="same key", usage=usage)
        return MergeDecision(action=MergeAction.ADD, reason="new", usage=usage)
