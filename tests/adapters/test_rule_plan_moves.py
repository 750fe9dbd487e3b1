"""A plan moved in other words than "X moved to": said as what the speaker is doing ("Moving the recital to
...", "deferring my place to 2028"), a new day with "instead" and no name for the plan; its weekday moves with
its day; and a plan that took place, told afterwards in the past tense on its own day, is over."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Source, SourceKind
from reverie.ports import MergeAction
from tests.fakes.rule_session import RuleSession
from tests.unit.helpers import held_card

SESSION = RuleSession(datetime(2026, 4, 2, 9, 0, tzinfo=UTC))  # a Thursday
SAID = datetime(2026, 4, 2, 9, 0, tzinfo=UTC)


def _kept(text: str) -> list[tuple[MemoryType, str]]:
    return [(c.type, c.statement) for c in SESSION.extract(SESSION.told(text))]


def _held(statement: str, type: MemoryType = MemoryType.PLAN, memory_id: str = "m-1") -> MemoryCard:
    return held_card(statement, SAID, type, memory_id)


def _told(statement: str, days: int, type: MemoryType = MemoryType.PLAN) -> Candidate:
    return Candidate(
        type=type,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=SAID + timedelta(days=days),
    )


def test_a_move_said_as_what_the_speaker_is_doing_is_the_plan_on_its_new_day() -> None:
    assert _kept("Moving the recital to Friday 17 April.") == [
        (MemoryType.PLAN, "The user's recital is moved to Friday 17 April.")
    ]
    # a place deferred to a year keeps the speaker's word
    assert _kept("I've deferred my Boston place to 2027") == [
        (MemoryType.PLAN, "The user's Boston place is deferred to 2027.")
    ]


def test_moving_things_about_the_house_is_no_plan_moved() -> None:
    assert MemoryType.PLAN not in [t for t, _ in _kept("We're moving the piano to the back room.")]


def test_the_weekday_moves_with_the_day() -> None:
    # GIVEN an arrangement kept as a fact, on a Saturday
    visit = _held("Noor is visiting Grandad at Elm Court on Saturday 11 April.", type=MemoryType.FACT)
    # WHEN it is moved to a Sunday
    moved = decide(_told("Noor's visit is moved to Sunday 19 April.", 2), [visit])
    # THEN the held plan says the new weekday and day, not "Saturday 19 April"
    assert moved.action is MergeAction.SUPERSEDE
    assert moved.statement == "Noor is visiting Grandad at Elm Court on Sunday 19 April."


def test_a_new_day_with_instead_is_the_plan_talked_of_on_that_day() -> None:
    assert _kept("Going Thursday 23 April instead, same time.") == [
        (MemoryType.PLAN, "The user's plan is moved to Thursday 23 April, same time.")
    ]
    # "instead" after no day names no new day of a plan
    assert not any("moved" in s for _, s in _kept("I'll have the risotto instead."))


def test_an_unnamed_move_moves_the_one_plan_still_to_come() -> None:
    # GIVEN one plan still to come, and one whose day has passed
    gig = _held("Noor is playing the Leeds gig on Friday 17 April, 8pm.")
    past = _held("Noor is seeing the optician on Wednesday 1 April.", memory_id="m-0")
    # WHEN a new day is said with "instead", the plan not named
    moved = decide(_told("Noor's plan is moved to Saturday 18 April.", 3), [past, gig])
    # THEN the plan still to come is that plan on its new day, its time kept
    assert (moved.action, moved.target_id) == (MergeAction.SUPERSEDE, "m-1")
    assert moved.statement == "Noor is playing the Leeds gig on Saturday 18 April, 8pm."
    # said by an unnamed user, the same
    unnamed = decide(_told("The user's plan is moved to Saturday 18 April.", 3), [past, gig])
    assert unnamed.statement == "Noor is playing the Leeds gig on Saturday 18 April, 8pm."


def test_an_unnamed_move_with_two_plans_to_come_moves_neither() -> None:
    gig = _held("Noor is playing the Leeds gig on Friday 17 April.")
    dentist = _held("Noor is seeing the dentist on Tuesday 21 April.", memory_id="m-2")
    moved = decide(_told("Noor's plan is moved to Saturday 18 April.", 3), [gig, dentist])
    assert moved.action is MergeAction.ADD


def test_a_plan_told_afterwards_as_done_on_its_day_is_over() -> None:
    # GIVEN a visit arranged for 11 April, WHEN the user tells of it afterwards in other words
    visit = _held("Noor is seeing Grandad at Elm Court on Saturday 11 April.", type=MemoryType.FACT)
    went = decide(_told("Noor visited Grandad on 11 April 2026.", 10, MemoryType.FACT), [visit])
    # THEN the plan is over and the report stands for it
    assert (went.action, went.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_report_of_another_day_or_a_denial_ends_no_plan() -> None:
    visit = _held("Noor is seeing Grandad at Elm Court on Saturday 11 April.", type=MemoryType.FACT)
    for said in ("Noor visited Grandad on 4 April 2026.", "Noor didn't visit Grandad on 11 April 2026."):
        assert decide(_told(said, 10, MemoryType.FACT), [visit]).action is MergeAction.ADD
