"""The agent owning up that a value it noted was wrong, giving the right one, and the user adopting it ("the
14th it is", or a plain "ok" when one value is given) is the user's correction of the note; the merge swaps a
date said whole into the card it replaces."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.value_swap import swapped
from reverie.domain.events import MessageEvent
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)
IDS = {"tenant_id": "t", "user_id": "u", "session_id": "s1"}
AGENT = (
    "The insurer's site says your policy runs 14 November 2026 to 13 November 2027. "
    "My earlier note of 1 December 2026 was an assumption and it was wrong."
)


def _session(agent: str, reply: str) -> list[str]:
    events = [
        MessageEvent(
            event_id="e1", ts=T0, role="user", text="when does my car insurance renew?", speaker="Ravi", **IDS
        ),
        MessageEvent(event_id="e2", ts=T0 + timedelta(minutes=1), role="assistant", text=agent, **IDS),
        MessageEvent(
            event_id="e3", ts=T0 + timedelta(minutes=2), role="user", text=reply, speaker="Ravi", **IDS
        ),
    ]
    return [c.statement for c in RuleReasoner().analyse(events).candidates]


def test_the_value_the_user_picks_by_name_puts_the_note_right() -> None:
    # GIVEN two November dates given: "November" names both, so which one is not known and nothing is kept
    assert not any("not 1 December 2026" in s for s in _session(AGENT, "right, November it is"))
    # THEN "the 14th" picks one: the sentence giving it, said of the user, with the value it denies
    picked = _session(AGENT, "ok, the 14th then")
    assert "Ravi's policy runs 14 November 2026, not 1 December 2026." in picked


def test_a_plain_yes_adopts_the_one_value_given() -> None:
    one = (
        "Checked the council's page: your bin day is 12 March. My earlier note of 19 March was a guess and it "
        "was wrong."
    )
    assert "Ravi's bin day is 12 March, not 19 March." in _session(one, "ok thanks")


def test_no_adoption_without_an_admission_a_pick_or_with_a_dispute() -> None:
    assert not any("not 1 December" in s for s in _session(AGENT, "no, that's not right"))
    plain = "The insurer's site says your policy runs 14 November 2026 to 13 November 2027."
    assert not any(", not " in s for s in _session(plain, "ok, the 14th then"))
    # the agent owning up to a value it does not give another of is nothing to adopt
    alone = "My earlier note of 1 December 2026 was wrong, sorry."
    assert not any("not 1 December" in s for s in _session(alone, "ok"))


def test_a_date_said_whole_is_swapped_into_the_card() -> None:
    note = held("Ravi's car insurance renews on 1 December 2026 with Admiral.")
    decision = decide(cand("Ravi's policy runs 14 November 2026, not 1 December 2026."), [note])
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "Ravi's car insurance renews on 14 November 2026 with Admiral."
    # a date the card does not hold is not swapped in
    assert swapped("It runs 14 November, not 3 October.", note.statement) is None
