"""The agent's note of a conversation that says otherwise than the user did in it is a misrecording: the
user's words are verified, the note is rejected, in the very run that reads both."""

from __future__ import annotations

from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from tests.conftest import Clock
from tests.unit.test_consolidation import agent_note, live_saying, say, statuses_of


def test_an_agents_note_contradicting_the_users_words_of_the_same_session_is_rejected(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user says how often she does something, and the agent's note of it gets it wrong
    say(rules, alice, "s1", clock, "I water the orchids three times a week, in the morning.")
    agent_note(rules, alice, "s1", clock, "Alice waters the orchids once a week.")
    # WHEN that session is dreamt
    dream(rules, "t1", "alice")
    # THEN the note is rejected and what she said is what memory holds
    assert statuses_of(rules, alice, "once a week") == {Status.REJECTED}
    assert live_saying(rules, alice, "three times a week")


def test_an_agents_note_agreeing_with_the_user_is_not_rejected(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    say(rules, alice, "s1", clock, "I water the orchids three times a week.")
    agent_note(rules, alice, "s1", clock, "Alice waters the orchids three times a week, before work.")
    dream(rules, "t1", "alice")
    assert Status.REJECTED not in statuses_of(rules, alice, "orchids")
