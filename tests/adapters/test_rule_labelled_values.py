"""A thing's values typed under its name ("bin days: ...") are what the thing is, kept as a card."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 2, 1, 8, tzinfo=UTC))


def test_values_under_a_label_are_kept() -> None:
    # GIVEN a label, a colon and times, with no verb to state them
    kept = SESSION.statements(
        "surgery hours for the newsletter: Mondays 9 to 12, Thursdays 2 to 6, closed Fridays"
    )
    # THEN the line is kept with its label and its values
    assert any(s.startswith("Surgery hours for the newsletter: Mondays 9 to 12") for s in kept), kept


def test_a_task_after_a_colon_is_not_a_record() -> None:
    # GIVEN a reminder label and an order after it
    kept = SESSION.statements("Reminder: phone the plumber at 4")
    # THEN nothing is kept as a record of values
    assert not any("plumber at 4" in s and ":" in s for s in kept), kept


def test_a_label_without_any_number_after_it_is_not_kept_by_this_rule() -> None:
    # GIVEN words after a colon and no number among them
    kept = SESSION.statements("things to pack: sunscreen, towels, a good book")
    # THEN no card is made of it
    assert kept == [], kept


def test_a_task_announced_with_a_label_is_no_labelled_value() -> None:
    # GIVEN the next task announced under "Next up:" or "Plan:"
    for said in ("Next up: the Q2 budget review, due Friday 12 June.", "Plan: 3 runs a week until the 10k."):
        # THEN it is not kept as a thing's values under its label (a plan's rules read such news)
        assert not any(s.startswith(said.split(":")[0] + ":") for s in SESSION.statements(said))
