"""A rate someone keeps up, moved ("up to thirty miles a week now"), a number in words that makes a restatement
news, a cleft singling out a medicine ("it's aspirin I'm allergic to"), a medicine's name kept as spelt, and
a permit that runs out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.clefts import uncleft
from reverie.adapters.local.rules.dropped_g import with_final_g
from reverie.adapters.local.rules.merge import decide
from reverie.domain.restatement import adds_no_number
from reverie.domain.validity import valid_until
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    "later",
    [
        "Bel is up to 30 miles a week now.",
        "Bel runs 25 miles a week.",
        "Bel is up to thirty miles a week now.",
    ],
)
def test_a_rate_moved_replaces_the_held_rate(later: str) -> None:
    decision = decide(cand(later), [held("Bel runs twenty miles a week.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    "later",
    [
        "Bel swims 2 miles a week.",  # another thing counted in miles
        "Ana is up to 30 miles a week now.",  # another person
    ],
)
def test_another_rate_of_the_same_unit_is_no_change(later: str) -> None:
    assert decide(cand(later), [held("Bel runs twenty miles a week.")]).action is not MergeAction.SUPERSEDE


def test_a_rate_reached_is_kept() -> None:
    assert S.statements("I'm up to thirty miles a week now.") == [
        "The user is up to thirty miles a week now."
    ]
    assert S.statements("I'm up to chapter 3.") == []  # NEGATIVE: a place in a book, no rate


def test_a_number_in_words_is_a_number() -> None:
    assert not adds_no_number("Bel is up to thirty miles a week now.", "Bel runs twenty miles a week.")
    assert adds_no_number("Bel runs twenty miles every week.", "Bel runs 20 miles a week.")


def test_a_cleft_singling_out_a_medicine() -> None:
    assert uncleft("it's aspirin I'm allergic to, not ibuprofen") == "I'm allergic to aspirin, not ibuprofen"
    assert uncleft("it's fine we can go") is None  # NEGATIVE: nothing singled out
    assert S.statements("Actually it's aspirin I'm allergic to, not ibuprofen.") == [
        "The user is allergic to aspirin, not ibuprofen."
    ]


def test_a_medicine_ending_in_in_is_no_dropped_g() -> None:
    assert with_final_g("aspirin and heparin, trainin weds") == "aspirin and heparin, training weds"


def test_a_permit_that_runs_out_at_the_end_of_the_month() -> None:
    said = datetime(2027, 3, 5, tzinfo=UTC)
    assert valid_until("My parking permit runs out at the end of the month.", said) == datetime(
        2027, 4, 1, tzinfo=UTC
    )
    assert valid_until("We ran out of milk.", said) is None  # NEGATIVE
