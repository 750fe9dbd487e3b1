"""A learner's grammar and terse chat are read as plain English: a subject taken up again by a pronoun, the
present tense with "since" and a time, "working by" a workplace, a rule that points back with "then" at the
time just named, and chat shortenings of weekdays and meetings. What is already English stays as it was."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.plain_english import plain
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 8, 0, tzinfo=UTC))


def test_a_learners_sentence_about_someone_close_is_stored_grammatically() -> None:
    # GIVEN a Dutch speaker's English: the name taken up by "he", the present with "since", "by" for "at"
    said = SESSION.statements("My sister Anouk she is working since last spring by the Rabobank in Utrecht.")
    # THEN the card reads as English, and keeps what it names
    assert said == ["The user's sister Anouk has been working since last spring at the Rabobank in Utrecht."]


def test_the_present_with_since_and_a_time_becomes_the_perfect() -> None:
    # GIVEN what began in the past and goes on, in the simple present and the progressive
    assert plain("We live in Lyon since 2021.") == "We have lived in Lyon since 2021."
    assert plain("I'm teaching Year 5 since September.") == "I've been teaching Year 5 since September."
    assert plain("Tariq works by Airbus since May.") == "Tariq has worked at Airbus since May."


def test_since_giving_a_reason_and_english_by_are_left_alone() -> None:
    # GIVEN "since" meaning "because", a passive "by", and a sentence that is already English
    for text in (
        "She is cycling to work since the buses are on strike.",
        "The rota was worked out by the Parish Council.",
        "He is employed by Lidl since March.",
        "I have lived in Lyon since 2021.",
        "Priya's wedding since April is all the family talks about.",
    ):
        # THEN nothing is rewritten
        assert plain(text) == text


def test_a_rule_pointing_back_with_then_carries_the_time_it_points_at() -> None:
    # GIVEN a routine with its times, then a rule for "then", typed tersely
    said = SESSION.statements("fyi im at the climbing wall every tues n weds 6-8pm, pls dont ring me then")
    # THEN one rule names the time it is about, in full words, and nothing reads "then" alone
    assert said == [
        "Don't ring the user when the user is at the climbing wall every Tuesday and Wednesday 6-8pm."
    ]


def test_then_meaning_in_that_case_is_not_a_time() -> None:
    # GIVEN "then" after a clause that names no time: "in that case"
    text = "I'm off gluten these days, don't order the pasta then."
    # THEN it is not turned into a condition
    assert plain(text) == text
