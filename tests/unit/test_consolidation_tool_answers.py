"""Two tools answering the user's question about their own thing, each naming it its own way, through the dream
(service level, rule reasoner, in-memory fakes): when the agent tells the user both and that they disagree,
they are conflicting cards with an open review item and recall shows them as an unresolved conflict, never
one alone as the answer; two outputs about two other things stay out of it."""

from __future__ import annotations

from typing import Any

from reverie.domain.models import Layer, MemoryCard, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session

WHO = "Alice Brandt"


def _session(b: Backends, scope: Scope, clock: Clock, told: str, *outputs: tuple[str, str]) -> None:
    steps: list[dict[str, Any]] = [{"text": "Which day is my vet visit next week?", "speaker": WHO}]
    steps += [{"kind": "tool_result", "tool": tool, "ok": True, "output": out} for tool, out in outputs]
    steps += [
        {"role": "assistant", "text": told},
        {"text": "Fine, I'll phone them tomorrow.", "speaker": WHO},
    ]
    dreamt_session(b, scope, "s1", clock, *steps)


def _slot(b: Backends, scope: Scope) -> list[MemoryCard]:
    query = CardQuery(scope=scope, layers=frozenset(Layer), limit=1000)
    return [c for c in b.notes.query(query) if c.key == "alice_brandt.vet_visit"]


_PLANNER = ("planner.lookup", "Oakfield Animal Clinic, booster for Biscuit: Thursday 18 June 2026, 17:20")
_TEXT = (
    "sms.inbox",
    "Oakfield Animal Clinic: Biscuit is booked in on Friday 19 June at 17:20. See you then!",
)


def test_two_outputs_the_agent_says_disagree_are_a_visible_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the planner and the clinic's text giving two days, told side by side as not matching
    told = "These don't match: your planner says Thursday 18 June, the clinic's text says Friday 19 June."
    _session(rules, alice, clock, told, _PLANNER, _TEXT)
    # THEN both are conflicting cards of the vet visit, with an open conflict review item naming them
    both = _slot(rules, alice)
    assert sorted(c.status for c in both) == [Status.CONFLICTING, Status.CONFLICTING]
    reviews = rules.runs.list_reviews(alice.tenant_id, alice.user_id or "", "open")
    assert any(r.reason == "conflict" and set(r.memory_ids) == {c.memory_id for c in both} for r in reviews)
    # ... and recall shows them together as unresolved, not one as the answer
    text = build_context(rules, "When is Alice's vet visit?", alice, 400).text
    assert "18 June" in text and "19 June" in text and "conflict" in text.lower()


def test_two_outputs_about_two_other_things_raise_no_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN two outputs about two different bookings, neither naming the vet visit, told side by side
    groomer = ("planner.lookup", "Suds & Tails grooming for Biscuit: Monday 15 June 2026, 09:00")
    told = "Your planner has grooming on Monday 15 June, and the clinic's text says Friday 19 June."
    _session(rules, alice, clock, told, groomer, _TEXT)
    # THEN neither is put in the vet visit's slot, and nothing conflicts
    assert _slot(rules, alice) == []
    assert not [
        r
        for r in rules.runs.list_reviews(alice.tenant_id, alice.user_id or "", "open")
        if r.reason == "conflict"
    ]
