"""A plan's label heading values rather than statements ("Plan for the choir tour: Vienna, 8-11 October, we're
booked into the Hotel Adler"): one plan card that keeps its label, so news that what it was for is off ("the
choir tour is cancelled") ends it. A label heading statements, a task or no values is read as before."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))


def test_a_plan_label_over_values_is_one_plan_that_keeps_its_label() -> None:
    # GIVEN a plan's label, then where and when before what is booked
    (found,) = S.extract(
        S.told(
            "Plan for the choir tour: Vienna, 8-11 October, we're booked into the Hotel Adler, 22 singers."
        )
    )
    # THEN one plan, naming what it is for
    assert found.type is MemoryType.PLAN
    assert found.statement == (
        "Plan for the choir tour: Vienna, 8-11 October, the user is booked into the Hotel Adler, 22 singers."
    )


def test_news_that_what_the_plan_was_for_is_off_ends_it() -> None:
    plan = held(
        "Plan for the choir tour: Vienna, 8-11 October, the user is booked into the Hotel Adler.",
        type=MemoryType.PLAN,
    )
    decision = decide(cand("The user's choir tour is cancelled, the coach firm went bust."), [plan])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_plan_label_over_statements_still_makes_each_a_part() -> None:
    found = {c.statement: c.type for c in S.extract(S.told("Plan for June: we drive to Bilbao on the 4th."))}
    assert found == {"The user drives to Bilbao on the 4th.": MemoryType.PLAN}


def test_a_task_or_a_label_with_no_values_is_not_such_a_plan() -> None:
    # a task after the label is a request for now; a topic label with words only heads no plan card
    statements = S.statements("Plan: book the ferry for the 12th.") + S.statements(
        "Weekend plans: lots of rest, maybe a walk."
    )
    assert not any(s.startswith(("Plan:", "Weekend plans:")) for s in statements)


def test_a_plan_label_over_a_task_with_a_date_is_not_such_a_plan() -> None:
    # a plan said as what is to be done ("Plan: move payroll to Xero by end of Q2") is read by the plan rules
    for said in ("Plan: move payroll from Sage to Xero by end of Q2", "Plan: Move payroll to Xero by Q2"):
        assert not any(s.startswith("Plan:") for s in S.statements(said))
