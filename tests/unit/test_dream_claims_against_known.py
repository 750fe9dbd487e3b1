"""Someone else's claim, held as a guess, against what the user said themselves (service level, rule reasoner,
in-memory fakes): another value of the same thing is a conflict with an open review item; the same value, or
a claim about something else, leaves the user's card as it was."""

from __future__ import annotations

import json

from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import conflict_reviews, dreamt_session, live_cards


def _two_sessions(b: Backends, scope: Scope, clock: Clock, pasted: str) -> None:
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": "Kofi's wedding is on 12 June."},
        {"role": "assistant", "text": "Noted."},
    )
    clock.advance(days=10)
    dreamt_session(
        b,
        scope,
        "s2",
        clock,
        {"text": f"my cousin sent this:\n\n{pasted}"},
        {"role": "assistant", "text": "Thanks."},
    )


def test_a_pasted_claim_of_another_date_is_a_conflict_with_the_users_own(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user's own date for a wedding, and later a pasted chat line giving another
    _two_sessions(rules, alice, clock, "[20/05, 18:02] Ama: don't forget Kofi's wedding on 19 June!!")
    # THEN both are conflicting, with one open conflict review item naming both
    cards = live_cards(rules, alice, "wedding")
    assert len(cards) == 2
    assert {c.status for c in cards} == {Status.CONFLICTING}
    assert conflict_reviews(rules, alice) == [sorted(c.memory_id for c in cards)]


def test_a_pasted_claim_of_the_same_date_or_of_something_else_is_no_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a pasted line agreeing with the user's date, in one account, and one about another thing in another
    _two_sessions(rules, alice, clock, "[20/05, 18:02] Ama: don't forget Kofi's wedding on 12 June!!")
    bob = alice.model_copy(update={"user_id": "bob"})
    _two_sessions(rules, bob, clock, "[20/05, 18:02] Ama: don't forget Yaw's graduation on 19 June!!")
    # THEN the user's own card stays verified and nothing goes to review
    for scope in (alice, bob):
        own = [c for c in live_cards(rules, scope, "wedding") if "according to" not in c.statement]
        assert [c.status for c in own] == [Status.VERIFIED]
        assert conflict_reviews(rules, scope) == []


def _pasted_then_looked_up(b: Backends, scope: Scope, clock: Clock, reply: str) -> None:
    """The user pastes an export of their own record; days later a tool gives another value of one field, the
    agent tells both, and the user replies."""
    export = json.dumps({"patient": "Omar Haddad", "hba1c_pct": 6.8, "clinic": "Hillside"})
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": f"this is my lab export\n{export}"},
        {"role": "assistant", "text": "Got it."},
    )
    clock.advance(days=5)
    portal = json.dumps({"patient": "Omar Haddad", "hba1c": 7.4})
    dreamt_session(
        b,
        scope,
        "s2",
        clock,
        {"text": "What does the portal say my HbA1c is?"},
        {"kind": "tool_call", "tool": "clinic.portal", "call_id": "c1", "args": {}},
        {"kind": "tool_result", "tool": "clinic.portal", "call_id": "c1", "ok": True, "output": portal},
        {"role": "assistant", "text": "The portal has your hba1c at 7.4, your export said 6.8%."},
        {"text": reply},
    )


def test_a_tools_value_the_user_cannot_tell_from_their_own_record_is_a_conflict(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a record the user pasted (its field named with its unit), and a tool's other value for the field
    _pasted_then_looked_up(rules, alice, clock, "Hmm, not sure which one to believe.")
    # THEN the pasted field is a fact in the record's slot, and the two values conflict, with a review item
    cards = live_cards(rules, alice, "hba1c")
    assert {c.statement for c in cards} == {
        "Omar Haddad's hba1c: 6.8%.",
        "Omar Haddad's hba1c: 7.4 (according to clinic.portal).",
    }
    assert {c.status for c in cards} == {Status.CONFLICTING}
    assert conflict_reviews(rules, alice) == [sorted(c.memory_id for c in cards)]


def test_a_tools_value_the_user_rejects_leaves_their_own_record_as_it_was(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the same two values, the user saying the tool is wrong
    _pasted_then_looked_up(rules, alice, clock, "No, that's wrong, the portal is behind.")
    # THEN their own value stays verified, the tool's is no more than a guess, and nothing goes to review
    own = [c for c in live_cards(rules, alice, "hba1c") if c.status is Status.VERIFIED]
    assert [c.statement for c in own] == ["Omar Haddad's hba1c: 6.8%."]
    assert conflict_reviews(rules, alice) == []


def _held_then_noticed(b: Backends, scope: Scope, clock: Clock, notice: str) -> None:
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": "My dental check-up is on 2 April."},
        {"role": "assistant", "text": "Ok."},
    )
    clock.advance(days=9)
    dreamt_session(b, scope, "s2", clock, {"text": notice}, {"role": "assistant", "text": "Noted."})


def test_a_notice_of_another_day_the_user_doubts_is_a_conflict_with_the_day_they_held(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a day the user gave, then a notice giving another that they are not sure of
    _held_then_noticed(
        rules,
        alice,
        clock,
        "The receptionist emailed, the check-up is booked for 9 April. No idea who's right.",
    )
    # THEN the two days conflict, with one review item
    cards = live_cards(rules, alice, "check-up")
    assert {c.status for c in cards} == {Status.CONFLICTING} and len(cards) == 2
    assert conflict_reviews(rules, alice) == [sorted(c.memory_id for c in cards)]


def test_a_notice_of_another_day_taken_as_news_replaces_the_day_held(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the same notice with no doubt about it
    _held_then_noticed(rules, alice, clock, "The receptionist emailed, the check-up is booked for 9 April.")
    # THEN the new day is the one held, and nothing goes to review
    cards = [c for c in live_cards(rules, alice, "check-up") if c.layer.value == "L3"]
    assert [c.status for c in cards] == [Status.VERIFIED] and "9 April" in cards[0].statement
    assert conflict_reviews(rules, alice) == []
