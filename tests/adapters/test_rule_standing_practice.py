"""A label naming a rule or routine ("House policy: ...") sets apart the rule it heads, read on its own;
a task the speaker does as a rule ("I do the payroll on Fridays") is a lasting fact, while "I do" as an
auxiliary ("I do like it") is not."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.rule_labels import names_a_rule
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


def test_a_rule_after_its_label_is_kept() -> None:
    # GIVEN a workplace rule headed by what kind of rule it is, in a shape with no plain subject
    said = SESSION.statements(
        "Standing policy at the depot: forklift keys are returned to the office at 17:00."
    )
    # THEN the rule is a card
    assert len(said) == 1
    assert "forklift keys are returned to the office at 17:00" in said[0]


def test_labels_that_say_more_are_not_rule_names() -> None:
    assert names_a_rule("House rule")
    assert names_a_rule("Our protocol for night shifts")
    assert not names_a_rule("The policy is wrong")
    assert not names_a_rule("Rule I broke yesterday")


def test_a_task_done_as_a_rule_is_kept() -> None:
    # GIVEN a routine task said with "do" as its verb
    said = SESSION.statements("For the record, I always do the payroll run on Friday mornings.")
    # THEN it is kept
    assert said == ["The user always does the payroll run on Friday mornings."]


def test_do_as_an_auxiliary_is_no_task() -> None:
    # GIVEN "do" stressing another verb
    # THEN nothing is kept
    assert SESSION.statements("I do like the new layout of the app.") == []
