"""How an application, an interview or a test turned out, told with its subject left off ("Didn't get the
Monzo job"), and news told with how the speaker feels about it ("Sadly our cat died", "Oh, the vet says ...",
"..., unfortunately"): the news is kept and ends the plan it answers; the feeling is no part of it. A plan for
one day of the coming week ("an interview on Thursday") stops being the current plan once that day is over; a
favourite named within a held taste ("Green curry is Gus's favourite Thai dish") makes that taste precise."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.domain.plan_validity import plan_ends
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))
SUNDAY = datetime(2027, 1, 10, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Didn't get the Monzo job unfortunately.", "The user didn't get the Monzo job."),
        ("I didn't pass my driving test.", "The user didn't pass their driving test."),
        ("Unfortunately I didn't get the flat on Elm Road.", "The user didn't get the flat on Elm Road."),
    ],
)
def test_an_outcome_told_without_its_subject_or_with_a_feeling_is_kept_plainly(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]


@pytest.mark.parametrize("said", ["Didn't know that!", "Didn't think so.", "Didn't sleep well."])
def test_a_negated_remark_with_no_subject_is_still_no_statement(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE: "I" put back, but nothing worth a month


def test_the_outcome_ends_the_plan_it_answers() -> None:
    (outcome,) = S.extract(S.told("Didn't get the Monzo job unfortunately."))
    plan = held("The user has a job interview at Monzo on Thursday.", type=MemoryType.PLAN)
    decision = decide(cand(outcome.statement, outcome.key), [plan])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Sadly our cat Miso died last week.",
            "The user's cat Miso died in the week before 10 February 2027.",
        ),
        ("Oh the vet says Rex is fine.", "Rex is fine (according to the vet)."),
        ("Fortunately the vet says Rex is fine.", "Rex is fine (according to the vet)."),
    ],
)
def test_a_feeling_or_an_interjection_before_the_news_is_no_part_of_it(said: str, kept: str) -> None:
    # "Sadly our cat ..." was dropped as a request; "Oh the vet says" gave "(according to Oh the vet)"
    assert S.statements(said) == [kept]


@pytest.mark.parametrize(
    ("plan", "ends"),
    [
        ("The user has a job interview at Monzo on Thursday.", datetime(2027, 1, 15, tzinfo=UTC)),
        ("Dinner at Mum's this Sunday.", datetime(2027, 1, 11, tzinfo=UTC)),  # said on that Sunday
        ("The vet next Sunday.", datetime(2027, 1, 18, tzinfo=UTC)),
        ("Party tomorrow.", datetime(2027, 1, 12, tzinfo=UTC)),
        ("Drinks tonight.", datetime(2027, 1, 11, tzinfo=UTC)),
    ],
)
def test_a_plan_for_a_day_of_the_coming_week_ends_with_that_day(plan: str, ends: datetime) -> None:
    assert plan_ends(plan, SUNDAY) == ends


@pytest.mark.parametrize(
    "plan", ["Football every Thursday.", "Swimming on Thursdays.", "Move to Halifax one day."]
)
def test_a_habit_or_an_undated_plan_has_no_end(plan: str) -> None:
    assert plan_ends(plan, SUNDAY) is None  # NEGATIVE: a weekday said as a habit is no day a plan ends


def test_a_favourite_named_after_its_value_fuses_with_the_taste_it_narrows() -> None:
    taste = held("Gus likes Thai food.", "gus.taste.thai", type=MemoryType.PREFERENCE)
    favourite = cand("Green curry is Gus's favourite Thai dish.", type=MemoryType.PREFERENCE)
    decision = decide(favourite, [taste])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    other = held("Gus likes Indian food.", "gus.taste.indian", type=MemoryType.PREFERENCE)
    assert decide(favourite, [other]).action is MergeAction.ADD  # NEGATIVE: another cuisine
