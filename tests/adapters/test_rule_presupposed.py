"""A question is not kept, but what it takes for granted about the asker is: the pet or person it names, the
condition it is asked in the light of, where the asker's people live."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.presupposed import presupposed
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 9, 8, 15, tzinfo=UTC))


def test_three_questions_keep_three_facts_one_each() -> None:
    # GIVEN a message of questions, each built on a fact about the asker
    said = SESSION.statements(
        "Is it safe to leave my dog Pebble with a sitter for a week? Can I do the Snowdon climb, considering my "
        "arthritis? And what's the quickest way to Cardiff, where my sister Nia lives?"
    )
    # THEN each fact is a card of its own, in the asker's voice
    assert any("dog" in s and "Pebble" in s for s in said), said
    assert any("arthritis" in s for s in said), said
    assert any("Nia" in s and "Cardiff" in s for s in said), said
    assert len(said) == 3
    # AND the questions themselves are not kept
    assert not any("?" in s or "sitter" in s or "quickest" in s for s in said)


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("Could you find a vet near Leith, where I live?", ["I live in Leith."]),
        ("Which cafés are gluten-free, given my coeliac disease?", ["I have coeliac disease."]),
        ("Is it fine to fly with our nut allergy?", ["We have a nut allergy."]),
        ("Should my little brother Tiago take the bus?", ["My little brother is called Tiago."]),
    ],
)
def test_what_a_question_takes_for_granted(question: str, facts: list[str]) -> None:
    assert presupposed(question) == facts


@pytest.mark.parametrize(
    "question",
    [
        "Should I name my kitten Miso or Udon?",  # the name is what is asked
        "What can I afford, given my budget?",  # a budget is no condition
        "Is it OK to call my boss on Friday?",  # a weekday is no name
        "Where does the train to Braga leave from?",  # nothing of the asker's
    ],
)
def test_a_question_that_takes_nothing_of_the_askers_for_granted(question: str) -> None:
    assert presupposed(question) == []


def test_a_condition_named_in_three_words_is_kept_though_it_is_short() -> None:
    assert SESSION.statements("I have psoriasis.") == ["The user has psoriasis."]
    assert SESSION.statements("I have time.") == []


def test_saying_what_one_does_not_know_asks_rather_than_states() -> None:
    # GIVEN a question asked by saying what the speaker forgets or cannot recall
    assert SESSION.statements("I forget when the offsite sync runs.") == []
    assert SESSION.statements("I can't remember which port the grafana box listens on.") == []
    # NEGATIVE: forgetting a thing (not what is true of it) is something that happened
    assert SESSION.statements("I forgot my badge at the office, so I'm working from home.") != []
