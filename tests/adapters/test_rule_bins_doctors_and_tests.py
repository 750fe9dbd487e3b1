"""Read where they were missed: "the bins go out on Wednesday nights" beside a masked alarm code (a secret costs
only itself); whom the speaker sees for their care by name ("I see Dr Mensah now"); how a test of a thing came
out ("The van failed its MOT", never "The user's car is passed, its MOT"); an appointment on a day ahead is a plan
until then; a name spelled out after it is said ("Sean, S-E-A-N, not Shaun"); worn out today is a feeling."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.spelling import spelled_out
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "statements"),
    [
        (
            "Alarm code's 2468, and the bins go out on Wednesday nights.",
            ["The bins go out on Wednesday nights."],
        ),
        (
            "Dr Hughes has retired, I see Dr Mensah now.",
            ["Dr Hughes has retired.", "The user sees Dr Mensah now."],
        ),
        (
            "The van failed its MOT, needs new brake pads.",
            ["The user's van failed its MOT, needs new brake pads."],
        ),
        ("The car passed its MOT.", ["The user's car passed its MOT."]),
    ],
)
def test_what_was_missed_or_garbled_is_read(said: str, statements: list[str]) -> None:
    assert S.statements(said) == statements


def test_an_appointment_on_a_day_ahead_is_a_plan_until_then() -> None:
    [found] = S.extract(S.told("The van's MOT is on 2 June."))
    assert (found.type, found.valid_until) == (MemoryType.PLAN, datetime(2027, 6, 3, tzinfo=UTC))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Sorry, it's Sean, S-E-A-N, not Shaun.", "Sorry, it's Sean, not Shaun."),
        ("My name is Aoife, A-O-I-F-E.", "My name is Aoife."),
        ("Grade A-B-C is fine.", "Grade A-B-C is fine."),  # letters that spell no word said before them
    ],
)
def test_a_word_spelled_out_after_it_is_said_once(typed: str, read: str) -> None:
    assert spelled_out(typed) == read


def test_worn_out_today_is_a_feeling_not_a_card() -> None:
    assert S.statements("Knackered after the night shift.") == []


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("My hours are 8 till 4 now.", "My hours are 8 till 4 now."),  # the end of a range, no "for"
        ("thanks 4 now", "thanks for now"),
    ],
)
def test_a_four_is_for_only_where_no_range_ends(typed: str, read: str) -> None:
    assert spelled_out(typed) == read


@pytest.mark.parametrize(
    ("said", "statements", "types"),
    [
        (
            "I'm a tea drinker, never touch coffee.",
            ["The user is a tea drinker.", "The user never touches coffee."],
            [MemoryType.FACT, MemoryType.FACT],
        ),
        # what an agent can do stays a rule for it
        (
            "I'm a designer, always use Figma for mockups.",
            ["The user is a designer.", "Always use Figma for mockups."],
            [MemoryType.FACT, MemoryType.CONSTRAINT],
        ),
    ],
)
def test_always_or_never_after_the_speakers_clause(
    said: str, statements: list[str], types: list[MemoryType]
) -> None:
    found = S.extract(S.told(said))
    assert ([c.statement for c in found], [c.type for c in found]) == (statements, types)


@pytest.mark.parametrize(
    ("card", "news", "action"),
    [
        (
            "Cy never touches coffee.",
            "Cy has become a coffee person, two flat whites a day.",
            MergeAction.SUPERSEDE,
        ),
        (
            "Cy never touches coffee.",
            "Cy's husband has become a coffee person.",
            MergeAction.ADD,
        ),  # someone else
    ],
)
def test_a_thing_never_taken_now_taken(card: str, news: str, action: MergeAction) -> None:
    assert decide(cand(news), [held(card)]).action is action


@pytest.mark.parametrize(
    ("news", "action"),
    [
        ("The fence is fixed, the landlord finally sent someone.", MergeAction.SUPERSEDE),
        ("The gate is fixed.", MergeAction.ADD),
    ],
)
def test_a_plan_to_have_a_thing_done_ends_when_it_is(news: str, action: MergeAction) -> None:
    plan = held("Nik needs to get the garden fence fixed before the spring.", type=MemoryType.PLAN)
    assert decide(cand(news), [plan]).action is action
