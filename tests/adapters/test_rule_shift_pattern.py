"""When someone works (day shifts, nights, earlies) is one changeable state: "I'm on nights now" replaces "I work
day shifts on ward 4", and is kept though it is short; a day off or a count of days names no shift."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 7, 0, tzinfo=UTC))


def test_the_shifts_one_works_name_one_slot() -> None:
    for said in (
        "I work day shifts at the depot",
        "I'm on nights now",
        "we're doing earlies this month",
        "I've switched to the night rota",
        "I'm working late shifts at the bar",
    ):
        assert attribute_key(said, "u") == "u.shift_pattern", said
    assert statement_key("Tomasz works night shifts at the depot.") == "tomasz.shift_pattern"


def test_days_off_or_counted_days_name_no_shift() -> None:
    for said in ("I'm on days off till Monday", "I work days 3 and 4 of the rota", "I work at the depot"):
        assert attribute_key(said, "u") != "u.shift_pattern", said


def test_a_new_shift_pattern_replaces_the_held_one_and_is_kept_though_short() -> None:
    assert SESSION.statements("I'm on nights now.") == ["The user is on nights now."]
    decision = decide(
        cand("Tomasz is on nights now.", "tomasz.shift_pattern"),
        [held("Tomasz works day shifts at the depot.")],
    )
    assert decision.action is MergeAction.SUPERSEDE
