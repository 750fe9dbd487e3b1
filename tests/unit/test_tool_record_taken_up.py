"""A tool's structured record the user takes up later in the session ("see you at the fitting then") has a second,
independent support: the user. A sentence that doubts or denies it, a question, the agent's words, or a
sentence about something else is no take-up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, MemoryType, Scope, Source, SourceKind, Trust
from reverie.services.dream.verify import later_material, traceback
from tests.unit.helpers import event

SCOPE = Scope(tenant_id="t1", user_id="u1")
T0 = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
RECORD = Candidate(
    type=MemoryType.FACT,
    statement="Suit fitting - Hale & Sons's start: 2026-03-19T15:30:00Z.",
    key="suit_fitting_hale_sons.start",
    evidence_refs=[EvidenceRef(session_id="s1", event_id="t1")],
    source=Source(kind=SourceKind.TOOL, trust=Trust.UNTRUSTED),
    observed_at=T0,
)


def _supports(text: str, role: str = "user", session: str = "s1") -> int:
    said = event(SCOPE, session, "m9", role=role, text=text, ts=(T0 + timedelta(minutes=2)).isoformat())
    supports, _, _ = traceback(RECORD, later_material([said]))
    return supports


def test_the_user_speaking_of_the_recorded_thing_supports_it() -> None:
    # GIVEN a calendar entry found for the user, WHEN they then plan around it, THEN it has a support
    assert _supports("haha ok. I'll take Friday afternoon off for the fitting.") == 1


def test_doubt_denial_questions_and_other_speakers_are_no_take_up() -> None:
    assert _supports("The fitting isn't on the 19th, they moved it.") == 0
    assert _supports("Is the fitting really on the 19th?") == 0
    assert _supports("No idea who's right about the fitting.") == 0
    assert _supports("Noted the fitting on the 19th.", role="assistant") == 0
    assert _supports("Cool, I'll book a haircut too.") == 0  # nothing of the record


def test_a_person_s_own_claim_is_not_counted_twice_by_this_rule() -> None:
    # GIVEN the same words said of a user's own statement: only a tool's record is taken up
    own = RECORD.model_copy(update={"source": Source(kind=SourceKind.USER)})
    said = event(
        SCOPE, "s1", "m9", text="See you at the fitting.", ts=(T0 + timedelta(minutes=2)).isoformat()
    )
    assert traceback(own, later_material([said]))[0] == 0


def test_a_page_s_free_text_named_in_a_reply_is_not_taken_up() -> None:
    # GIVEN a sentence of a fetched page (no record's field): only the user's own restatement makes it theirs
    page = RECORD.model_copy(update={"statement": "The suit fitting is on 19 March at 15:30.", "key": None})
    said = event(
        SCOPE, "s1", "m9", text="Great, the fitting suits me.", ts=(T0 + timedelta(minutes=2)).isoformat()
    )
    assert traceback(page, later_material([said]))[0] == 0
