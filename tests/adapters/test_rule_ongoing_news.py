"""News a parent brings of a child's schoolwork, in a learner's English: what was handed in and the grade it got
(a grade's dash is part of it: "B+", "A-"), opened by "Good news,"; and what the child is now working on or
needs help with, for weeks ("she need help to learn ..."), with "she" read as the one child named. A need that
names nothing ("Tom needs help") is not kept."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 16, 0, tzinfo=UTC))


def test_what_was_handed_in_and_its_grade_are_kept_with_the_grade_whole() -> None:
    # GIVEN news of a finished essay and its grade, opened by "Good news"
    said = SESSION.statements("Good news, the history essay is handed in and Mateusz got B-!")
    # THEN the news is one plain sentence, grade and all
    assert said == ["The history essay is handed in and Mateusz got B-."]


def test_what_a_named_child_now_needs_help_with_is_kept_with_she_resolved() -> None:
    # GIVEN the child named in one sentence, then "she" with what she needs help with (a learner's "need")
    said = SESSION.statements(
        "Amelka got her swimming badge. Now she need help to learn French verbs, the irregular ones are hard."
    )
    # THEN what she needs is kept about her by name, its verb agreeing
    assert "Amelka needs help to learn French verbs, the irregular ones are hard." in said


def test_a_need_that_names_nothing_is_not_kept() -> None:
    # GIVEN needs that say nothing of what is needed
    # THEN nothing is kept
    assert SESSION.statements("Now Tom needs help.") == []
    assert SESSION.statements("Tom needs help with it.") == []
