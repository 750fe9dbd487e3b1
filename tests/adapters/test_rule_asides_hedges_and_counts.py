"""What a speaker says to the listener around a statement is no part of it: an aside after a last comma ("I support
Sunderland, don't ask.") and a hedge opening it ("I'd've said I'm a morning person"); whom one sees for one's care
("I see a new dentist now") is no opinion; where one does the weekly shop is one place at a time; and a distance
that moved on ("I'm up to 10k runs now") replaces the held one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "statements"),
    [
        (
            "I'm from Newcastle and I support Sunderland, don't ask.",
            ["The user is from Newcastle.", "The user supports Sunderland."],
        ),
        ("We adopted a second cat, don't judge me!", ["The user adopted a second cat."]),
        ("I guess I'm a cat person.", ["The user is a cat person."]),
    ],
)
def test_what_is_said_to_the_listener_is_left_out_of_the_statement(said: str, statements: list[str]) -> None:
    # THEN no "Don't ask." constraint, no statement lost beside it
    assert S.statements(said) == statements


def test_a_hedge_opening_a_statement_is_not_its_source() -> None:
    said = S.statements("I'd've said I'm a morning person, I'm up at 6 most days.")
    assert "The user is a morning person." in said
    assert not any("according to" in s for s in said)


def test_whom_one_sees_for_ones_care_is_no_opinion() -> None:
    said = S.extract(S.told("I see a new dentist now, Dr Lowe at Brightside, Dr Khan retired."))
    assert [c.key for c in said] == ["user.dentist"]
    assert S.dropped("I see what you mean.") != []  # understanding still is no statement


@pytest.mark.parametrize(
    "said",
    [
        "We do our weekly shop at Sainsbury's.",
        "We've started doing the big shop at Aldi, so much cheaper.",
        "We get our groceries from Ocado.",
    ],
)
def test_where_one_does_the_food_shop_is_one_slot(said: str) -> None:
    assert [c.key for c in S.extract(S.told(said))] == ["user.grocery_shop"]


def test_a_distance_that_moved_on_replaces_the_held_one() -> None:
    # GIVEN "runs 5k three times a week"; WHEN "I'm up to 10k runs now"
    said = S.statements("I'm up to 10k runs now, still three times a week.")
    decision = decide(cand(said[0].replace("The user", "Eli")), [held("Eli runs 5k three times a week.")])
    # THEN the held card, with the new distance, replaces it
    assert (decision.action, decision.statement) == (MergeAction.SUPERSEDE, "Eli runs 10k 3 times a week.")


def test_a_distance_with_no_held_count_in_its_unit_is_not_kept() -> None:
    said = S.statements("I'm up to 10k runs now.")
    assert decide(cand(said[0]), [held("Eli swims 40 lengths on Mondays.")]).action is MergeAction.NOOP


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("Always up early.", [("user.wake_time", "The user is always up early.")]),
        (
            "New favourite restaurant: Kiln in Soho.",
            [("user.favourite_restaurant", "The user's favourite restaurant is Kiln in Soho.")],
        ),
        ("Fave film: Heat.", [("user.favourite_film", "The user's favourite film is Heat.")]),
    ],
)
def test_what_chat_leaves_unsaid_is_read_back(said: str, found: list[tuple[str, str]]) -> None:
    # "Always up early" is the speaker's habit, no rule to the agent; a favourite under its label is one's favourite
    assert [(c.key, c.statement) for c in S.extract(S.told(said))] == found


def test_always_with_a_verb_is_still_a_rule() -> None:
    assert [c.type.value for c in S.extract(S.told("Always use British spelling."))] == ["constraint"]
