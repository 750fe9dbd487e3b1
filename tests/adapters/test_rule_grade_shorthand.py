"""A grade said without "at" ("I'm band 6", "we're level 2 now") is a fact about the speaker, in her terms."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.events import MessageEvent


def _statements(text: str) -> list[str]:
    event = MessageEvent(
        event_id="e0",
        session_id="s",
        tenant_id="t",
        user_id="u",
        ts=datetime(2026, 5, 4, 7, 0, tzinfo=UTC),
        role="user",
        text=text,
    )
    return [c.statement for c in RuleReasoner().analyse([event]).candidates]


def test_grade_without_at_is_kept_third_person() -> None:
    # GIVEN a paramedic's shorthand WHEN she gives her band with no "at" THEN it is kept, in her words
    said = _statements("btw i'm band 6, mostly on lates, station 2.")
    assert any("band 6" in s and s.startswith("The user") for s in said)
    assert not any("i'm" in s.lower() for s in said)


def test_level_of_a_course_without_at_is_kept() -> None:
    # GIVEN a learner WHEN he says which level he is THEN it is a fact about him
    assert any("level 3" in s for s in _statements("I'm level 3 in the Welsh class."))


def test_a_word_that_is_not_a_grade_is_not_read_as_one() -> None:
    # GIVEN "level" as an adjective with no value after it WHEN said THEN no grade fact is made of it
    assert not any("level" in s for s in _statements("I'm level with you on that."))
