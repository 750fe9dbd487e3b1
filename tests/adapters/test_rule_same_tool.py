"""Statements choosing the same tool for one person, in words that share little beyond it, are one choice."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.same_tool import choice, same_tool
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_three_wordings_of_one_test_runner_are_one_choice() -> None:
    # GIVEN the held choice, in the person's name
    runner = held("Dmitri runs his Python test suites with pytest.")
    # WHEN it is said again as a rule and as a fact of the repositories
    for news in (
        "Always use pytest for the user's projects, not unittest.",
        "The user's repositories use pytest.",
    ):
        # THEN the held card says it all
        decision = decide(cand(news, type=MemoryType.PREFERENCE), [runner])
        assert decision.action is MergeAction.NOOP and decision.target_id == "m-1"


def test_more_about_the_same_choice_fuses() -> None:
    runner = held("Dmitri runs his Python test suites with pytest.")
    decision = same_tool(cand("Dmitri uses pytest with xdist, four workers in CI."), [runner])
    assert decision is not None and decision.action is MergeAction.FUSE


def test_another_tool_or_anothers_choice_is_no_duplicate() -> None:
    runner = held("Dmitri runs his Python test suites with pytest.")
    # NEGATIVE: another tool of the kind is a change, for the slot rules
    assert same_tool(cand("Dmitri uses unittest now."), [runner]) is None
    # NEGATIVE: another person's choice of the same tool
    assert same_tool(cand("Dmitri's colleague Ana runs her suites with pytest."), [runner]) is None
    # NEGATIVE: two tools of one kind used is no single choice; a denied one is no choice
    assert choice("We use pytest and unittest side by side.") is None
    assert choice("Not unittest, pytest.") == ("test_runner", "pytest")
