"""Changes and plans said the way chat says them: "Sorry, I meant ...", a branch renamed, a plan dropped to a
smaller one, "I'm doing drums instead", "gonna be working from Lisbon", "all next week", and a child named in
a parent's card outgrowing an allergy; each once dropped, garbled or kept beside what it changes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.restatement import leaves
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def keyed(said: str) -> list[tuple[str | None, str, str]]:
    return [(c.key, c.type.value, c.statement) for c in S.extract(S.told(said))]


def test_an_apology_before_i_meant_keeps_the_correction() -> None:
    assert keyed("Sorry, I meant my GP is Dr Shah, Dr Khan is my dentist.") == [
        ("user.gp", "correction", "The user's GP is Dr Shah."),
        (None, "fact", "Dr Khan is the user's dentist."),
    ]


def test_an_apology_alone_is_no_correction() -> None:
    assert keyed("Sorry, I'm late.") == []  # NEGATIVE: a passing state


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Qui renamed master to main last week.", "Qui's main branch is called master."),
        ("Sal dropped to the 30GB plan to save money.", "Sal is on the Vodafone unlimited plan."),
        ("Lily has outgrown her egg allergy.", "Dot's daughter Lily is allergic to eggs."),
    ],
)
def test_a_renaming_a_smaller_plan_and_an_allergy_outgrown_replace_what_they_change(
    news: str, card: str
) -> None:
    decision = decide(cand(news), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_child_named_in_a_parents_card_is_not_another_person() -> None:
    decision = decide(cand("Lily loves eggs."), [held("Dot's daughter Lily is allergic to eggs.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: a taste is no change of the allergy


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Decided against the guitar, I'm doing drums instead.", "The user is doing drums instead."),
        ("We're doing karate on Saturdays.", "The user is doing karate on Saturdays."),
    ],
)
def test_a_practice_or_instrument_one_is_doing_is_kept(said: str, statement: str) -> None:
    assert keyed(said)[-1] == (None, "fact", statement)


def test_doing_the_dishes_is_no_practice() -> None:
    assert keyed("I'm doing the dishes.") == []  # NEGATIVE


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        (
            "gonna be working from Lisbon for all of march",
            "The user is going to be working from Lisbon for all of march.",
        ),
        (
            "Going to be in Leeds all next week.",
            "The user is going to be in Leeds all the week after 10 February 2027.",
        ),
    ],
)
def test_a_plan_said_without_its_subject_is_kept(said: str, statement: str) -> None:
    assert keyed(said) == [(None, "plan", statement)]


@pytest.mark.parametrize("said", ["Going to be a long day.", "Gonna be fun."])
def test_a_prediction_said_without_its_subject_is_no_plan(said: str) -> None:
    assert keyed(said) == []  # NEGATIVE


def test_outgrowing_is_leaving_and_having_is_not() -> None:
    assert leaves("Lily has outgrown her egg allergy.")
    assert not leaves("Lily has an egg allergy.")  # NEGATIVE
