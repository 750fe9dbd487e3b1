"""An interjection that opens a later clause of a sentence ("..., ugh it's miles away", "..., yaar it's so
late") is cut from the stored statement like one that opens the sentence; conjunctions and words that also
carry meaning stay."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.interjections import without_inner_interjections
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 20, 19, 0, tzinfo=UTC))


def test_a_word_of_address_inside_a_remark_is_not_kept_in_the_card() -> None:
    # GIVEN a fact with a Hinglish word of address opening its second clause
    said = SESSION.statements(
        "My daughter Ishani has tabla class every Thursday 6pm in Hounslow, yaar it's so late."
    )
    # THEN the card keeps the fact and leaves the word out
    assert len(said) == 1
    assert "yaar" not in said[0].lower()
    assert "Ishani" in said[0] and "Hounslow" in said[0] and "Thursday" in said[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tae has judo on Mondays, ugh it's miles away", "Tae has judo on Mondays, it's miles away"),
        ("the gym is on Quay St, oh, and it opens at 6", "the gym is on Quay St, and it opens at 6"),
        ("we leave at 7 yaar", "we leave at 7"),
        ("Ravi cooks on Fridays; arre he's brilliant", "Ravi cooks on Fridays; he's brilliant"),
    ],
)
def test_interjections_opening_a_later_clause_go(text: str, expected: str) -> None:
    assert without_inner_interjections(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # conjunctions, adverbs and adjectives that open clauses carry meaning
        "the flat is small, but the rent is fair",
        "I moved in May, so the lease ends next spring",
        "the venue is booked, well ahead of time",
        # an interjection-like word inside a name or a word is not touched
        "we stay at the Ohana Inn, Ahmedabad",
        "she speaks Urdu, Umbrian dialect too",
    ],
)
def test_words_that_carry_meaning_are_left_alone(text: str) -> None:
    assert without_inner_interjections(text) == text
