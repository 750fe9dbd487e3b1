"""Updates said in chat the rules read: where a thing is kept, how to reach the user, a value of "hers" put right, a
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


def test_a_spelling_with_what_the_name_is_after_it_puts_the_name_right() -> None:
    card = held("The user's manager is Sarah Thomson.", "user.manager")
    (said,) = S.extract(S.told("It's Thompson with a p, my manager's surname."))
    assert decide(said, [card]).statement == "The user's manager is Sarah Thompson."
    # NEGATIVE: a name with a friend is no spelling
    assert S.statements("It's Thompson with a friend, my manager's surname.") != ["It is spelled Thompson."]


def test_an_hour_said_instead_replaces_the_card_timing_the_same_thing() -> None:
    card = held("The user goes to the gym at 6am before work.")
    news = cand("The user has started going to the gym in the evenings instead, around 7pm.")
    assert decide(news, [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another thing done instead at another hour
    assert decide(cand("The user walks the dog instead, at 7pm."), [card]).action is MergeAction.ADD


def test_an_arrangement_ahead_that_fell_through_is_over() -> None:
    card = held("The user is moving to Bristol in the summer.")
    news = cand("The user's Bristol move fell through, the user is staying in Leeds.", days=40)
    assert decide(news, [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: a habit in the present is no arrangement
    habit = held("The user is swimming twice a week.")
    assert (
        decide(cand("The user's Bristol move fell through.", days=40), [habit]).action
        is not MergeAction.SUPERSEDE
    )


def test_a_value_of_it_owned_as_a_mix_up_is_a_correction() -> None:
    card = held("The user lives at flat 12, Harbour Court.")
    # GIVEN a session opening with a value and a mix-up owned (no agent turn before it to reply to)
    said = S.extract([S.ev("m1", 5, text="Actually it's flat 21, Harbour Court, I always mix them up.")])
    assert [c.type for c in said] == [MemoryType.CORRECTION]
    # THEN it puts the held number right
    assert decide(said[0], [card]).statement == "The user lives at flat 21, Harbour Court."
    # NEGATIVE: the value said with no mistake owned is no correction
    plain = S.extract([S.ev("m1", 5, text="Actually it's flat 21, Harbour Court.")])
    assert MemoryType.CORRECTION not in [c.type for c in plain]


def test_passing_the_test_while_learning_to_drive_ends_the_lessons() -> None:
    card = held("The user is taking driving lessons.")
    assert (
        decide(cand("The user passed their test first time.", days=40), [card]).action
        is MergeAction.SUPERSEDE
    )
    # NEGATIVE: a maths test is another test
    assert decide(cand("The user passed their maths test.", days=40), [card]).action is MergeAction.ADD


def test_a_trip_next_week_is_a_plan_that_holds_until_that_week_ends() -> None:
    # GIVEN "we're off to Lisbon next week" said on Wednesday 10 February
    (plan,) = S.extract(S.told("We're off to Lisbon next week."))
    # THEN it is a plan, valid to the end of the week after (not the day it was said)
    assert plan.type is MemoryType.PLAN
    assert plan.valid_until is not None and plan.valid_until.date().isoformat() == "2027-02-22"
    # ... and text-speak for it reads the same ("bf n i r off 2 lisbon": "my boyfriend and I are off to ...")
    (terse,) = S.extract(S.told("bf n i r off 2 lisbon nxt wk 4 his bday"))
    assert terse.type is MemoryType.PLAN and "for his birthday" in terse.statement
    # NEGATIVE: off to bed is for now, and a count after "off 2" stays a number
    assert S.statements("I'm off to bed.") == []
    (dated,) = S.extract(S.told("We're going to Lisbon on 3 March."))
    assert dated.valid_until is not None and dated.valid_until.date().isoformat() == "2027-03-04"


def test_a_food_the_body_cannot_take_is_a_standing_limit() -> None:
    assert S.statements("I can't handle spicy food.") == ["The user can't handle spicy food."]
    assert S.statements("I can't stomach coffee.") == ["The user can't stomach coffee."]
    # NEGATIVE: "it" is a mood's, not a food's
    assert S.statements("I can't stomach it.") == []


def test_off_to_somewhere_is_a_trip_not_a_plan_called_off() -> None:
    (trip,) = S.extract(S.told("My boyfriend and I are off to Lisbon next week."))
    assert trip.type is MemoryType.PLAN and "off to Lisbon" in trip.statement
    # NEGATIVE: a plan said to be off is over
    assert S.statements("Our Lisbon trip is off.") != []
    assert "off to" not in " ".join(S.statements("Our Lisbon trip is off."))


def test_a_typo_owned_puts_the_name_right() -> None:
    card = held("The user's partner Jonh is a chef.")
    said = S.extract([S.ev("m1", 5, text="Typo, it's John, not Jonh.")])
    assert [c.type for c in said] == [MemoryType.CORRECTION]
    assert decide(said[0], [card]).statement == "The user's partner John is a chef."
    # NEGATIVE: a typo in something else names no held card
    other = S.extract([S.ev("m1", 5, text="Typo, it's Leeds, not Leds.")])
    assert decide(other[0], [card]).action is not MergeAction.SUPERSEDE


def test_a_bus_route_taken_now_replaces_the_one_held() -> None:
    assert S.statements("I get the 36 bus to work.") == ["The user gets the 36 bus to work."]
    card = held("The user gets the 36 bus to work.")
    (said,) = S.statements("They cut the 36, so I get the 38 now.")
    decision = decide(cand(said), [card])
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user gets the 38 bus to work.",
    )
    # NEGATIVE: the same route said again changes nothing
    assert decide(cand("The user gets the 36 now."), [card]).action is not MergeAction.SUPERSEDE


def test_news_after_a_secrets_relative_clause_is_kept_without_it() -> None:
    kept = S.statements(
        "My security answer is Biscuit, which was my first dog, and now we have a cat called Miso."
    )
    assert kept == ["The user has a cat called Miso."]
    assert "Biscuit" not in " ".join(kept)
    # NEGATIVE: a change said in one clause stays one statement
    assert S.statements("We had a dog and now we have a cat.") == [
        "The user had a dog and now the user has a cat."
    ]


def test_how_often_one_person_does_one_thing_moves_on_but_another_persons_is_theirs() -> None:
    card = held("Bak runs three times a week.")
    news = cand("Bak is running five times a week now, training for the marathon.")
    assert decide(news, [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another person's runs, and another activity
    assert decide(cand("Ana runs five times a week."), [card]).action is not MergeAction.SUPERSEDE
    assert decide(cand("Bak swims five times a week now."), [card]).action is not MergeAction.SUPERSEDE


def test_where_one_has_ones_hair_cut_and_a_diet_gone_back_to_are_slots() -> None:
    from reverie.adapters.local.rules.keys import attribute_key

    assert attribute_key("I get my hair cut at Toni's on the high street.", "user") == "user.hairdresser"
    assert attribute_key("I've gone back to being vegetarian.", "user") == "user.diet"
    # NEGATIVE: hair said otherwise is no hairdresser
    assert attribute_key("I get my hair wet every morning.", "user") != "user.hairdresser"
