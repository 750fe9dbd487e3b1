"""What a plan's label heads ("Plan for the bank holiday: we take the ferry to Santander on the 3rd, staying at
Posada Real") is the plan's parts: each a plan, so news that one part is off ("I cancelled Posada Real") ends
that part. A label that names a topic heads facts as before."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.plan_labels import plan_label
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 20, 19, 0, tzinfo=UTC))


@pytest.mark.parametrize("label", ["Plan for the bank holiday", "The plan", "Our itinerary", "Weekend plans"])
def test_labels_that_announce_a_plan(label: str) -> None:
    assert plan_label(label)


@pytest.mark.parametrize("label", ["Quick rundown of how we work", "Planning permission", "Update"])
def test_labels_that_name_a_topic(label: str) -> None:
    assert not plan_label(label)


def test_the_parts_a_plan_label_heads_are_plans() -> None:
    # GIVEN a trip announced by its label, then a lasting fact in another sentence
    events = S.told(
        "Plan for the bank holiday: we take the ferry to Santander on 3 May, and we're staying at Posada "
        "Real, three nights. I'm vegetarian."
    )
    kinds = {c.statement: c.type for c in S.extract(events)}
    # THEN the trip's parts are plans, the diet a fact
    assert kinds["The user takes the ferry to Santander on 3 May."] is MemoryType.PLAN
    assert kinds["The user is staying at Posada Real, three nights."] is MemoryType.PLAN
    assert kinds["The user is vegetarian."] is MemoryType.FACT


def test_without_the_label_the_same_stay_is_a_fact() -> None:
    (found,) = S.extract(S.told("We're staying at Posada Real, three nights."))
    assert found.type is MemoryType.FACT


def test_a_part_cancelled_by_name_ends() -> None:
    card = held("The user is staying at Posada Real, three nights.", type=MemoryType.PLAN)
    decision = decide(cand("The user cancelled Posada Real."), [card])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
