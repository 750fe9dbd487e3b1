"""Someone else's claim, held as a guess, against what the user said themselves (service level, rule reasoner,
in-memory fakes): another value of the same thing is a conflict with an open review item; the same value, or
a claim about something else, leaves the user's card as it was."""

from __future__ import annotations

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
