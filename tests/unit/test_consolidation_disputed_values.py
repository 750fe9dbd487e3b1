"""Two sources giving one thing two values, reported to the user and left open, through the dream (service
level, rule reasoner, in-memory fakes): two conflicting cards with an open conflict review item, shown by
recall as unresolved; settled by the user, one verified-or-held value and no conflict."""

from __future__ import annotations

from typing import Any

from reverie.domain.models import Layer, MemoryCard, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session

WHO = "Alice Brandt"
_TIMETABLE = (
    "files.read",
    "Route | Departs | Platform\nLakeside shuttle | 07:45 | 3\nHill loop | 08:10 | 1",
)
_NOTICE = (
    "web.fetch",
    "Service update\nThe Lakeside shuttle now departs at 07:55 from platform 3. Please plan ahead.",
)


def _session(b: Backends, scope: Scope, clock: Clock, reply: str) -> None:
    steps: list[dict[str, Any]] = [
        {"text": "When does the Lakeside shuttle leave in the morning?", "speaker": WHO}
    ]
    steps += [
        {"kind": "tool_result", "tool": tool, "ok": True, "output": out}
        for tool, out in (_TIMETABLE, _NOTICE)
    ]
    steps += [
        {
            "role": "assistant",
            "text": "The timetable file says 07:45 for the shuttle, but the operator's site says 07:55.",
        },
        {"text": reply, "speaker": WHO},
    ]
    dreamt_session(b, scope, "s1", clock, *steps)


def _departures(b: Backends, scope: Scope) -> list[MemoryCard]:
    query = CardQuery(scope=scope, layers=frozenset(Layer), limit=1000)
    return [c for c in b.notes.query(query) if "07:45" in c.statement or "07:55" in c.statement]


def _conflicts(b: Backends, scope: Scope) -> list[Any]:
    return [
        r for r in b.runs.list_reviews(scope.tenant_id, scope.user_id or "", "open") if r.reason == "conflict"
    ]


def test_two_sources_left_open_are_conflicting_cards_under_review(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a timetable and a web notice giving the shuttle two times, reported, and the user not knowing
    _session(rules, alice, clock, "No idea which is current. I'll ask at the desk.")
    # THEN both times are conflicting cards, with an open conflict review item naming them
    both = _departures(rules, alice)
    assert sorted(c.status for c in both) == [Status.CONFLICTING, Status.CONFLICTING]
    assert any(set(r.memory_ids) == {c.memory_id for c in both} for r in _conflicts(rules, alice))
    # ... and recall never gives them both as plain facts: they are flagged as unresolved
    text = build_context(rules, "When does the Lakeside shuttle leave?", alice, 400).text
    assert ("07:45" not in text and "07:55" not in text) or "conflict" in text.lower()


def test_the_user_choosing_a_source_leaves_no_conflict(rules: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the same report, settled: the operator's site is right
    _session(rules, alice, clock, "The operator's site is right, they changed it in spring.")
    # THEN only 07:55 is kept, nothing conflicts
    kept = [c for c in _departures(rules, alice) if c.status is not Status.REJECTED]
    assert [("07:55" in c.statement) for c in kept] == [True]
    assert kept[0].status is not Status.CONFLICTING
    assert _conflicts(rules, alice) == []
