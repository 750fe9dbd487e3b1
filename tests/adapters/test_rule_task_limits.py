"""A limit said in a few words after the speaker's own question ("can you plan a route? three stops max") is a
detail of that task, done once, not a card; the same words as the speaker's own habit are a statement."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 20, 18, 0, tzinfo=UTC))


def test_a_limit_after_the_speakers_own_question_is_that_tasks_detail() -> None:
    # GIVEN requests, each followed by a verbless limit
    for text in (
        "could you put together a reading list on Roman Britain? five books tops",
        "can you find a hotel near Porto station? under €120",
    ):
        # THEN nothing is kept, and the limit is dropped as part of the request
        assert SESSION.statements(text) == []
        assert ("request", text.split("? ")[1]) in SESSION.dropped(text)


def test_the_same_limit_as_the_speakers_own_habit_is_kept() -> None:
    # GIVEN a limit the speaker keeps to, said with its subject and verb
    said = SESSION.statements("I drink two coffees max a day.")
    # THEN it is a statement about them
    assert len(said) == 1 and "two coffees" in said[0]
