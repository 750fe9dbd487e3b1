"""'How much X did I pay?' asks for the value of the asker's own X, as 'what is my X?' does: two outputs giving
it two values at once are two claims in one slot (they conflict), not two bare facts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.answers import asked
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent

T0 = datetime(2026, 1, 12, 8, 0, tzinfo=UTC)
IDS = {"tenant_id": "t", "user_id": "u", "session_id": "s1"}


def test_how_much_did_i_pay_asks_for_the_askers_own_thing() -> None:
    found = asked("how many leave days do we get this year, and can I carry any over?", "Imke")
    assert found is not None and (found.thing, found.key) == ("leave days", "imke.leave_days")
    assert asked("how much did the plumber charge the Hendersons?", "Imke") is None
    assert asked("how much sugar goes in a sponge?", "Imke") is None


def test_two_outputs_giving_the_askers_thing_two_values_share_its_slot() -> None:
    def at(n: int) -> datetime:
        return T0 + timedelta(minutes=n)

    events: list[Event] = [
        MessageEvent(
            event_id="e1", ts=at(1), role="user", text="how many leave days do I get?", speaker="Imke", **IDS
        ),
        ToolCallEvent(event_id="c2", ts=at(2), tool="hr.lookup", call_id="a", args={}, **IDS),
        ToolResultEvent(
            event_id="e2",
            ts=at(2),
            tool="hr.lookup",
            call_id="a",
            ok=True,
            output="Your contract grants 25 leave days per calendar year. Unused days lapse in March.",
            **IDS,
        ),
        ToolCallEvent(event_id="c3", ts=at(3), tool="email.search", call_id="b", args={}, **IDS),
        ToolResultEvent(
            event_id="e3",
            ts=at(3),
            tool="email.search",
            call_id="b",
            ok=True,
            output="Hi Imke, as agreed at your review you now get 28 leave days a year. Best, Jo",
            **IDS,
        ),
        MessageEvent(
            event_id="e4",
            ts=at(4),
            role="assistant",
            text="They don't match: the contract says 25 days, Jo's email says 28.",
            **IDS,
        ),
        MessageEvent(
            event_id="e5", ts=at(5), role="user", text="ugh. leave it for now", speaker="Imke", **IDS
        ),
    ]
    kept = [c for c in RuleReasoner().analyse(events).candidates if c.key == "imke.leave_days"]
    assert sorted(n for c in kept for n in ("25", "28") if n in c.statement) == ["25", "28"]
