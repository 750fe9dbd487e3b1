"""A plan noted with its own "Plan:" label is shown as the current plan once, not "current plan: Plan: ..."."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.models import MemoryCard, MemoryType
from reverie.services.context_lines import card_line
from tests.unit.helpers import held_card

AT = datetime(2026, 2, 3, 9, 0, tzinfo=UTC)


def _plan(statement: str) -> MemoryCard:
    return held_card(statement, AT, MemoryType.PLAN)


def test_a_noted_plan_label_is_not_said_twice() -> None:
    line = card_line(_plan("Plan: repaint the shed before the autumn."), dated=False)
    assert "current plan: repaint the shed before the autumn." in line
    assert "Plan:" not in line


def test_a_plan_that_names_what_it_is_for_keeps_its_words() -> None:
    line = card_line(_plan("Plan for the move: vans booked for the 4th."), dated=False)
    assert "current plan: Plan for the move: vans booked for the 4th." in line
