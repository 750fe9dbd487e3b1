"""A value put right with no word of what it is ("Sorry, typo, it's BS3 4QF", a session after "My postcode is BS3
4QT") puts right the one held card giving a value written the same way; a choice said with no verb ("Dogs over
cats for me, every time") is a preference; what a plan came to in money ("The bake sale raised £340") is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_slip_put_right_opening_a_session_is_a_correction() -> None:
    # GIVEN the message opens its session (nothing said before it in the material)
    said = S.extract(
        [S.ev("m1", 1, text="Sorry, typo, it's BS3 4QF."), S.ev("a1", 2, role="assistant", text="OK.")]
    )
    assert [(c.type, c.statement) for c in said] == [(MemoryType.CORRECTION, "It's BS3 4QF.")]


@pytest.mark.parametrize(
    ("card", "news", "statement"),
    [
        ("Otto's postcode is BS3 4QT.", "It's BS3 4QF.", "Otto's postcode is BS3 4QF."),
        ("Otto's mobile is 07700 900152.", "It's 07700 900125.", "Otto's mobile is 07700 900125."),
    ],
)
def test_a_bare_value_puts_right_the_one_card_giving_one_written_the_same_way(
    card: str, news: str, statement: str
) -> None:
    decision = decide(cand(news, type=MemoryType.CORRECTION), [held(card)])
    assert (decision.action, decision.statement) == (MergeAction.SUPERSEDE, statement)


def test_a_bare_value_with_two_cards_of_its_shape_puts_right_neither() -> None:
    cards = [
        held("Otto's postcode is BS3 4QT."),
        held("Otto's work postcode is BS1 6QA.").model_copy(update={"memory_id": "m-2"}),
    ]
    assert (
        decide(cand("It's BS3 4QF.", type=MemoryType.CORRECTION), cards).action is not MergeAction.SUPERSEDE
    )


def test_a_bare_word_is_no_value_put_right() -> None:
    decision = decide(cand("It's Tuesday.", type=MemoryType.CORRECTION), [held("Bin day is Monday.")])
    assert "value put right" not in decision.reason


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Dogs over cats for me, every time.", "The user prefers dogs over cats."),
        ("Window over aisle for me!", "The user prefers window over aisle."),
    ],
)
def test_a_choice_with_no_verb_is_a_preference(said: str, statement: str) -> None:
    found = S.extract(S.told(said))
    assert [(c.type, c.statement) for c in found] == [(MemoryType.PREFERENCE, statement)]


def test_what_a_plan_came_to_in_money_is_kept() -> None:
    assert S.statements("The bake sale raised £340 for the school!") == [
        "The bake sale raised £340 for the school."
    ]
    assert S.statements("The party was great!") == []  # a verdict alone is a passing mood
