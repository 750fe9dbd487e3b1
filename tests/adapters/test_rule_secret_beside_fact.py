"""A secret costs only itself: a message that pastes a key beside news of the user's setup keeps the news.
A clause about a thing named bare, as chat does ("backups go to Backblaze now"), followed by the speaker's
own clause, is a statement of its own, not the lead-in of the speaker's clause."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 2, 11, 0, tzinfo=UTC))


def test_news_beside_a_pasted_key_is_kept_and_the_key_is_not() -> None:
    # GIVEN news about a service and its live key in one message, then a request
    text = (
        "heads up: receipts go through Postmarkly now, we dropped Sendgrid in April. "
        "api key is pm_live_Q7v2Lx9TzR4kW8nB3, can you wire it into the mailer?"
    )
    said = SESSION.statements(text)
    # THEN the switch is a card, each clause its own, and the key is nowhere
    assert any("Postmarkly" in s for s in said)
    assert any("Sendgrid" in s for s in said)
    assert not any("Postmarkly" in s and "Sendgrid" in s for s in said)
    assert not any("Q7v2Lx9TzR4kW8nB3" in s for s in said)
    assert any(reason == "secret" for reason, _ in SESSION.dropped(text))


def test_a_vague_bare_clause_before_the_speakers_own_is_not_split_off() -> None:
    # GIVEN a lead-in that names nothing specific, then the speaker's statement
    said = SESSION.statements("kids grow up fast, we moved to Leeds in May.")
    # THEN only the speaker's statement is kept
    assert said == ["The user moved to Leeds in May."]
