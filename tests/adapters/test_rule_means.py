"""Which one of what someone goes or works by ("Jo's bike is a Brompton" after "Jo rides to work by bike")
is more of that card, not a card of its own."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_their_own_one_of_what_they_go_by_joins_the_card() -> None:
    # GIVEN Jo rides to work by bike, WHEN Jo says which bike, THEN one card says both
    decision = decide(cand("Jo's bike is a Brompton."), [held("Jo rides to work by bike every day.")])
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement == "Jo rides to work by bike every day; Jo's bike is a Brompton."


def test_a_deadline_or_someone_elses_thing_is_no_means() -> None:
    # GIVEN "by Friday" (a time), WHEN Jo's Friday is described, THEN it is not more of the deadline card
    deadline = decide(cand("Jo's Friday is packed with meetings."), [held("Jo files the report by Friday.")])
    assert deadline.action is not MergeAction.FUSE
    # GIVEN Jo goes by bike, WHEN Ana's bike is described, THEN it is not Jo's card
    other = decide(cand("Ana's bike is a Brompton."), [held("Jo rides to work by bike every day.")])
    assert other.action is not MergeAction.FUSE
