"""Everyday updates the rules read: where a thing is kept, how to reach the user, a value of "hers" put right, a
lesson on another day now, a club's meeting night, a count said as a word, a thing a plan was to sell, sold."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.domain.restatement import adds_no_number
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_where_a_thing_is_kept_is_kept_but_where_an_animal_is_now_is_not() -> None:
    assert S.statements("Home wifi password is sunflower-Meadow-42 and the printer is in the study.") == [
        "The printer is in the study."
    ]
    assert S.statements("The stopcock is under the sink.") == ["The stopcock is under the sink."]
    # NEGATIVE: the cat moves about
    assert S.statements("The cat is in the garden.") == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Please message rather than ring me.", ["Always message rather than ring the user."]),
        (
            "I hate phone calls, text me instead.",
            ["The user hates phone calls.", "Always text the user instead."],
        ),
        # NEGATIVE: a call asked for once is a request for now
        ("Call me back at 5.", []),
    ],
)
def test_how_to_reach_the_user_one_way_against_another_is_a_standing_rule(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_a_value_of_hers_put_right_after_an_apology_replaces_the_held_number() -> None:
    card = held("The user's wife's birthday is 12 August.")
    # GIVEN a birthday held; WHEN "Oops, her birthday's 21 August, I swapped the digits"
    (said,) = S.extract(S.told("Oops, her birthday's 21 August, I swapped the digits."))
    assert said.type is MemoryType.CORRECTION
    decision = decide(said, [card])
    # THEN the card is put right in its own words, and how the mistake came about is not kept
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user's wife's birthday is 21 August.",
    )
    # NEGATIVE: beside another person's birthday on another month, that one is not the one meant
    mum = held("The user's mum's birthday is 3 May.").model_copy(update={"memory_id": "m-0"})
    assert decide(said, [mum, card]).target_id == "m-1"


def test_a_lesson_on_another_day_now_replaces_the_day_held() -> None:
    card = held("The kids have swimming lessons on Wednesdays.")
    assert decide(cand("The swimming lessons are on Saturdays now."), [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another thing on another day is its own
    assert decide(cand("Bin day is Thursday now."), [card]).action is MergeAction.ADD


def test_a_clubs_meeting_night_is_more_of_the_club_joined() -> None:
    card = held("Fox joined a running club.")
    decision = decide(cand("The running club meets on Tuesday nights at the leisure centre."), [card])
    assert decision.action is MergeAction.FUSE
    # ... and a plural place named again with "the" is the one held
    beds = held("The user grows vegetables in raised beds.")
    more = decide(cand("In the raised beds the user has got courgettes, beans and kale."), [beds])
    assert more.action is MergeAction.FUSE
    # NEGATIVE: another club's night
    assert decide(cand("The chess club meets on Fridays."), [card]).action is MergeAction.ADD


def test_a_count_said_as_a_word_is_another_number() -> None:
    card = held("The user drinks about four coffees a day.")
    assert decide(cand("The user has cut down to one coffee a day."), [card]).action is MergeAction.SUPERSEDE
    assert not adds_no_number("The user has cut down to one coffee a day.", card.statement)
    # NEGATIVE: the same count in digits is the same
    assert decide(cand("The user drinks 4 coffees a day."), [card]).action is MergeAction.NOOP


def test_a_thing_a_plan_was_to_sell_said_sold_ends_the_plan() -> None:
    plan = held("The user is thinking of selling the caravan.", type=MemoryType.PLAN)
    (said,) = S.statements("Caravan's sold, a couple from Wales bought it.")
    assert decide(cand(said, days=40), [plan]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another thing sold
    assert decide(cand("The van is sold.", days=40), [plan]).action is MergeAction.ADD


def test_getting_the_job_ends_the_interviewing() -> None:
    card = held("Les is interviewing for a job at Monzo.")
    assert decide(cand("Les got the Monzo job."), [card]).action is MergeAction.SUPERSEDE
    assert decide(cand("Les turned down the Monzo offer."), [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: someone else's job
    assert decide(cand("Les's sister got a job at Tesco."), [card]).action is MergeAction.ADD


def test_a_provider_named_by_what_it_supplies_is_one_slot() -> None:
    from reverie.adapters.local.rules.keys import attribute_key

    assert attribute_key("Our energy supplier is Octopus.", "user") == "user.energy"
    assert attribute_key("We switched energy to British Gas.", "user") == "user.energy"
    assert attribute_key("Our broadband provider is BT.", "user") == attribute_key(
        "We've switched broadband to Zen.", "user"
    )
    # NEGATIVE: a phone is no mobile network
    assert attribute_key("My mobile is a Pixel 8.", "user") != "user.broadband"


def test_one_way_of_reaching_someone_preferred_over_another_is_one_preference() -> None:
    held_pref = held("Dot prefers email to phone calls.", type=MemoryType.PREFERENCE)
    rule = cand(
        "Always email rather than ring Dot, Dot doesn't like phone calls.", type=MemoryType.CONSTRAINT
    )
    # GIVEN the preference held; WHEN it is said again as a rule for the agent: nothing new
    assert decide(rule, [held_pref]).action is MergeAction.NOOP
    # ... turned round, it replaces the one held
    turned = cand("Always call rather than email Dot.", type=MemoryType.CONSTRAINT)
    assert decide(turned, [held_pref]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another person's preference, and another kind of thing preferred
    other = cand("Always email rather than ring Ana.", type=MemoryType.CONSTRAINT)
    assert decide(other, [held_pref]).action is MergeAction.ADD
    tea = cand("Dot prefers tea to coffee.", type=MemoryType.PREFERENCE)
    assert decide(tea, [held_pref]).action is not MergeAction.NOOP
