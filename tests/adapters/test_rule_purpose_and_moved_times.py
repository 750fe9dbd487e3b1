"""What something is done for ("swims to keep fit") is no part of what is done: news with more detail of it fuses
and keeps the purpose, unless the news gives the verb a thing of its own ("runs a bakery" is another "runs"); a
thing moved to another time ("moved my gym sessions to lunchtime") replaces the card giving its old time; a
correction naming another day puts right the one card with a day it shares a word with; a part of the day in the
plural is a habit, not a plan's day; an age said with "only" or "just" is kept."""

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


@pytest.mark.parametrize(
    ("card", "news", "fused"),
    [
        (
            "Kemi cycles to stay healthy.",
            "Kemi cycles 20 miles along the river path on Saturdays.",
            "Kemi cycles 20 miles along the river path on Saturdays, to stay healthy.",
        ),
        (
            "Bruno paints for fun.",
            "Bruno paints watercolour landscapes in his shed.",
            "Bruno paints watercolour landscapes in his shed, for fun.",
        ),
    ],
)
def test_news_with_more_of_what_is_done_fuses_and_keeps_what_it_is_done_for(
    card: str, news: str, fused: str
) -> None:
    # GIVEN a held card saying what someone does and what for; WHEN news says more of what they do
    decision = decide(cand(news), [held(card)])
    # THEN one card says both
    assert (decision.action, decision.statement) == (MergeAction.FUSE, fused)


@pytest.mark.parametrize(
    ("card", "news"),
    [
        ("Bruno runs for fun.", "Bruno runs a bike shop in Hove."),  # another sense of the verb
        ("Bruno paints to relax.", "Kemi paints murals in Brixton."),  # someone else
        ("Bruno sings in a choir.", "Bruno sings in a pub band on Fridays."),  # no purpose: two things
    ],
)
def test_news_that_is_not_more_of_it_does_not_fuse(card: str, news: str) -> None:
    assert decide(cand(news), [held(card)]).action is not MergeAction.FUSE


def test_a_thing_moved_to_another_time_replaces_the_card_giving_its_old_time() -> None:
    # GIVEN "goes swimming at 7am"; WHEN the swims are moved to the evening
    decision = decide(
        cand("Priya has moved her swimming to the evenings, 7am was too early."),
        [held("Priya goes swimming at 7am.")],
    )
    # THEN the new card replaces the old (not one card saying both)
    assert decision.action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("card", "correction", "action"),
    [
        ("The recycling day is Thursday.", "The recycling goes out on Friday.", MergeAction.SUPERSEDE),
        ("The piano lesson is on Monday.", "The piano lesson is on Tuesday.", MergeAction.SUPERSEDE),
        # nothing shared but the day: another thing
        ("The dentist appointment is on Monday.", "The yoga class is on Tuesday.", MergeAction.ADD),
    ],
)
def test_a_correction_naming_another_day_puts_right_the_card_it_shares_a_word_with(
    card: str, correction: str, action: MergeAction
) -> None:
    assert decide(cand(correction, type=MemoryType.CORRECTION), [held(card)]).action is action


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("Noor has ballet on Saturday mornings.", None),
        ("Noor does judo on Tuesday evenings.", None),
        ("Noor has a ballet exam on Saturday.", datetime(2027, 2, 14, tzinfo=UTC)),
        ("Noor has a ballet exam on Saturday morning.", datetime(2027, 2, 14, tzinfo=UTC)),
    ],
)
def test_a_part_of_the_day_in_the_plural_is_a_habit_not_a_plans_day(text: str, ends: datetime | None) -> None:
    # said on Wednesday 10 February 2027
    assert plan_ends(text, datetime(2027, 2, 10, 9, 0, tzinfo=UTC)) == ends


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Ada's only 4, that's why she's starting reception.", "Ada is 4."),
        ("Theo is just 2.", "Theo is 2."),
    ],
)
def test_an_age_said_with_only_or_just_is_kept(said: str, stored: str) -> None:
    assert S.statements(said) == [stored]


@pytest.mark.parametrize(
    ("card", "news"),
    [
        ("Remi goes to bed at midnight.", "Remi goes to bed at 10:30 now."),
        ("Remi goes to bed at 11pm.", "Remi has been going to bed at 10:30 since the baby arrived."),
        ("Remi eats lunch at 1pm.", "Remi eats lunch at noon."),
    ],
)
def test_another_time_said_in_words_or_in_another_tense_replaces_the_held_time(card: str, news: str) -> None:
    # GIVEN a held time of a habit; WHEN another time is given for it ("midnight" is a time; "goes" and
    # "is going" are one verb) THEN the newer value replaces it
    assert decide(cand(news), [held(card)]).action is MergeAction.SUPERSEDE


def test_the_same_time_said_with_more_is_no_other_time() -> None:
    # NEGATIVE: "noon" again, with company, adds detail
    assert decide(cand("Remi eats lunch at noon with Sam."), [held("Remi eats lunch at noon.")]).action is (
        MergeAction.FUSE
    )


def test_an_ordinal_before_what_it_counts_is_no_day_a_thing_is_moved_to() -> None:
    # GIVEN a move to a floor; THEN no date is made of it ("moved to 5 March floor" before)
    assert not any("March" in s for s in S.statements("They've moved our team to the 5th floor."))
    # NEGATIVE: a day of the month is still one
    assert any("9 March" in s for s in S.statements("The dentist moved my appointment to the 9th."))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Finally upgraded to a Pixel 8, the iPhone battery was dead.",
            "The user finally upgraded to a Pixel 8.",
        ),
        (
            "Bought a new kettle, the old one was broken.",
            "The user bought a new kettle, the old one was broken.",
        ),
    ],
)
def test_a_change_made_is_kept_beside_the_passing_state_that_made_it(said: str, stored: str) -> None:
    # GIVEN a change one made and, after a comma, what made it; THEN the change is kept (dropped whole before)
    assert S.statements(said) == [stored]


@pytest.mark.parametrize("said", ["My phone is full of photos.", "The printer is broken, it's jammed again."])
def test_a_passing_state_alone_is_still_left_out(said: str) -> None:
    assert S.statements(said) == []


def test_a_plan_put_off_to_a_season_is_moved_there() -> None:
    # GIVEN a wedding on a day; WHEN it is postponed to next spring THEN the held day is no longer its day
    assert S.statements("We've postponed the wedding to next spring.") == [
        "The user's wedding is moved to next spring."
    ]
    decision = decide(
        cand("Kim's wedding is moved to next spring."),
        [held("Kim's wedding is on 12 June.", type=MemoryType.PLAN)],
    )
    assert decision.action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("on 20mg citalopram since jan", ["The user is on 20mg citalopram since jan."]),
        ("taking 5mg ramipril daily", ["The user is taking 5mg ramipril daily."]),
        ("on 2 pints of milk a day", []),  # NEGATIVE: no dose of a medicine
    ],
)
def test_a_dose_said_with_no_subject_is_the_speakers(said: str, stored: list[str]) -> None:
    assert S.statements(said) == stored
