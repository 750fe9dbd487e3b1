"""A later message that shares a claim's words only to deny them ("Paramedic, not paediatrician!" after the agent
noted "Ona is a paediatrician") is a contradiction of the claim, never a second support that promotes it; and two
statements naming different things someone is ("is a paramedic", "is a paediatrician") are no paraphrase of each
other, however close MiniLM finds them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, Layer, MemoryType, Scope, Source, SourceKind
from reverie.services.dream.similarity import other_kind, paraphrase_of
from reverie.services.dream.verify import later_material, traceback
from tests.fakes.factories import make_candidate, make_card
from tests.unit.helpers import event

SCOPE = Scope(tenant_id="t1", user_id="u1")
T0 = datetime(2027, 1, 5, 10, 0, tzinfo=UTC)
NOTE = Candidate(
    type=MemoryType.FACT,
    statement="Ona is a paediatrician.",
    evidence_refs=[EvidenceRef(session_id="s1", event_id="n1")],
    source=Source(kind=SourceKind.AGENT),
    observed_at=T0,
)


def _later(text: str) -> tuple[int, int, list[str]]:
    said = event(SCOPE, "s2", "e01", role="user", text=text, ts=(T0 + timedelta(days=2)).isoformat())
    return traceback(NOTE, later_material([said]))


def test_a_later_denial_contradicts_the_claim() -> None:
    supports, contradictions, notes = _later("Ona here: paramedic, not paediatrician!")
    assert (supports, contradictions) == (0, 1)
    assert notes == ["denied in s2/e01"]


def test_a_later_restatement_still_supports_it() -> None:
    supports, contradictions, _ = _later("Ona here: yes, I'm a paediatrician.")
    assert (supports, contradictions) == (1, 0)


@pytest.mark.parametrize(
    ("new", "known", "other"),
    [
        ("Ona is a paramedic.", "Ona is a paediatrician.", True),
        ("Rex is an old greyhound.", "Rex is a greyhound.", False),  # the same noun, more said
        ("Ona is a nurse.", "Ona works as a nurse at St Mary's.", False),  # only one says "is a"
    ],
)
def test_what_someone_is_named_by_another_noun_is_another_kind(new: str, known: str, other: bool) -> None:
    assert other_kind(new, known) is other


def test_someone_elses_habit_is_no_paraphrase_of_the_speakers() -> None:
    # "Ezra's partner does the school run now" is close to "Ezra does the school run every morning" (MiniLM), yet
    # is about another person: the change for the rules, never a restatement that confirms the old card
    card = make_card(
        "m-held",
        layer=Layer.KNOWLEDGE,
        type=MemoryType.FACT,
        statement="Ezra does the school run every morning.",
    )
    said = make_candidate("Ezra's partner does the school run now.", MemoryType.FACT, event_id="e9")
    assert paraphrase_of(said, [card], {card.memory_id: 0.93}) is None


def test_the_same_persons_habit_said_again_is_still_a_paraphrase() -> None:
    card = make_card(
        "m-held", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement="Ezra's partner does the school run."
    )
    said = make_candidate("Ezra's partner takes the kids to school.", MemoryType.FACT, event_id="e9")
    assert paraphrase_of(said, [card], {card.memory_id: 0.93}) is card
