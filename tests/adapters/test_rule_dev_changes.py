"""A developer's changes the rules once missed: deploys moved to another tool ("moved our deploys to GitHub
Actions" after "deploys go through Jenkins"), a plan's deed said done as a noun ("migration done" after "planning
to migrate the blog to Hugo"), and a statement after something handed over ("Here's the DB URL ... and we always
run migrations with Alembic")."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_thing_moved_to_another_tool_replaces_the_tool_it_went_through() -> None:
    decision = decide(
        cand("Cyd has moved their deploys to GitHub Actions."), [held("Cyd's deploys go through Jenkins.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: a card only about the same someone's daughter is no place she was moved from
    other = decide(
        cand("Cyd moved their daughter to Rainbow Nursery."), [held("Cyd's daughter plays with Maya.")]
    )
    assert other.action is MergeAction.ADD


def test_a_plans_deed_said_done_as_a_noun_ends_the_plan() -> None:
    plan = held("Quil is planning to migrate the blog to Hugo.", type=MemoryType.PLAN)
    decision = decide(cand("The blog is on Hugo now, migration done."), [plan])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    other = held("Quil is planning to paint the shed.", type=MemoryType.PLAN)
    assert decide(cand("The migration is done."), [other]).action is MergeAction.ADD  # NEGATIVE: another deed


def test_a_statement_after_something_handed_over_is_kept_and_its_password_is_not() -> None:
    said = "Here's the DB URL postgres://app:S3cr3tPass@db.internal:5432/prod and we always run migrations with Alembic."
    statements = S.statements(said)
    assert statements == ["The user always runs migrations with Alembic."]
    assert not any("S3cr3tPass" in s for s in statements)
