"""What a sentence opens with before its subject is read where the rules look for it: a post the speaker
writes in ("As treasurer of ..., I ...") becomes its own fact, a fronted adverb of habit goes after the
subject, and a clause said first in another language and then again in English after "so" is read in
English; a level reached ("I'm at B2 level in German") is a fact about the speaker."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.openings import adverb_after_subject, fronted_post, restated_in_english
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 9, 30, tzinfo=UTC))


def test_a_post_written_in_is_kept_as_its_own_fact() -> None:
    # GIVEN a request made in the name of a post the user holds
    said = SESSION.statements(
        "As secretary of the Hartley Road Allotment Society, I need to email the water board."
    )
    # THEN the post is kept as a lasting fact of its own
    assert said[0] == "The user is secretary of the Hartley Road Allotment Society."


@pytest.mark.parametrize(
    "text",
    [
        "As a result, I need a new passport.",
        "As a rule, I never reply after 9pm.",
        "As promised, I sent the photos.",
    ],
)
def test_an_opening_with_as_that_names_no_post_is_left_alone(text: str) -> None:
    assert fronted_post(text) == (None, text)


@pytest.mark.parametrize(
    ("text", "moved"),
    [
        ("Normally I cycle to the depot.", "I normally cycle to the depot."),
        ("Usually, we're in bed by ten.", "we're usually in bed by ten."),
        ("Mostly I'd take the tram.", "I'd mostly take the tram."),
    ],
)
def test_a_fronted_adverb_of_habit_goes_after_the_subject(text: str, moved: str) -> None:
    assert adverb_after_subject(text).lower() == moved.lower()


def test_a_habit_with_its_adverb_in_front_is_kept() -> None:
    said = SESSION.statements("Normally I take the 7:40 ferry to Gosport.")
    assert len(said) == 1
    assert "normally takes the 7:40 ferry to Gosport" in said[0]


def test_the_adverb_is_not_moved_when_no_speaker_follows() -> None:
    text = "Usually the bins go out on Monday."
    assert adverb_after_subject(text) == text


def test_a_statement_said_again_in_english_after_so_is_read_in_english() -> None:
    # GIVEN a clause in another language, then "so" and the same thing in English with its code
    said = SESSION.statements("ich bin jetzt B2, so I'm at B2 level in German, reading Der Vorleser.")
    # THEN the English telling is the fact, the first one is dropped as said twice
    assert said == ["The user is at B2 level in German, reading Der Vorleser."]
    assert ("said again after it", "ich bin jetzt B2") in SESSION.dropped(
        "ich bin jetzt B2, so I'm at B2 level in German, reading Der Vorleser."
    )


@pytest.mark.parametrize(
    "text",
    [
        # the first clause is an English statement of its own
        "We moved to Leeds in 2019, so our kids go to school in Leeds.",
        # the clause after "so" does not carry what the first one named
        "mi casa es en Sevilla, so I'm close to the river.",
    ],
)
def test_a_reason_before_so_is_not_taken_for_the_same_thing_said_twice(text: str) -> None:
    assert restated_in_english(text) == (None, text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I'm at grade 6 on the cello.", True),
        ("We're at level 3 in the Duolingo course.", True),
        ("I'm at Gate 4 now.", False),
        ("I'm at the station.", False),
    ],
)
def test_a_level_reached_is_a_fact_and_a_place_is_not(text: str, kept: bool) -> None:
    assert bool(SESSION.statements(text)) is kept
