"""News inside a rambling message: the words announcing it, a reason fronted before it and a consequence
already acted on after it do not glue it to what else the message says."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.clauses import independent_statements
from reverie.adapters.local.rules.fronted_reason import without_background
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 1, 9, tzinfo=UTC))
RAMBLE = (
    "ugh what a month, the car failed its MOT and the garage wants a fortune, can't be helped, but the real news "
    "is my citizenship ceremony is on 9 June, and since Mrs Patel retired my new line manager is Gordon Reyes, "
    "who is strict about timesheets, so I've switched all my tracking to Clockify"
)


def test_each_point_of_a_rambling_message_is_its_own_card() -> None:
    # GIVEN a long message whose news is announced after a complaint
    kept = SESSION.statements(RAMBLE)
    # THEN the ceremony, the manager and the switch are kept apart
    assert any("ceremony is on 9 June" in s and "Reyes" not in s for s in kept), kept
    assert any("Gordon Reyes" in s and "Clockify" not in s and "ceremony" not in s for s in kept), kept
    assert any("Clockify" in s and "Reyes" not in s for s in kept), kept
    # AND the complaint the speaker set aside with "but the real news is" is no card
    assert not any("MOT" in s for s in kept), kept


def test_a_reason_clause_with_a_verb_before_the_speakers_clause_is_background() -> None:
    # GIVEN a reason fronted without a comma
    # THEN the statement is the clause after it
    assert without_background("because the lease ended we're renting in Deal") == "we're renting in Deal"


def test_a_fronted_time_without_a_verb_stays() -> None:
    # GIVEN "since" with a year, which says how long the statement holds
    # THEN the sentence is unchanged
    assert (
        without_background("since 2019 my sister has lived in Oslo")
        == "since 2019 my sister has lived in Oslo"
    )


def test_a_present_habit_after_so_stays_with_its_reason() -> None:
    # GIVEN a reason and the habit it explains
    # THEN the two stay one statement
    assert independent_statements("I'm allergic to latex, so I use nitrile gloves") == [
        "I'm allergic to latex, so I use nitrile gloves"
    ]
