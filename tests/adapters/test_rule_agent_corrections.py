"""The agent telling the user "your X is A, not B" and the user saying yes is the user's correction; the
merge then puts both values right in the card it replaces when they are said in parallel."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.value_swap import swapped
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

T0 = datetime(2026, 9, 14, 18, 0, tzinfo=UTC)
IDS = {"tenant_id": "t", "user_id": "u", "session_id": "s1"}
LISTING = (
    "payee          amount   next\nHarrow Council  £142.00  15/10/2026\nThames Water    £38.50   02/10/2026"
)


def msg(n: int, role: str, text: str, speaker: str | None = None) -> MessageEvent:
    ts = T0 + timedelta(minutes=n)
    return MessageEvent(event_id=f"e{n}", ts=ts, role=role, text=text, speaker=speaker, **IDS)


def session(agent: str, reply: str | None, speaker: str | None = "Tobi") -> list[str]:
    ts = T0 + timedelta(minutes=2)
    events: list[Event] = [
        msg(1, "user", "can you look at my direct debits", speaker),
        ToolCallEvent(event_id="c2", ts=ts, tool="bank.debits", call_id="k", args={}, **IDS),
        ToolResultEvent(
            event_id="r2", ts=ts, tool="bank.debits", call_id="k", ok=True, output=LISTING, **IDS
        ),
        msg(3, "assistant", agent),
    ]
    if reply is not None:
        events.append(msg(4, "user", reply, speaker))
    return [c.statement for c in RuleReasoner().analyse(events).candidates]


AGENT = "Your council tax is £142 on the 15th, not £128 on the 1st."


def test_a_yes_to_the_agents_correction_makes_it_the_users() -> None:
    # GIVEN the agent says what the user's debit really is, and the user answers with a yes
    said = session(AGENT, "ah yes, they moved it when the new year's bill came. fine")
    # THEN the correction is kept on the user's word, said of them
    assert "Tobi's council tax is £142 on the 15th, not £128 on the 1st." in said


def test_no_yes_no_correction() -> None:
    # GIVEN the user disputes it, says nothing, or answers a question the agent asked after it
    assert not any("£142" in s and "not £128" in s for s in session(AGENT, "no, that's the old one"))
    assert not any("not £128" in s for s in session(AGENT, None))
    asked = f"{AGENT} Shall I change the budget to match?"
    assert not any("not £128" in s for s in session(asked, "yes please"))
    # and the agent saying a value without denying another, or of something not the user's, is no correction
    assert not any("not " in s for s in session("The council's rate is £142 on the 15th, not £128.", "yes"))


def test_a_parallel_correction_puts_each_value_right_in_the_card() -> None:
    # GIVEN the card of the old debit, WHEN the confirmed correction comes
    old = held("Council tax is £128 a month, paid on the 1st.")
    decision = decide(cand("Tobi's council tax is £142 on the 15th, not £128 on the 1st."), [old])
    # THEN the card is replaced by itself with both values put right, the rest kept
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "Council tax is £142 a month, paid on the 15th."


def test_a_parallel_swap_needs_every_pair() -> None:
    # GIVEN sides that are not said alike, a pair of two kinds, or a denied value the card does not hold
    assert swapped("It is £142 on the 15th, not the 1st and £128.", "Tax is £128, paid on the 1st.") is None
    assert swapped("Class is 6pm on the 3rd, not 7pm on the 2nd.", "Class is 7pm on the 4th.") is None
    # THEN nothing of the parallel reading is swapped; a pair of one kind alone still swaps
    assert swapped("It is 6pm on the 3rd, not 7pm on the 2nd.", "Class is 7pm on the 2nd.") == (
        "Class is 6pm on the 3rd."
    )


def test_a_bare_things_value_is_the_users_when_the_yes_repeats_it() -> None:
    # GIVEN the agent reads the schedule and puts the time right; the user says yes and repeats the time
    said = session("The sync job starts at 23:15 every night, not 22:00.", "yes 23:15, the 10pm one was old")
    # THEN the correction is the user's
    assert "Tobi's sync job starts at 23:15 every night, not 22:00." in said
    # NEGATIVE: a bare yes to a thing the agent names bare does not say the thing is the user's
    assert not any(
        "23:15" in s for s in session("The sync job starts at 23:15 every night, not 22:00.", "yes")
    )
