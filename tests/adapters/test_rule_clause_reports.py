"""A disagreement between two sources reported across a semicolon or a dash ("the menu file says $35 a head;
the booking page says $40. They don't agree."): the sentence splitter parts the two clauses, but the report
is read across them, as when a comma and "but" join them; two clauses about two things stay no report."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.disagreements import reported_at
from reverie.adapters.local.rules.language import sentences
from reverie.domain.dream import Candidate
from reverie.domain.events import Event
from reverie.domain.models import SourceKind
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 3, 14, 9, 0, tzinfo=UTC))
WHO = "Ingrid Solberg"
_TIMETABLE = ("web.fetch", "Fjord ferry, summer timetable. First sailing 07:15. Last sailing 21:40.")
_TEXT = ("sms.read", "From Per: hi! first boat on Saturday is 07:45, see you at the pier")


def _told(told: str, reply: str) -> list[Candidate]:
    """The user asks, two tools answer, the agent tells what each says, the user replies."""
    events: list[Event] = [S.ev("m0", 0, text="When does the first ferry leave on Saturday?", speaker=WHO)]
    for n, (tool, output) in enumerate((_TIMETABLE, _TEXT)):
        events.append(
            S.ev(f"r{n}", 1 + n, kind="tool_result", tool=tool, call_id=f"k{n}", ok=True, output=output)
        )
    events.append(S.ev("a1", 10, role="assistant", text=told))
    events.append(S.ev("m1", 11, text=reply, speaker=WHO))
    return [c for c in S.extract(events) if "07:" in c.statement]


@pytest.mark.parametrize(
    "told",
    [
        "The timetable says first sailing 07:15; Per's text says 07:45. They don't agree.",
        "The timetable says first sailing 07:15 — Per's text says 07:45.",
    ],
)
def test_two_sources_set_side_by_side_across_a_semicolon_are_two_claims_on_one_slot(told: str) -> None:
    # GIVEN the agent telling two sources' times in two clauses parted by a semicolon or a dash, left open
    found = _told(told, "typical. can't ask Per till tonight, keep both")
    # THEN each time is its source's claim, on one shared slot, citing the output it was read in
    assert len(found) == 2 and found[0].key is not None and found[0].key == found[1].key
    assert all(c.source.kind is SourceKind.TOOL for c in found)
    by_time = {("07:15" in c.statement): c for c in found}
    assert "according to the timetable" in by_time[True].statement
    assert "according to Per's text" in by_time[False].statement
    assert {r.event_id for r in by_time[False].evidence_refs} >= {"r1", "a1"}


def test_a_semicolon_joined_report_read_as_one() -> None:
    # GIVEN one sentence whose two clauses the splitter parts at the semicolon
    text = "The venue page says doors 19:00; the promoter's email says 19:30. Odd."
    said = sentences(text)
    # WHEN the report is read at the first clause
    found = reported_at(said, 0, text)
    # THEN it names both sources and both values
    assert found is not None
    assert (found.first.source, found.first.value) == ("the venue page", "19:00")
    assert (found.second.source, found.second.value) == ("the promoter's email", "19:30")


@pytest.mark.parametrize(
    "text",
    [
        # two things, each with its own value: no disagreement
        "The price list says $35 for adults; the booking page says $20 for children.",
        # two sentences ended by a full stop are not one report read across a clause break
        "The venue page says doors 19:00. The promoter's email says curfew 23:00.",
    ],
)
def test_clauses_about_two_things_are_no_report(text: str) -> None:
    said = sentences(text)
    assert all(reported_at(said, i, text) is None for i in range(len(said)))
