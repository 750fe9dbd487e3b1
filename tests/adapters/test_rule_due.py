"""When something is due is one fact about it, however it is worded ("is due on the 1st of each month",
"deadline: first day of every month", "payable every Friday"): the same day twice is one card, another day
is a change; another thing, or another person's, is another fact."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.due import another_due_date, due_date, same_due_date
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Ines's water bill is due on the 3rd of each month.",
            "Water bill deadline: third day of every month.",
        ),
        (
            "The nursery fees are payable on the 10th monthly.",
            "Nursery fees due date: the tenth of each month.",
        ),
        ("Team timesheets are due every Thursday.", "Timesheet deadline: Thursdays."),
    ],
)
def test_one_thing_due_on_one_day_said_two_ways_is_one_fact(a: str, b: str) -> None:
    assert same_due_date(a, b) and same_due_date(b, a)
    assert decide(cand(b), [held(a)]).action is MergeAction.NOOP


def test_the_same_thing_due_on_another_day_is_a_change() -> None:
    old = held("Ines's water bill is due on the 3rd of each month.")
    new = cand("Water bill deadline: 18th of every month.", days=40)
    assert another_due_date(new.statement, old.statement)
    assert decide(new, [old]).action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Ines's water bill is due on the 3rd of each month.",
            "Car insurance deadline: third day of every month.",
        ),
        (
            "Ines's water bill is due on the 3rd of each month.",
            "Marco's water bill is due on the 3rd of each month.",
        ),
        (
            "Ines's water bill is due on the 3rd of each month.",
            "Ines's water bill is not due on the 3rd of each month.",
        ),
    ],
)
def test_another_thing_anothers_or_a_denial_is_not_the_same_due_date(a: str, b: str) -> None:
    assert not same_due_date(a, b)


def test_a_day_said_with_more_than_the_day_is_not_read_as_a_bare_due_date() -> None:
    # "by standing order from the joint account" is more than when: not a duplicate to drop
    assert due_date("The water bill is due on the 3rd of each month, by standing order.") is None
