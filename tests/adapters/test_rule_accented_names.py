"""Whom a slot is about is never its value, however the name is written: "Zoë stopped eating dairy, so Zoë is
no longer vegetarian" against "Zoë doesn't eat eggs or dairy" is a change of Zoë's diet (the new value
wins), not the same value said twice (which would fuse the old words into the new card)."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.ports import MergeAction

MAY, JUNE = datetime(2026, 5, 1, tzinfo=UTC), datetime(2026, 6, 1, tzinfo=UTC)


def _held(statement: str, key: str) -> MemoryCard:
    return MemoryCard(
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t1",
        user_id="zoe",
        key=key,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=MAY,
    )


def _new(statement: str, key: str) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        key=key,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=JUNE,
    )


def test_a_changed_state_of_someone_with_an_accented_name_supersedes() -> None:
    held = _held("Zoë doesn't eat eggs or dairy, so vegan recipes only.", "zoe.diet")
    new = _new("Zoë started eating eggs again, so Zoë is no longer vegan.", "zoe.diet")
    decision = decide(new, [held])
    assert decision.action is MergeAction.SUPERSEDE and "vegan recipes only" not in (decision.statement or "")


def test_the_same_place_said_again_still_fuses() -> None:
    # the rule the fix must keep: one named value said two ways is one value
    held = _held("Renée is normally based in Montréal.", "renee.location")
    new = _new("Renée is back in Montréal since Friday.", "renee.location")
    assert decide(new, [held]).action is MergeAction.FUSE
