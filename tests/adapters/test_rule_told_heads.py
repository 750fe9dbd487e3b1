"""A head before a colon that names only what is about to be told ("so you know my setup:", "quick update:"):
the head is no statement, what follows it is read on its own; a label listing values stays whole."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.told_you import told_you
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 20, 0, tzinfo=UTC))


def test_a_head_naming_what_is_told_is_set_apart() -> None:
    head = "Ok so you know the situation: the garage at 3 Mill Row is rented to Dev Kaur, £90 a month."
    assert told_you(head) == (
        "",
        "Ok so you know the situation",
        "the garage at 3 Mill Row is rented to Dev Kaur, £90 a month.",
    )
    assert told_you("Quick update: transferred to the Bristol branch last week.")[2] == (
        "transferred to the Bristol branch last week."
    )


def test_a_label_over_values_stays_whole() -> None:
    # NEGATIVE: "My setup:" over a list of things has no clause after it: a labelled value, not news
    said = "My setup: two monitors, a standing desk and a dock"
    assert told_you(said) == ("", "", said)


def test_what_follows_the_head_becomes_the_card() -> None:
    said = SESSION.statements("Right, here's my setup: Garage 2 at 3 Mill Row is rented to Dev Kaur.")
    assert said == ["Garage 2 at 3 Mill Row is rented to Dev Kaur."]
