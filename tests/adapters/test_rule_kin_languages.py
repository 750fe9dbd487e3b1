"""Someone close named with a possessive and a kinship word from Portuguese, Dutch, French or Italian ("minha
filha Inês", "mijn broer Sem") is read in English, so the card says whose relative it is, not "minha filha";
the same words without a possessive before them are left as they are."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.spelling import spelled_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 7, 20, 19, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("minha filha Inês plays handball", "my daughter Inês plays handball"),
        ("mijn broer Sem lives in Utrecht", "my brother Sem lives in Utrecht"),
        ("ma sœur Léa teaches maths", "my sister Léa teaches maths"),
        ("mio nonno Carlo is 91", "my grandfather Carlo is 91"),
    ],
)
def test_a_possessive_and_kinship_word_read_in_english(text: str, english: str) -> None:
    assert spelled_out(text) == english


def test_the_card_says_whose_relative_in_english() -> None:
    # GIVEN a Portuguese possessive and kinship word opening an English sentence
    said = SESSION.statements("minha filha Inês plays handball for Benfica on Saturdays")
    # THEN the card names her as the user's daughter, without the Portuguese
    assert said == ["The user's daughter Inês plays handball for Benfica on Saturdays."]


@pytest.mark.parametrize(
    "text", ["the man at the desk was rude", "a pai chart of the budget", "the fils folder"]
)
def test_kinship_words_without_a_possessive_are_left_alone(text: str) -> None:
    assert spelled_out(text) == text
