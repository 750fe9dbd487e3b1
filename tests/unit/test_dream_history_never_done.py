"""A record's dated history read from a system, and someone's word that the work was never done (service
level, rule reasoner, in-memory fakes): each history entry is a dated fact about what the record is of; a
relayed "has never been replaced" against the entry recording it is a conflict with one open review item;
a relayed word about something the history does not record leaves the entry as it was."""

from __future__ import annotations

import json

from reverie.adapters.local.rules.outputs import read_output
from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import conflict_reviews, dreamt_session, live_cards

RECORD = json.dumps(
    {
        "asset_ref": "BX-220",
        "title": "Vaillant boiler",
        "history": [
            {"date": "2024-02-03", "engineer": "R. Osei", "work": "heat exchanger replaced"},
            {"date": "2025-09-18", "engineer": "R. Osei", "work": "annual safety check"},
        ],
    }
)


def test_a_history_entry_is_a_dated_fact_about_the_record() -> None:
    statements = [f.statement for f in read_output(RECORD)[0]]
    assert (
        "Vaillant boiler's history on 3 February 2024: heat exchanger replaced (engineer R. Osei)"
        in statements
    )
    assert any(s.startswith("Vaillant boiler's history on 18 September 2025") for s in statements)


def _looked_up(b: Backends, scope: Scope, clock: Clock, relayed: str) -> None:
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": "Has the boiler had anything major done?"},
        {"kind": "tool_result", "tool": "servicedesk.lookup", "call_id": "k1", "ok": True, "output": RECORD},
        {"role": "assistant", "text": "The record shows the heat exchanger was replaced on 3 February 2024."},
        {"text": relayed},
        {"role": "assistant", "text": "I can't tell from here."},
    )


def test_work_said_never_done_against_the_record_of_it_is_a_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the record's entry told to the user, and their landlord's word that it was never done
    _looked_up(
        rules,
        alice,
        clock,
        "My landlord says the heat exchanger has never been replaced. No idea who's right.",
    )
    # THEN both are conflicting, with one open conflict review item naming both
    cards = live_cards(rules, alice, "exchanger")
    assert len(cards) == 2
    assert {c.status for c in cards} == {Status.CONFLICTING}
    assert conflict_reviews(rules, alice) == [sorted(c.memory_id for c in cards)]


def test_a_word_about_work_the_history_does_not_record_is_no_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the landlord's word about another part, never worked on
    _looked_up(rules, alice, clock, "Right, my landlord says the radiators have never been bled.")
    # THEN the entry stays as the record says, and nothing goes to review
    assert [c.status for c in live_cards(rules, alice, "exchanger")] == [Status.VERIFIED]
    assert conflict_reviews(rules, alice) == []
