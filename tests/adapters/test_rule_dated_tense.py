"""A relative time word resolved to a date lands where English puts a date: after the verb phrase, or heading
the sentence with a comma; a present perfect given a finished day becomes the simple past ("has moved ... on
13 November" is not English); a sentence with no relative time word, or one about a time still running or to
come, keeps its words."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.dated_tense import dated
from tests.fakes.rule_session import RuleSession

FRIDAY = datetime(2025, 11, 14, 18, 30, tzinfo=UTC)  # a Friday evening
SESSION = RuleSession(FRIDAY)


def test_a_perfect_dated_to_a_past_day_becomes_the_simple_past() -> None:
    assert dated("I have just handed in my notice at the bakery today", FRIDAY) == (
        "I handed in my notice at the bakery on 14 November 2025"
    )
    assert dated("Mei has finally sold her old bike yesterday", FRIDAY) == (
        "Mei finally sold her old bike on 13 November 2025"
    )
    assert dated("We've been to the new climbing wall last Sunday", FRIDAY) == (
        "We went to the new climbing wall on 9 November 2025"
    )


def test_a_date_between_the_auxiliary_and_its_participle_moves_to_the_end_of_its_clause() -> None:
    assert dated("I've this afternoon renewed my passport, which took ages", FRIDAY) == (
        "I renewed my passport on 14 November 2025, which took ages"
    )
    assert dated("Jonas has on 3 October 2025 taken over the allotment", FRIDAY) == (
        "Jonas took over the allotment on 3 October 2025"
    )


def test_a_date_heading_the_sentence_is_set_off_by_a_comma() -> None:
    assert dated("Last night we booked a cabin in Tromsø", FRIDAY) == (
        "On 13 November 2025, we booked a cabin in Tromsø"
    )


def test_the_stored_statements_read_as_english() -> None:
    assert SESSION.statements("Yesterday I passed my motorbike theory test.") == [
        "On 13 November 2025, the user passed their motorbike theory test."
    ]
    assert SESSION.statements("I've this morning signed up for the Leeds half marathon.") == [
        "The user signed up for the Leeds half marathon on 14 November 2025."
    ]
    assert SESSION.statements("We've yesterday finished the loft conversion.") == [
        "The user finished the loft conversion on 13 November 2025."
    ]


def test_a_perfect_with_a_time_still_running_or_to_come_stays_a_perfect() -> None:
    assert dated("I have read nine novels this year", FRIDAY) == "I have read nine novels in 2025"
    assert (
        dated("I've been feeling dizzy since yesterday", FRIDAY)
        == "I've been feeling dizzy since 13 November 2025"
    )
    assert dated("I will have finished the quilt by tomorrow", FRIDAY) == (
        "I will have finished the quilt by 15 November 2025"
    )


def test_a_sentence_without_a_relative_time_word_keeps_its_words() -> None:
    for said in (
        "I have lived in Dundee since 2019",
        "Priya has signed the contract with the label",
        "On Fridays I have a pottery class",
    ):
        assert dated(said, FRIDAY) == said
    assert (
        dated("I have a dentist appointment tomorrow", FRIDAY)
        == "I have a dentist appointment on 15 November 2025"
    )
