"""A learner's English read as what it means: "to be" before a plain verb ("I am live in Gdańsk"), "since"
with a length of time ("since three years"), "want" without "to", a thing taken up again by "it" after a
comma, and a letter's "Today I want to tell you, ..." opening; then a later "the café where I work is called
..." fuses into the held card about that café. What is English already stays as it was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.plain_english import plain
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 3, 2, 20, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("I am live in Gdańsk since three years.", "I have lived in Gdańsk for three years."),
        ("She is teach at the lycée since a few months.", "She has taught at the lycée for a few months."),
        ("The shop is call Casa Verde.", "The shop is called Casa Verde."),
        ("I want ask you about my visa.", "I want to ask you about my visa."),
        (
            "The café where I am working, it is open from six.",
            "The café where I am working is open from six.",
        ),
    ],
)
def test_a_learners_construction_is_read_in_plain_english(typed: str, meant: str) -> None:
    assert plain(typed) == meant


@pytest.mark.parametrize(
    "english",
    [
        "It is work, not a holiday.",
        "The night that we met, it was snowing.",
        "I want cake for dessert.",
        "I have been here since two o'clock.",
        "I need to call the bank.",
    ],
)
def test_english_already_stays_as_it_is(english: str) -> None:
    assert plain(english) == english


def test_a_learners_message_about_their_work_is_kept() -> None:
    # GIVEN a learner telling the agent where they work, in their own grammar
    found = S.statements("Hello, I am work in a pharmacy since four years, in Lyon.")
    # THEN it is kept as the fact it says
    assert found == ["The user has worked in a pharmacy for four years, in Lyon."]


def test_a_letters_opening_announces_what_follows() -> None:
    found = S.statements(
        "Today I want tell you, the pharmacy where I am working, it is call Pharmacie Lumière."
    )
    assert found == ["The pharmacy where the user is working is called Pharmacie Lumière."]


def test_the_thing_named_by_what_the_card_says_of_it_fuses_into_that_card() -> None:
    # GIVEN a held card saying the user works in a pharmacy
    card = held("The user has worked in a pharmacy for four years, in Lyon.")
    # WHEN the pharmacy is later named by where the user works
    decision = decide(cand("The pharmacy where the user is working is called Pharmacie Lumière."), [card])
    # THEN it is more about the held pharmacy: one card saying both
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decision.statement is not None and "Lyon" in decision.statement and "Lumière" in decision.statement


def test_a_thing_told_apart_by_what_the_card_does_not_say_is_not_taken_up() -> None:
    # GIVEN a held car the user drives to work; WHEN a car the user sold is described
    card = held("The user drives a car to work.")
    decision = decide(cand("The car that the user sold is a red Fiat Panda."), [card])
    # THEN it is not read as more about the held car
    assert decision.action is not MergeAction.FUSE
