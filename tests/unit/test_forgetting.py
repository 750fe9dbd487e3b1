"""A user asking the agent to forget a topic: the dream archives their cards about it, with the request as the
reason, and never shows or restores them from the old turns; cards on other topics stay."""

from __future__ import annotations

from reverie.domain.models import Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from tests.conftest import Clock
from tests.unit.test_consolidation import b, dreamt, live_saying

__all__ = ["b"]  # the fixture, parametrised over the stores


def test_asking_to_forget_a_topic_archives_its_cards_and_keeps_the_rest(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a card about the user's lawyer and one about their allotment
    dreamt(
        b, alice, "s1", clock, "My lawyer is Ms Okafor at Brant & Co.", "I keep an allotment on Vale Road."
    )
    assert live_saying(b, alice, "Okafor")
    # WHEN a week later the user asks the agent to forget what they said about the lawyer
    run = dreamt(b, alice, "s2", clock, "Please forget what I told you about my lawyer.", days_later=7)
    # THEN the lawyer's card is archived, with the reason recorded in that run; the allotment stays
    assert not live_saying(b, alice, "Okafor") and not live_saying(b, alice, "forget")
    assert live_saying(b, alice, "allotment")
    changes = b.runs.changes(alice.tenant_id, run.run_id)
    assert any(ch.reason and ch.reason.startswith("forgotten") for ch in changes)
    archived = b.notes.query(CardQuery(scope=alice, statuses=frozenset({Status.ARCHIVED}), limit=100))
    assert [c for c in archived if "Okafor" in c.statement]


def test_a_forgotten_card_is_not_restored_by_dreaming_the_old_session_again(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a forgotten card
    dreamt(b, alice, "s1", clock, "My lawyer is Ms Okafor at Brant & Co.")
    dreamt(b, alice, "s2", clock, "Please forget what I told you about my lawyer.", days_later=7)
    # WHEN the old session grows and is dreamt again (its old turn read once more)
    dreamt(b, alice, "s1", clock, "I keep an allotment on Vale Road.", days_later=1)
    dream(b, alice.tenant_id, alice.user_id or "")
    # THEN the lawyer stays forgotten
    assert not live_saying(b, alice, "Okafor")


def test_a_reminder_not_to_forget_retires_nothing(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN a card about the lawyer, WHEN the user says "don't forget about my lawyer's letter"
    dreamt(b, alice, "s1", clock, "My lawyer is Ms Okafor at Brant & Co.")
    dreamt(b, alice, "s2", clock, "Don't forget about my lawyer, she calls on Monday.", days_later=2)
    # THEN the card is still shown
    assert live_saying(b, alice, "Okafor")
