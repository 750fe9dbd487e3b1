"""Where the speaker is on recurring days, "there" read as the one place the clause before named (not when that
clause describes the place as its subject: "there" then goes on about it), and a booking
for a time to come as a plan.

- "Door code for the studio is [secret], and I'm there Tuesdays and Thursdays": the secret goes, the studio and
  the days stay ("at the studio Tuesdays and Thursdays"); "there" after a clause naming two things is left.
- "I'm at the allotment most evenings" is a habit, kept like "I go to the gym on Mondays"; one Tuesday is not.
- "Booked a week in Crete for late May!" is a plan, which "Back from Crete" later ends.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.place_references import resolve_there
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))


def test_there_after_a_secret_is_the_place_the_secret_was_for() -> None:
    found = S.statements("Door code for the studio is 1984#, and I'm there Tuesdays and Thursdays.")
    assert found == ["The user is at the studio Tuesdays and Thursdays."]


@pytest.mark.parametrize(
    ("part", "before", "read"),
    [
        (
            "I go there every Saturday.",
            "I volunteer at the food bank",
            "I go to the food bank every Saturday.",
        ),
        (
            "I'm there most evenings.",
            "I rent a plot at the community garden",
            "I'm at the community garden most evenings.",
        ),
        # NEGATIVE: the part before describes the place as its subject: "there" goes on about it
        ("I grow leeks there.", "The allotment is plot 14", "I grow leeks there."),
        # one thing, with where it is
        (
            "we meet there on Sundays.",
            "I love the café in the park",
            "we meet at the café in the park on Sundays.",
        ),
        (
            "I go there most mornings.",
            "When does the Greggs on the High Street open?",
            "I go to the Greggs on the High Street most mornings.",
        ),
        # NEGATIVE: two things named before ("the café", "the park"), and "there is"
        ("we meet there on Sundays.", "I love the café and the park", "we meet there on Sundays."),
        ("and there is parking too.", "I volunteer at the food bank", "and there is parking too."),
    ],
)
def test_there_is_the_one_thing_the_part_before_named(part: str, before: str, read: str) -> None:
    assert resolve_there(part, before) == read


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm at the gym every Monday.", ["The user is at the gym every Monday."]),
        ("I'm in the office Mondays and Fridays.", ["The user is in the office Mondays and Fridays."]),
        ("I'm at the dentist on Tuesday.", []),  # one day, not a habit (NEGATIVE)
    ],
)
def test_where_the_speaker_is_on_recurring_days_is_a_habit(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("Booked a week in Crete for late May!", MemoryType.PLAN),
        ("I've booked flights to Rome for June.", MemoryType.PLAN),
        ("I booked a table at Dishoom last Friday.", MemoryType.FACT),  # done, not to come (NEGATIVE)
    ],
)
def test_a_booking_for_a_time_to_come_is_a_plan(said: str, kind: MemoryType) -> None:
    assert [c.type for c in S.extract(S.told(said))] == [kind]


def test_back_from_the_place_booked_ends_the_plan() -> None:
    plan = held("Sue booked a week in Crete for late May.", type=MemoryType.PLAN)
    decision = decide(cand("Sue came back from Crete."), [plan])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Biscuit's a golden retriever.", "Biscuit is a golden retriever."),
        ("My hubby's a firefighter.", "The user's husband is a firefighter."),
        (
            "Me and the missus are off to Tenerife in May.",
            "The user and their wife are off to Tenerife in May.",
        ),
    ],
)
def test_chat_words_for_who_someone_is_are_spelled_out(said: str, kept: str) -> None:
    assert kept in S.statements(said)
