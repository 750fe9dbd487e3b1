"""A reply's ownerless "the <what> is ..." after the agent asked how one thing is doing is said of that thing,
and a held card about the thing takes it up as more of it; with no such question it stays as it was said."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.asked_after import of_the_thing_asked
from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.events import MessageEvent
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.ports import MergeAction
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 8, 9, 18, 0, tzinfo=UTC))


def _asked(text: str) -> MessageEvent:
    event = S.ev("a0", 0, role="assistant", text=text)
    assert isinstance(event, MessageEvent)
    return event


def test_the_attribute_in_a_reply_is_of_the_thing_the_agent_asked_after() -> None:
    said = of_the_thing_asked(
        "the breed is a Norwegian Forest cat, 4 kg", _asked("How's the new kitten settling in?")
    )
    assert said == "The breed of the new kitten is a Norwegian Forest cat, 4 kg"


def test_no_question_after_one_thing_leaves_the_part_as_it_was() -> None:
    assert (
        of_the_thing_asked("the breed is a Norwegian Forest cat", _asked("Anything else I can do?")) is None
    )
    assert of_the_thing_asked("the kitten is fine", _asked("How's the new kitten settling in?")) is None
    assert of_the_thing_asked("the breed is a Norwegian Forest cat", None) is None


def test_a_reply_to_how_the_thing_is_going_becomes_more_of_the_held_card() -> None:
    # GIVEN a held card about the user's new kitten, and the agent later asking after it
    t0 = datetime(2026, 7, 1, tzinfo=UTC)
    held = MemoryCard(
        memory_id="m-kitten",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t1",
        user_id="u1",
        statement="The user adopted a kitten from the shelter in Bergen.",
        evidence_refs=[EvidenceRef(session_id="s0", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=t0,
        created_at=t0,
        updated_at=t0,
    )
    events = [
        _asked("How's the kitten settling in?"),
        S.ev("m1", 5, text="so good! the breed is a Norwegian Forest cat, she's already 4 kg"),
    ]
    (found,) = [c for c in S.extract(events) if "Norwegian" in c.statement]
    # WHEN the reply is merged
    decision = decide(Candidate.model_validate(found.model_dump()), [held])
    # THEN it is said of the kitten and fuses into the held card
    assert "of the kitten" in found.statement
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-kitten"
