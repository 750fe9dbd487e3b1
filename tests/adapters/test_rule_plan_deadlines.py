"""A plan held until a deadline ("submit the grant application by end of May") is over when a later report
tells, in the past and on a day before the deadline, the very thing it was to do; a report of another deed
on that topic, or of a day past the deadline, leaves it held."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Source, SourceKind
from reverie.ports import MergeAction
from tests.unit.helpers import held_card

SAID = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)
DEADLINE = datetime(2026, 6, 1, tzinfo=UTC)


def _plan(statement: str) -> MemoryCard:
    return held_card(statement, SAID, MemoryType.PLAN, valid_until=DEADLINE)


def _report(statement: str, days: int) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=SAID + timedelta(days=days),
    )


GRANT = "Plan: submit the grant application by end of May."


def test_the_deed_done_before_the_deadline_ends_the_plan() -> None:
    done = decide(_report("The user submitted the grant application on 20 May.", 50), [_plan(GRANT)])
    assert (done.action, done.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_another_deed_on_the_topic_or_a_day_past_the_deadline_ends_nothing() -> None:
    drafted = decide(_report("The user drafted the grant application on 20 May.", 50), [_plan(GRANT)])
    assert drafted.action is not MergeAction.SUPERSEDE or drafted.target_id != "m-1"
    late = decide(_report("The user submitted the grant application on 9 June.", 70), [_plan(GRANT)])
    assert late.action is not MergeAction.SUPERSEDE or late.target_id != "m-1"
