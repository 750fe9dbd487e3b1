"""What came of a plan is kept when its report has an outcome: how a named thing went ("the hearing test went
fine, no hearing loss"), and what people named by their role decided ("the client chose ... instead").
A verdict alone ("the party went well!") and a deed naming nothing ("the kids loved it") stay in L1."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 20, 17, tzinfo=UTC))


def test_how_a_named_thing_went_with_its_outcome_is_kept_dated() -> None:
    # GIVEN a user reporting how an appointment went
    said = SESSION.statements("Grandad's hearing test went fine yesterday, no hearing loss in either ear.")
    # THEN the outcome is kept, dated by its day
    assert any(
        s.startswith("The user's grandad's hearing test went fine on 19 October 2026, no hearing loss")
        for s in said
    ), said


def test_a_verdict_with_no_outcome_is_not_kept() -> None:
    assert SESSION.statements("The party went well!") == []
    assert not any("weather" in s for s in SESSION.statements("The weather was fine yesterday, no rain."))


def test_the_outcome_ends_the_plan_it_reports() -> None:
    # GIVEN a held plan for a hearing test, and later how the hearing test went
    plan = held(
        "The user is taking Grandad to the hearing test at St Luke's on 19 October.", type=MemoryType.PLAN
    )
    news = cand("The hearing test went fine on 19 October 2026, no hearing loss in either ear.", days=400)
    # WHEN the dream merges them
    decision = decide(news, [plan])
    # THEN the plan is over: the outcome replaces it
    assert decision.action is MergeAction.SUPERSEDE


def test_what_people_named_by_their_role_decided_is_kept() -> None:
    # GIVEN a builder telling the agent a client's choice after a label
    said = SESSION.statements(
        "Change of plan: the client chose the oak flooring from Havwoods for the hall instead."
    )
    # THEN the client's choice is kept as said
    assert "The client chose the oak flooring from Havwoods for the hall instead." in said, said


def test_a_deed_naming_nothing_is_not_kept() -> None:
    assert SESSION.statements("The kids loved it.") == []
    assert SESSION.statements("The couple decided.") == []
