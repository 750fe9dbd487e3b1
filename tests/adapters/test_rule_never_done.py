"""Work said never done against a record of it done: a conflict for a person, whoever speaks and whenever
(a past deed is not undone by a later word); work recorded done after someone said it never was is news
that replaces the word; a 'never' about another thing, or a record that the work was not done, is no pair."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rules.never_done import never_done
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.ports import MergeAction

T0 = datetime(2026, 1, 12, 8, 0, tzinfo=UTC)
RECORD = "Riverside flat's history on 2 March 2025: chimney swept and flue inspected (engineer D. Kaur)."


def _card(statement: str) -> MemoryCard:
    return MemoryCard(
        memory_id="m-held",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t1",
        user_id="u1",
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0,
        created_at=T0,
        updated_at=T0,
    )


def _said(statement: str, later: timedelta = timedelta(minutes=2)) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0 + later,
    )


def test_never_swept_against_a_record_of_sweeping_is_a_conflict_now_or_months_later() -> None:
    for later in (timedelta(minutes=2), timedelta(days=90)):
        found = never_done(
            _said("The chimney has never been swept (according to Mr Hale).", later), [_card(RECORD)]
        )
        assert found is not None and found.action is MergeAction.CONFLICT and found.target_id == "m-held"


def test_work_recorded_after_it_was_said_never_done_replaces_that_word() -> None:
    held = _card("The chimney was never swept (according to the previous tenant).")
    found = never_done(_said(RECORD, timedelta(days=40)), [held])
    assert found is not None and found.action is MergeAction.SUPERSEDE


def test_another_thing_or_work_not_done_makes_no_pair() -> None:
    assert never_done(_said("The boiler has never been serviced."), [_card(RECORD)]) is None
    not_done = _card("Riverside flat's history on 2 March 2025: chimney not swept, no access.")
    assert never_done(_said("The chimney has never been swept."), [not_done]) is None
