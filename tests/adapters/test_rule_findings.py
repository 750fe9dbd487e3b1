"""What the agent found with its tools in place of a value that failed, taken in by the user, replaces the
value: kept as "<finding>, not <failed value>", citing the output that showed it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.merge import decide
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
IDS = {"tenant_id": "t", "user_id": "u", "session_id": "s1"}


def msg(n: int, role: str, text: str, speaker: str | None = None) -> MessageEvent:
    ts = T0 + timedelta(minutes=n)
    return MessageEvent(event_id=f"e{n}", ts=ts, role=role, text=text, speaker=speaker, **IDS)


def tool(n: int, output: str, ok: bool = True) -> list[Event]:
    ts = T0 + timedelta(minutes=n)
    call = ToolCallEvent(event_id=f"c{n}", ts=ts, tool="shell", call_id=f"k{n}", args={"cmd": "x"}, **IDS)
    result = ToolResultEvent(
        event_id=f"r{n}", ts=ts, tool="shell", call_id=f"k{n}", ok=ok, output=output, **IDS
    )
    return [call, result]


def session(reply: str, agent: str, output: str = "mounted /mnt/photos-2024 on nas-02") -> list[str]:
    events = [
        msg(1, "user", "can you copy the wedding photos over to the NAS", "Odile"),
        *tool(2, output),
        msg(3, "assistant", agent),
        msg(4, "user", reply, "Odile"),
    ]
    return [c.statement for c in RuleReasoner().analyse(events).candidates]


def test_a_found_value_replacing_a_failed_one_is_kept_with_the_value_it_replaces() -> None:
    # GIVEN the agent says the old path fails and where the user's photos are, shown by the output
    said = session(
        "right, thanks", "/mnt/photos doesn't exist; your photo share is /mnt/photos-2024 on the NAS."
    )
    # THEN the finding is the user's, naming the value it replaces
    assert "Odile's photo share is /mnt/photos-2024, not /mnt/photos on the NAS." in said


def test_a_disputed_finding_or_one_no_output_showed_is_not_kept() -> None:
    agent = "/mnt/photos doesn't exist; your photo share is /mnt/photos-2024 on the NAS."
    assert not any("not /mnt/photos" in s for s in session("no, that's wrong", agent))
    unseen = "/mnt/photos doesn't exist; your photo share is /mnt/pics-2024 on the NAS."
    assert not any("pics-2024" in s for s in session("right, thanks", unseen))


def test_a_finding_without_a_failed_value_is_left_alone() -> None:
    said = session("right, thanks", "Your photo share is /mnt/photos-2024 on the NAS.")
    assert not any("not " in s for s in said)


def test_the_finding_supersedes_the_held_value_it_names_and_not_another_one() -> None:
    finding = cand("Odile's photo share is /mnt/photos-2024, not /mnt/photos on the NAS.")
    wrong = held("Odile's photos live in /mnt/photos on the NAS.")
    other = held("Odile's music lives in /mnt/music on the NAS.")
    assert decide(finding, [wrong]).action is MergeAction.SUPERSEDE
    assert decide(finding, [other]).action is not MergeAction.SUPERSEDE
