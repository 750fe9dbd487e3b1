"""The speaker's own clause in a language mixed into English (Spanish, Italian, Portuguese) is read in
English, so what they said about themselves is kept as a plain third-person card; a lone foreign word, or a
phrase whose noun is not known, is left as it was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.mixed_in_clauses import english_clauses
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("lavoro come farmacista at Boots in Leeds", "I work as a pharmacist at Boots in Leeds"),
        ("trabalho como engenheira at Siemens", "I work as an engineer at Siemens"),
        ("y tengo tres hijos", "And I have three children"),
        ("en casa tengo dos perros, Toby y Luna", "at home I have two dogs, Toby and Luna"),
        ("quasi sempre early shifts", "mostly early shifts"),
        ("los sábados trabajo at the market", "on Saturdays I work at the market"),
        ("she walks todos los días after el almuerzo", "she walks every day after lunch"),
        ("I take my tablet cada noche, with la cena", "I take my tablet every night, with dinner"),
    ],
)
def test_a_mixed_in_clause_read_in_english(text: str, english: str) -> None:
    assert english_clauses(text) == english


def test_a_job_said_in_portuguese_becomes_a_card() -> None:
    # GIVEN a user who says her job in Portuguese and where in English
    said = SESSION.statements("So, trabalho como cozinheira at the Lisbon Bistro in Camden, mostly lunches.")
    # THEN the card states the job in English, with her own specific place
    assert said == ["The user works as a cook at the Lisbon Bistro in Camden, mostly lunches."]


@pytest.mark.parametrize(
    "text",
    [
        "ho ho ho, Casa Mia is open late",
        "We ate at Casa Pepe y Luis last night",
        "lavoro come sempre",  # no job known here: left as said
        "Tom e Jerry is on again",
        "We booked Cena Roma for the party",  # a name, in capitals: no meal
        "ogni tanto we go out",  # "every so often": no part of time known here
    ],
)
def test_lone_foreign_words_are_left_alone(text: str) -> None:
    assert english_clauses(text) == text


def test_a_parents_dose_said_in_mixed_italian_becomes_a_card() -> None:
    # GIVEN a carer who names her father and the time of his dose in Italian, the rest in English
    said = SESSION.statements("Mio papà, Sergio, takes ramipril 5 mg ogni sera, after cena.")
    # THEN the card is about her dad, in English, with his drug and dose as said
    assert said == ["The user's dad Sergio takes ramipril 5 mg every evening, after dinner."]
