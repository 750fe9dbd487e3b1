"""A relative called by two words ("Deepa's mum" / "Deepa's mother"; "Appa", Deepa's word for her father, said as a
name) is one person when two cards are compared; cards keep the person's own word. Someone else's mother, or
another relative, stays apart."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.kin_words import relation_named
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.spelling import spelled_out
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def _deepas(statement: str) -> MemoryCard:
    return held(statement).model_copy(update={"user_id": "deepa-nair"})


@pytest.mark.parametrize(
    ("statement", "relation"),
    [
        ("Appa had his knee operation at Spire Leeds.", "father"),
        ("Deepa's mum lives at Rosebank Court in Sale.", "mother"),
        ("Deepa Nair's nani lives in Kochi.", "grandmother"),
        ("The user's Oma turns 90 in May.", "grandmother"),
    ],
)
def test_the_users_relative_is_read_by_the_relation(statement: str, relation: str) -> None:
    assert relation_named(statement, "deepa-nair") == relation


@pytest.mark.parametrize(
    "statement",
    [
        "Priya's mum lives at Rosebank Court in Sale.",  # someone else's mother
        "Mamma Mia is on at the Palace on Friday.",  # a title, not a relative
        "Deepa's manager is Tom.",
    ],
)
def test_no_relative_of_the_users(statement: str) -> None:
    assert relation_named(statement, "deepa-nair") is None


def test_two_words_for_one_relative_make_one_card() -> None:
    # GIVEN a card about Deepa's mother
    card = held("Deepa's mother lives at Rosebank Court in Sale.")
    # WHEN Deepa's mum is said to live at the same place
    decision = decide(cand("Deepa's mum lives at Rosebank Court in Sale."), [card])
    # THEN nothing new is said
    assert (decision.action, decision.target_id) == (MergeAction.NOOP, "m-1")


def test_the_users_word_for_a_parent_said_as_a_name_is_that_parent() -> None:
    # GIVEN Deepa's card saying, in her word for him, where her father had an operation
    card = _deepas("Appa had his knee operation at Spire Leeds in May 2026.")
    # WHEN she later says her dad goes back to Spire Leeds for physio
    decision = decide(cand("Deepa's dad goes back to Spire Leeds for physio on Tuesdays."), [card])
    # THEN it is one card about him, in both her words
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decision.statement is not None and decision.statement.startswith("Appa had his knee operation")


@pytest.mark.parametrize(
    "said",
    [
        "Deepa's mum goes to Spire Leeds for physio on Tuesdays.",  # another relative
        "Priya's dad goes to Spire Leeds for physio on Tuesdays.",  # someone else's father
        "Deepa's dad plays bowls at Roundhay Park on Tuesdays.",  # nothing named in common
    ],
)
def test_another_relative_or_thing_is_another_card(said: str) -> None:
    card = _deepas("Appa had his knee operation at Spire Leeds in May 2026.")
    decision = decide(cand(said), [card])
    assert decision.action is MergeAction.ADD


def test_cards_keep_the_persons_word() -> None:
    assert spelled_out("my nani lives in Jaipur") == "my nani lives in Jaipur"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("my sister's a paramedic in Cardiff", "my sister is a paramedic in Cardiff"),
        ("my sister's 2nd flat is in Cardiff", "my sister's 2nd flat is in Cardiff"),  # a possessive
    ],
)
def test_my_relatives_s_before_what_she_is_is_is(text: str, written: str) -> None:
    assert spelled_out(text) == written
