"""A plan's thing said to be over is news of the plan, never a paraphrase of it: MiniLM puts "the loft conversion
is finished" close to "getting a loft conversion done" (cosine 0.89 measured), and the plan stayed current. The
paraphrase check is given that cosine directly here, as the embedder would."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.services.dream.similarity import paraphrase_of

T0 = datetime(2027, 1, 10, tzinfo=UTC)


def _plan(statement: str) -> MemoryCard:
    return MemoryCard(
        memory_id="m-plan",
        tenant_id="t1",
        user_id="eve",
        type=MemoryType.PLAN,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        statement=statement,
        source=Source(kind=SourceKind.USER),
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        created_at=T0,
        updated_at=T0,
    )


def _fact(statement: str) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        confidence=0.6,
        observed_at=T0.replace(month=6),
    )


def test_a_plan_said_to_be_finished_is_no_paraphrase_of_it() -> None:
    plan = _plan("Eve is getting a loft conversion done in the spring.")
    news = _fact("Eve's loft conversion is finished.")
    assert paraphrase_of(news, [plan], {plan.memory_id: 0.95}) is None


def test_the_plan_said_again_is_still_a_paraphrase() -> None:
    plan = _plan("Eve is getting a loft conversion done in the spring.")
    again = _fact("Eve is having a loft conversion done in the spring.").model_copy(
        update={"type": MemoryType.PLAN}
    )
    assert paraphrase_of(again, [plan], {plan.memory_id: 0.97}) is plan  # NEGATIVE: no news, the same plan
