"""Everyday changes the rules once missed: a new dentist, vet or GP ("registered with a new dentist", "changed
vets to ...") takes the slot of the old one; a home said to be in a place ("my flat is in Clapton") is where one
lives; a decision against what a plan was for ("decided to stay in London after all") ends the plan; a thing of
a kind named later ("the Oxfam shop" after "a charity shop") is the same thing made precise; and two documents
giving two values with the speaker's doubt after them ("..., no idea which is right") are still two claims on
one slot, said of the user in the third person."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("before", "after", "key"),
    [
        (
            "My dentist is Dr Patel at the Smile Clinic.",
            "I've registered with a new dentist, Dr Okafor.",
            "user.dentist",
        ),
        ("My vet is Dr Harris.", "We changed vets to Castle Vets.", "user.vet"),
        ("My bank is Barclays.", "We switched banks to Monzo.", "user.bank"),
    ],
)
def test_a_new_provider_takes_the_slot_of_the_old_one(before: str, after: str, key: str) -> None:
    (old,) = S.extract(S.told(before))
    (new,) = S.extract(S.told(after))
    assert old.key == new.key == key  # "changed vets" was `user.vets`, beside `user.vet`
    decision = decide(cand(new.statement, new.key), [held(old.statement, old.key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_moving_to_a_new_flat_is_still_a_home_not_a_provider() -> None:
    assert attribute_key("I moved to a new flat in Hove.", "user") == "user.home_city"  # NEGATIVE


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Jo's flat is in Clapton.", "jo.home_city"),
        ("Our house is now just outside Leeds.", "user.home_city"),
        ("Jo's flat is damp.", "jo.flat"),  # NEGATIVE: how the flat is, not where one lives
        ("My flat is in a mess.", "user.flat"),  # NEGATIVE: no place named
    ],
)
def test_a_home_said_to_be_in_a_named_place_is_where_one_lives(said: str, key: str) -> None:
    assert (statement_key(said) if said.startswith("Jo") else attribute_key(said, "user")) == key


@pytest.mark.parametrize(
    ("news", "plan"),
    [
        ("Rex has decided to stay in London after all.", "Rex is hoping to move to Bristol in 2028."),
        ("Rex decided not to sell the van.", "Rex is going to sell the van in spring."),
        ("Rex is not moving after all.", "Rex plans to move to Leeds."),
        ("Rex decided against the loft extension.", "Rex is planning a loft extension this summer."),
    ],
)
def test_a_decision_against_what_a_plan_was_for_ends_the_plan(news: str, plan: str) -> None:
    decision = decide(cand(news), [held(plan, type=MemoryType.PLAN)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("news", "plan"),
    [
        ("Rex has decided to stay in London after all.", "Rex is going to sell the van."),  # no move planned
        ("Ana decided to stay in London.", "Rex is hoping to move to Bristol."),  # someone else
        ("Rex decided not to go to the party.", "Rex is going to sell the van."),  # another thing
    ],
)
def test_a_decision_about_something_else_ends_no_plan(news: str, plan: str) -> None:
    assert decide(cand(news), [held(plan, type=MemoryType.PLAN)]).action is not MergeAction.SUPERSEDE


def test_a_thing_of_a_kind_named_later_is_the_same_thing_made_precise() -> None:
    decision = decide(
        cand("Fay volunteers at the Oxfam shop on Saturdays."), [held("Fay volunteers at a charity shop.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    for other in ("Fay works at the Tesco shop.", "Ana volunteers at the Oxfam shop."):  # NEGATIVE
        assert decide(cand(other), [held("Fay volunteers at a charity shop.")]).action is MergeAction.ADD


def test_two_documents_disagreeing_with_a_doubt_after_them_are_two_claims_on_one_slot() -> None:
    said = (
        "My passport says my birthday is 4 March but my driving licence says 3 March, no idea which is right."
    )
    claims = S.extract(S.told(said))
    assert [(c.key, c.statement) for c in claims] == [
        ("user.birthday", "The user's birthday is 4 March (according to their passport)"),
        ("user.birthday", "The user's birthday is 3 March (according to their driving licence)"),
    ]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Work's moved me to the Manchester office.", "user.workplace"),  # "work" did it, as "they" would
        ("My manager's called Ruth.", "user.manager"),  # "'s called" is "is called", not "has called"
        ("My son's called Leo.", None),  # NEGATIVE: one of several sons may be named without a slot
    ],
)
def test_a_change_work_made_and_a_name_said_with_s_called_take_their_slots(
    said: str, key: str | None
) -> None:
    (found,) = S.extract(S.told(said))
    assert found.key == key
