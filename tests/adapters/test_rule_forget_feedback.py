"""A request to forget given as feedback ("Forget everything about Sam; never bring him up") is the request,
not a correction to keep: a card quoting it would name what the user put away."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 6, 14, 20, 0, tzinfo=UTC))


def test_forget_feedback_becomes_one_request_and_no_correction_card() -> None:
    # GIVEN the user asking in a message and the same request recorded as correction feedback
    events = [
        S.ev("a0", 0, role="assistant", text="Anything else?"),
        S.ev("m1", 5, text="We split up. Can you forget everything about Ravi please."),
        S.ev(
            "f1",
            6,
            kind="feedback",
            signal="correction",
            text="Forget everything about Ravi; never mention him.",
        ),
    ]
    # WHEN the session is read
    found = S.extract(events)
    # THEN one candidate asks to forget him, and no card-worthy correction names him
    assert [c.forgets for c in found if c.forgets] == ["Ravi"]
    assert not [c for c in found if not c.forgets and "Ravi" in c.statement]


def test_other_correction_feedback_is_still_a_correction() -> None:
    events = [
        S.ev("a0", 0, role="assistant", text="Booked the 7pm table."),
        S.ev(
            "f1", 6, kind="feedback", signal="correction", text="Ravi's birthday dinner is at 8pm, not 7pm."
        ),
    ]
    found = S.extract(events)
    assert [c.type for c in found] == [MemoryType.CORRECTION]
    assert not [c for c in found if c.forgets]
