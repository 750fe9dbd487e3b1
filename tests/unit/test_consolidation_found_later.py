"""A lookup that failed ("no such company") in one session and found the thing in a later one, through the dream
(service level, rule reasoner, in-memory fakes): the answer the user took in is known, the failure is retired."""

from __future__ import annotations

import json

from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session, live_cards


def test_a_failed_lookup_then_a_found_one_keeps_the_answer_not_the_failure(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a registry lookup that fails in one session
    lookup = {
        "kind": "tool_call",
        "tool": "registry.company",
        "call_id": "c1",
        "args": {"q": "Pemberly Foods"},
    }
    dreamt_session(
        rules,
        alice,
        "s1",
        clock,
        {"text": "Who is our contact at Pemberly Foods?"},
        lookup,
        {
            "kind": "tool_result",
            "tool": "registry.company",
            "ok": False,
            "error": "no such company 'Pemberly Foods'",
        },
        {"role": "assistant", "text": "The registry has no company called Pemberly Foods yet."},
    )
    # WHEN days later the same lookup finds it, and the user takes the answer in
    clock.advance(days=5)
    found = json.dumps({"company": "Pemberly Foods", "id": "C-118", "contact": "Ines Duarte"})
    dreamt_session(
        rules,
        alice,
        "s2",
        clock,
        {"text": "Look Pemberly Foods up again please."},
        lookup,
        {"kind": "tool_result", "tool": "registry.company", "ok": True, "output": found},
        {"role": "assistant", "text": "Found it: Pemberly Foods, contact Ines Duarte."},
        {"text": "Perfect, Ines Duarte then."},
    )
    # THEN the contact is known and the failure no longer stands
    assert [c.status for c in live_cards(rules, alice, "Ines Duarte")] == [Status.VERIFIED]
    failures = [c for c in live_cards(rules, alice, "Pemberly") if "no such company" in c.statement]
    assert failures and all(c.status is Status.REJECTED for c in failures)
