"""Tool outputs through the dream (service level, rule reasoner, in-memory fakes): a system's record the user
took in is remembered and a later lookup of the same field supersedes it; two systems that disagree at the
same moment become conflicting cards with an open review item, not one silent winner."""

from __future__ import annotations

import json
from typing import Any

from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session


def _cards(b: Backends, scope: Scope, word: str, layers: frozenset[Layer] | None = None) -> list[MemoryCard]:
    query = CardQuery(scope=scope, layers=layers or frozenset(Layer), limit=1000)
    return [c for c in b.notes.query(query) if word in c.statement]


def _lookup(coach: str) -> tuple[dict[str, Any], ...]:
    record = json.dumps({"member_no": "C-88", "name": "Alice Brandt", "coach": {"name": coach}})
    return (
        {"text": "who's my coach again?", "speaker": "Alice Brandt"},
        {"kind": "tool_result", "tool": "club.member", "ok": True, "output": record},
        {"role": "assistant", "text": f"Your coach is {coach}."},
        {"text": "ok cheers", "speaker": "Alice Brandt"},
    )


def test_a_later_lookup_of_the_same_field_supersedes_the_earlier_one(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a club's record the user took in: their coach is Marta
    dreamt_session(rules, alice, "s1", clock, *_lookup("Marta Ilić"))
    # WHEN a lookup months later says Jonas
    clock.advance(days=90)
    dreamt_session(rules, alice, "s2", clock, *_lookup("Jonas Berg"))
    # THEN Jonas is the live card and Marta's is superseded, not beside it
    live = [c for c in _cards(rules, alice, "coach") if c.status in INJECTABLE_STATUSES]
    assert [c.statement for c in live] == ["Alice Brandt's coach: Jonas Berg."]
    assert [c.status for c in _cards(rules, alice, "Marta")] == [Status.SUPERSEDED]


def test_two_systems_disagreeing_at_once_become_conflicting_cards_for_review(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a booking system and a spreadsheet giving two counts of one thing, both told to the user
    seats = json.dumps({"event_id": "EV-3", "title": "Spring Gala", "seats_left": 40})
    sheet = "Event | Seats left\nSpring Gala | 4"
    dreamt_session(
        rules,
        alice,
        "s1",
        clock,
        {"text": "how many seats are left for the gala?"},
        {"kind": "tool_result", "tool": "tickets.event", "ok": True, "output": seats},
        {"kind": "tool_result", "tool": "sheet.read", "ok": True, "output": sheet},
        {
            "role": "assistant",
            "text": "The ticketing system says 40 seats left for the Spring Gala, the sheet 4.",
        },
        {"text": "typical. I'll ring the venue"},
    )
    # THEN both are shown as conflicting (flagged), and a review item names them
    gala = _cards(rules, alice, "Spring Gala")
    assert sorted(c.status for c in gala) == [Status.CONFLICTING, Status.CONFLICTING]
    reviews = rules.runs.list_reviews(alice.tenant_id, alice.user_id or "", "open")
    assert any(r.reason == "conflict" and set(r.memory_ids) == {c.memory_id for c in gala} for r in reviews)


def test_a_record_the_agent_never_told_the_user_leaves_no_card(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    record = json.dumps({"name": "Alice Brandt", "coach": {"name": "Marta Ilić"}, "level": "B2"})
    dreamt_session(
        rules,
        alice,
        "s1",
        clock,
        {"text": "book me a court for Friday"},
        {"kind": "tool_result", "tool": "club.member", "ok": True, "output": record},
        {"role": "assistant", "text": "Booked court 3 for Friday at 18:00."},
        {"text": "thanks"},
    )
    assert not _cards(rules, alice, "Marta") and not _cards(rules, alice, "B2")
