"""The user asking their agent to forget something: a request naming a topic, never a fact to keep."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.forget_requests import forget_topic
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def forgets(text: str) -> list[str | None]:
    return [c.forgets for c in S.extract(S.told(text)) if c.forgets]


def test_a_request_to_forget_what_was_said_about_a_topic_names_the_topic() -> None:
    # GIVEN the user asking the agent to delete what they said about something
    # WHEN the session is read
    # THEN one candidate asks to forget that topic, and no card-worthy statement of the request is kept
    text = "could you please delete everything I said about my old flatmate, it's none of your business"
    assert forgets(text) == ["my old flatmate"]
    assert not [s for s in S.statements(text) if "delete" in s.lower()]


def test_forget_requests_in_other_wordings() -> None:
    assert forget_topic("Oh and forget about the loan from my uncle.") == "the loan from my uncle"
    assert forget_topic("pls stop remembering stuff about my divorce") is None  # no "about" after the verb
    assert forget_topic("pls stop remembering the stuff I mentioned about my divorce") == "my divorce"
    assert forget_topic("Can you wipe what I told you about the surgery?") == "the surgery"


def test_a_reminder_or_ones_own_forgetting_is_no_request() -> None:
    # GIVEN "don't forget about ..." (a reminder) and the speaker's own forgetfulness
    # THEN nothing is asked to be forgotten, and what was said is kept as usual
    assert forget_topic("Don't forget about the plumber on Tuesday") is None
    assert forget_topic("I always forget about my gym membership") is None
    assert forgets("I always forget about my gym membership, it renews in May") == []


def test_the_rest_of_the_message_is_still_read() -> None:
    # GIVEN a forget request beside an unrelated fact in another sentence
    said = S.statements("I teach piano at Holm Lane school. Please forget what I said about my landlord.")
    assert any("piano" in s for s in said)
    assert forgets("I teach piano at Holm Lane school. Please forget what I said about my landlord.") == [
        "my landlord"
    ]
