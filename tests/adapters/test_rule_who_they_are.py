"""A card that says in brackets who someone is ("Tomás (Inés's son) ...") and a later statement about the same
person without them are compared by what they say: the brackets tell which one is meant, not a second idea.
Brackets that say something of their own (a number, a list) still count."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.who_they_are import without_who_they_are
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Tomás (Inés's son) is lactose intolerant.", "Tomás is lactose intolerant."),
        ("Gideon (my brother-in-law) lives in Haifa.", "Gideon lives in Haifa."),
        (
            "She drives to Hillcrest Lodge (the Harrogate one) on Sundays.",
            "She drives to Hillcrest Lodge on Sundays.",
        ),
    ],
)
def test_brackets_saying_who_after_a_name_are_left_out(text: str, plain: str) -> None:
    assert without_who_they_are(text) == plain


@pytest.mark.parametrize(
    "text",
    [
        "Our cat Miso (12, diabetic) needs insulin.",  # a number and a list: something said of the cat
        "the hall (the big one) is booked",  # no name before the brackets
        "Noor (a friend I met at the climbing wall in Sheffield years ago) says hi",  # a story, not a label
    ],
)
def test_other_brackets_stay(text: str) -> None:
    assert without_who_they_are(text) == text


def test_a_card_saying_who_she_is_takes_the_same_fact_said_with_more() -> None:
    # GIVEN a card written through the API with who the person is in brackets
    card = held("Tomás (Inés's son) is allergic to sesame.")
    # WHEN the user later says the same allergy with more detail and without the brackets
    decision = decide(cand("Tomás has a sesame allergy, keeps antihistamines in his bag."), [card])
    # THEN it is one card, richer, still saying who Tomás is
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decision.statement == "Tomás (Inés's son) has a sesame allergy, keeps antihistamines in his bag."


def test_another_person_in_the_brackets_does_not_make_two_people_one() -> None:
    # GIVEN a card about one person
    card = held("Tomás (Inés's son) is allergic to sesame.")
    # WHEN an allergy of someone else is said
    decision = decide(cand("Valentina has a sesame allergy, keeps antihistamines in her bag."), [card])
    # THEN it is a card of its own
    assert decision.action is MergeAction.ADD
