"""The agent tells the user that a tool it read gives another value than the one the user said ("The
registry shows 2 April, not 14 March"): when the user leaves it open ("not sure, I'll look"), the tool's
value is a claim of its own on the user's slot and the dream shows both conflicting with a review item;
a reply taking a side, a value the agent read nowhere, or a "not" about nothing the user said adds nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.told_otherwise import told
from reverie.domain.events import Event
from reverie.domain.models import Scope, SourceKind, Status
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.fakes.backends import fake_backends
from tests.fakes.rule_session import RuleSession
from tests.unit.helpers import dreamt_session, live_cards

SESSION = RuleSession(datetime(2026, 2, 10, 18, 0, tzinfo=UTC))
MINE = "My van's MOT is due on 14 March."
OUTPUT = "reg: KX19 TNB | make: Ford Transit | mot_due: 2 April 2027 | tax: paid"
TOLD = "The DVLA record shows 2 April, not 14 March. Which is right?"
OPEN = "Not sure, I'll look at the certificate tonight."


def _session(reply: str | None, told_text: str = TOLD, output: str = OUTPUT) -> list[Event]:
    events = [
        SESSION.ev("a0", 0, role="assistant", text="Hi Osagie, what can I do?"),
        SESSION.ev("m1", 10, text=MINE),
        SESSION.ev("c1", 20, kind="tool_call", tool="dvla.vehicle", call_id="c1", args={"reg": "KX19 TNB"}),
        SESSION.ev("r1", 30, kind="tool_result", tool="dvla.vehicle", call_id="c1", ok=True, output=output),
        SESSION.ev("a1", 40, role="assistant", text=told_text),
    ]
    return events + ([SESSION.ev("m2", 50, text=reply)] if reply is not None else [])


def _tool_claims(events: list[Event]) -> list[str]:
    return [c.statement for c in SESSION.extract(events) if c.source.kind is SourceKind.TOOL]


def test_the_sentence_names_the_source_the_value_it_gives_and_the_one_it_denies() -> None:
    # GIVEN an agent's sentence setting a source's value against another
    found = told("Your bank statement has the rent at £1,320, not £1,230.")
    # THEN it reads who gives which value
    assert found is not None
    assert (found.source, found.given, found.denied) == (
        "Your bank statement",
        "the rent at £1,320",
        "£1,230",
    )
    # ... and a sentence with a "not" that sets no source against anything is none
    assert told("I could not find the booking, sorry.") is None


def test_left_open_the_tools_value_is_its_claim_on_the_users_slot() -> None:
    # GIVEN the user leaving the disagreement open
    candidates = SESSION.extract(_session(OPEN))
    [theirs] = [c for c in candidates if c.source.kind is SourceKind.TOOL]
    [mine] = [c for c in candidates if "14 March" in c.statement]
    # THEN the tool's value is said of the user's thing, attributed, on the slot of the user's statement
    assert "MOT is due on 2 April" in theirs.statement and "according to the DVLA record" in theirs.statement
    assert theirs.key == mine.key is not None and theirs.source.name == "dvla.vehicle"


def test_a_reply_taking_a_side_adds_no_claim() -> None:
    # GIVEN the user settling it either way
    for reply in ("Oh right, 2 April then.", "No, it's definitely 14 March."):
        # THEN this reading keeps no claim of the tool's
        assert _tool_claims(_session(reply)) == [], reply


def test_a_value_the_agent_read_nowhere_or_a_not_about_something_else_adds_nothing() -> None:
    # GIVEN the agent giving a value no tool output holds
    assert _tool_claims(_session(OPEN, output="reg: KX19 TNB | make: Ford Transit | tax: paid")) == []
    # ... or denying a value the user never said
    assert _tool_claims(_session(OPEN, told_text="The DVLA record shows 2 April, not 20 May.")) == []


def test_through_the_dream_both_conflict_with_a_review_and_recall_flags_them(
    alice: Scope, clock: Clock
) -> None:
    b = fake_backends(clock, reasoner=RuleReasoner())
    # GIVEN a session where the user leaves open which date is right
    dreamt_session(
        b,
        alice,
        "s1",
        clock,
        {"text": MINE},
        {"kind": "tool_call", "tool": "dvla.vehicle", "call_id": "c1", "args": {}},
        {"kind": "tool_result", "tool": "dvla.vehicle", "call_id": "c1", "ok": True, "output": OUTPUT},
        {"role": "assistant", "text": TOLD},
        {"text": OPEN},
    )
    # THEN both dates are conflicting cards named in one open conflict review
    cards = live_cards(b, alice, "MOT")
    assert {c.status for c in cards} == {Status.CONFLICTING} and len(cards) == 2
    reviews = b.runs.list_reviews(alice.tenant_id, alice.user_id or "", "open")
    assert [(r.reason, sorted(r.memory_ids)) for r in reviews] == [
        ("conflict", sorted(c.memory_id for c in cards))
    ]
    # ... and recall shows them under the conflicts heading, not as two bare facts
    context = build_context(b, "When is my van's MOT due?", alice, 400).text
    assert "Unresolved conflicts" in context and "14 March" in context and "2 April" in context


def test_through_the_dream_a_settled_reply_opens_no_conflict(alice: Scope, clock: Clock) -> None:
    b = fake_backends(clock, reasoner=RuleReasoner())
    # GIVEN the same session where the user keeps their own date
    dreamt_session(
        b,
        alice,
        "s1",
        clock,
        {"text": MINE},
        {"kind": "tool_call", "tool": "dvla.vehicle", "call_id": "c1", "args": {}},
        {"kind": "tool_result", "tool": "dvla.vehicle", "call_id": "c1", "ok": True, "output": OUTPUT},
        {"role": "assistant", "text": TOLD},
        {"text": "No, it's definitely 14 March."},
    )
    # THEN no conflict is opened
    reviews = b.runs.list_reviews(alice.tenant_id, alice.user_id or "", "open")
    assert [r for r in reviews if r.reason == "conflict"] == []
