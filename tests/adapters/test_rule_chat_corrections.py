"""How people put things right and pass things on in chat, as the rules read it: a date corrected about "her"
("Oops, her birthday is 21 May, not 12 May") puts right the held card saying 12 May; a party's time told two
ways ("the invite says 7pm, but Dad reckons it starts at 6") is two claims on one slot, the sentence itself
not kept beside them; who said it is "their landlord", not "Landlord"; lessons one is taking are kept; a
favourite named by one word ("favourite hike") narrows the taste it is of; and "&" between clauses is "and"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_date_put_right_about_her_corrects_the_card_saying_the_old_date() -> None:
    assert S.statements("Oops, her birthday is 21 May, not 12 May.") == [
        "Her birthday is 21 May, not 12 May."
    ]
    decision = decide(
        cand("Her birthday is 21 May, not 12 May."), [held("Bri's daughter's birthday is 12 May.")]
    )
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "Bri's daughter's birthday is 21 May.",
    )
    # NEGATIVE: nothing held says 12 May: "her" stands for no one, nothing is kept
    assert (
        decide(cand("Her birthday is 21 May, not 12 May."), [held("Bri likes cake.")]).action
        is MergeAction.NOOP
    )


def test_a_time_and_an_hour_said_bare_are_two_claims_on_one_slot_and_the_report_is_not_kept() -> None:
    claims = S.extract(S.told("The invite for Gran's party says 7pm, but Dad reckons it starts at 6."))
    assert [c.statement for c in claims] == [
        "Gran's party starts at 7pm (according to the invite for Gran's party)",
        "Gran's party starts at 6 (according to Dad)",
    ]
    assert len({c.key for c in claims}) == 1


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "My landlord says the rent goes up to £1,050 from April.",
            "The rent goes up to £1,050 from April (according to their landlord).",
        ),
        ("My mum says the party is on Saturday.", "The party is on Saturday (according to Mum)."),
    ],
)
def test_who_said_it_is_named_as_the_user_would(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]


def test_a_value_moving_up_is_a_new_value_of_its_slot() -> None:
    assert attribute_key("My rent goes up to £1,050 from April.", "user") == "user.rent"


def test_lessons_one_is_taking_are_kept_and_fuse_with_the_learning_they_serve() -> None:
    assert S.statements("I'm doing Spanish lessons with a tutor called Marta on Zoom.") == [
        "The user is doing Spanish lessons with a tutor called Marta on Zoom."
    ]
    decision = decide(
        cand("Ayo is doing Spanish lessons with a tutor called Marta."), [held("Ayo is learning Spanish.")]
    )
    assert decision.action is MergeAction.FUSE


def test_a_favourite_named_by_one_word_narrows_the_taste_it_is_of() -> None:
    taste = held("Fen loves hiking, especially in the Lake District.")
    assert (
        decide(cand("Fen's favourite hike is Helvellyn via Striding Edge."), [taste]).action
        is MergeAction.FUSE
    )
    assert decide(cand("Fen's favourite film is Alien."), [taste]).action is MergeAction.ADD  # NEGATIVE


def test_an_ampersand_joining_two_clauses_is_and_but_not_in_a_name() -> None:
    assert S.statements("My hubby's a plumber & my daughter's at uni in Leeds") == [
        "The user's husband is a plumber.",
        "The user's daughter is at uni in Leeds.",
    ]
    assert S.statements("I shop at Marks & Spencer every week.") == [
        "The user shops at Marks & Spencer every week."
    ]


def test_a_place_named_by_whose_it_is_keeps_its_s() -> None:
    # "at my mum's on Sunday" was written out as "at my mum is on Sunday"
    assert S.statements("We're staying round Ana's on Friday.") == [
        "The user is staying round Ana's on Friday."
    ]
    assert S.statements("My sister's in hospital.") == [
        "The user's sister is in hospital."
    ]  # "'s" as "is" still
