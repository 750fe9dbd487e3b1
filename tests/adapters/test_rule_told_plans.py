"""A plan told with no owner ("the plan is we ...", "plan is to ...") is a plan, over once the day it names
has passed; a remark about a plan ("the plan is great") is no plan of its own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 9, 14, 8, 30, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        (
            "ok so the plan is we repaint the stairwell on saturday 19 september",
            datetime(2026, 9, 20, tzinfo=UTC),
        ),
        ("Plan is to fly out to Lisbon on 2 October.", datetime(2026, 10, 3, tzinfo=UTC)),
        ("the plan is that I hand in the thesis draft by friday", datetime(2026, 9, 19, tzinfo=UTC)),
    ],
)
def test_a_plan_told_with_no_owner_is_a_plan_until_its_day(text: str, ends: datetime) -> None:
    # GIVEN the user telling the agent what the plan is, with a day
    (found,) = [c for c in S.extract(S.told(text)) if c.type is MemoryType.PLAN]
    # THEN it is a plan that stops holding once that day is over
    assert found.valid_until == ends


@pytest.mark.parametrize("text", ["The plan is brilliant, honestly.", "The planner is on the fridge door."])
def test_a_remark_about_a_plan_is_no_plan(text: str) -> None:
    assert not [c for c in S.extract(S.told(text)) if c.type is MemoryType.PLAN]
