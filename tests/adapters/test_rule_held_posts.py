"""A post the speaker holds, said the British way without an article ("I'm treasurer of the bowls club"), is
kept as the same lasting fact as "I'm a treasurer ..."; a state said with the same prepositions ("I'm late
for", "I'm better at") is not a post."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.held_roles import holds_a_post
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 8, 3, 20, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I'm treasurer of the Ashby bowls club.", "The user is treasurer of the Ashby bowls club."),
        ("I'm deputy head at Riverside Primary.", "The user is deputy head at Riverside Primary."),
        ("This year I'm team captain for the Ealing Eagles.", "Ealing Eagles"),
    ],
)
def test_a_post_held_without_an_article_is_kept_as_a_fact(text: str, kept: str) -> None:
    said = SESSION.statements(text)
    assert len(said) == 1
    assert kept in said[0]


@pytest.mark.parametrize(
    "text",
    [
        "I'm late for the dentist.",
        "I'm better at chess than my brother.",
        "I'm done with the gym.",
        "I'm sorry for the delay.",
    ],
)
def test_a_state_with_the_same_prepositions_is_not_a_post(text: str) -> None:
    assert not holds_a_post(text)
    assert not any("late for" in s or "done with" in s for s in SESSION.statements(text))
