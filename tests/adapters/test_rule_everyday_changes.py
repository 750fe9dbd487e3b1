"""Everyday news that changes or adds to what is held: an age reached, a new GP, a day changed with no "our", an
appointment moved by whoever holds it, a party on a weekday to come, what is done at a place already held, and
what the speaker's hands are doing as they type (no memory at all)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.fronted import place_after
from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.own_mistakes import value_put_right
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_an_age_someone_named_reached_is_kept_and_replaces_the_age_held() -> None:
    (found,) = S.extract(S.told("Theo turned 7 last week."))
    assert found.statement.startswith("Theo turned 7")
    decision = decide(cand(found.statement), [held("Uri's son Theo is 6.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: another person's age, and a number that is no age
    assert decide(cand("Theo's friend Max is 7."), [held("Uri's son Theo is 6.")]).action is MergeAction.ADD
    assert decide(cand("Theo is 7 now."), [held("Theo has 6 Lego sets.")]).action is not MergeAction.SUPERSEDE


def test_a_changed_gp_said_with_whom_the_household_is_with_now_is_the_gp() -> None:
    found = S.statements("We've changed GP, we're with Riverside Practice now.")
    assert "The user's GP is Riverside Practice now." in found
    decision = decide(cand("The user's GP is Riverside Practice now."), [held("The user's GP is Dr Shah.")])
    assert decision.action is MergeAction.SUPERSEDE


def test_an_attribute_given_a_new_value_without_our_is_the_users() -> None:
    assert S.statements("Bin day's changed to Wednesday.") == ["Bin day has changed to Wednesday."]
    assert statement_key("Bin day has changed to Wednesday.") == "user.bin_day"
    assert statement_key("Tom has moved to Leeds.") == "tom.home_city"  # a name, not an attribute


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("The dentist moved my appointment to 10 March, same time.", MemoryType.PLAN),
        ("I've got the dentist on 3 March at 10am.", MemoryType.PLAN),
        ("We're having a party for Mia's 10th birthday on Saturday.", MemoryType.PLAN),
        ("I'm working on Saturdays.", MemoryType.FACT),  # every Saturday: no plan (NEGATIVE)
    ],
)
def test_appointments_and_arrangements_to_come_are_plans(said: str, kind: MemoryType) -> None:
    assert [c.type for c in S.extract(S.told(said))] == [kind]


def test_an_appointment_moved_by_whoever_holds_it_says_what_it_is_for() -> None:
    assert S.statements("The dentist moved my appointment to 10 March, same time.") == [
        "The user's dentist appointment is moved to 10 March, same time."
    ]


def test_what_is_done_at_a_place_held_is_more_about_it() -> None:
    assert place_after("At the food bank I run the Saturday shift now.") == (
        "I run the Saturday shift at the food bank now."
    )
    # NEGATIVE: a name in the place, and a clause after a comma, keep the sentence as said
    said = "In The Lowland Hum I play a fretless Fender Jazz bass, always have."
    assert place_after(said) == said
    decision = decide(
        cand("Wes runs the Saturday morning shift at the food bank now."),
        [held("Wes volunteers at the Eastside food bank.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    # NEGATIVE: a visit that happened at a place someone works at, and someone else at that place
    assert (
        decide(cand("Wes had an X-ray at the hospital."), [held("Wes works at the hospital.")]).action
        is MergeAction.ADD
    )
    assert (
        decide(cand("Ana works at the bakery on Mondays."), [held("Wes volunteers at the bakery.")]).action
        is MergeAction.ADD
    )


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Sorry for the typos, I'm typing with one hand while holding the baby.", []),
        ("I'm sitting on the train to Leeds.", []),
        ("I'm typing up my thesis this month.", ["The user is typing up their thesis in February 2027."]),
        ("my fav band is deffo Radiohead lol", ["The user's favourite band is Radiohead."]),
    ],
)
def test_what_the_speaker_is_doing_as_they_type_is_no_memory(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_work_in_progress_for_a_period_to_come_is_a_plan_that_news_of_it_ends() -> None:
    (found,) = S.extract(S.told("We're migrating the auth service to Rust this quarter."))
    assert found.type is MemoryType.PLAN
    plan = held(found.statement, type=MemoryType.PLAN)
    decision = decide(cand("The auth migration to Rust is done and live."), [plan])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_thing_described_then_a_habit_of_the_speaker_are_two_facts() -> None:
    assert S.statements("Our repo is a monorepo with Turborepo, and we deploy every Tuesday.") == [
        "The user's repo is a monorepo with Turborepo.",
        "The user deploys every Tuesday.",
    ]
    # NEGATIVE: when a group the speaker joined meets is one idea with the joining
    assert len(S.statements("I joined a tennis club in Harrow, we play on Sunday mornings.")) == 1


def test_someone_who_leads_the_speaker_is_their_team_lead() -> None:
    found = S.extract(S.told("Sara's moved to the platform team, Jonas leads us now."))
    assert [(c.statement, c.key) for c in found][-1] == ("The user's team lead is Jonas now.", "user.manager")
    decision = decide(
        cand("Gia's team lead is Jonas now.", key="gia.manager"),
        [held("Gia's team lead is Sara.", key="gia.manager")],
    )
    assert decision.action is MergeAction.SUPERSEDE


def test_a_thing_named_by_what_a_card_says_it_is_is_more_of_that_card() -> None:
    decision = decide(
        cand("The Go API runs on Fly.io, in two regions."), [held("Tao's API is written in Go.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    # NEGATIVE: another kind (a Python API), or the same word of another thing (the frontend)
    assert (
        decide(cand("The Python API runs on Fly.io."), [held("Tao's API is written in Go.")]).action
        is MergeAction.ADD
    )
    assert (
        decide(cand("The Go API runs on Fly.io."), [held("Tao's frontend is written in Go.")]).action
        is MergeAction.ADD
    )


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Ugh, rainy Monday, I just want to stay in bed.", []),  # a wish of the moment
        ("I want to sleep better.", ["The user wants to sleep better."]),
        (
            "Hi Rex, rent goes up to £1,050 from May.",
            ["Rent goes up to £1,050 from May."],
        ),  # the greeting goes
    ],
)
def test_a_wish_of_the_moment_passes_and_a_greeting_costs_nothing(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_pulling_out_of_what_one_trained_for_replaces_it() -> None:
    decision = decide(
        cand("Hana pulled out of Brighton with a stress fracture, aiming for Berlin in September instead."),
        [held("Hana is training for the Brighton Marathon in April.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_value_put_right_in_a_message_of_its_own_corrects_what_was_just_told() -> None:
    session = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))
    events = [
        session.ev("a0", 0, role="assistant", text="Hi."),
        session.ev("m1", 10, text="My flight to Boston is BA 117 on Friday."),
        session.ev("a1", 15, role="assistant", text="OK."),
        session.ev("m2", 20, text="Sorry, it's BA 177, I misread the ticket."),
    ]
    found = [(c.type, c.statement) for c in session.extract(events)]
    assert (MemoryType.CORRECTION, "The user's flight to Boston is BA 177 on Friday.") in found
    assert not any("misread" in s for _, s in found)  # how the mistake came about is no fact
    # NEGATIVE: two values of that kind told before: which one is meant is not known
    assert value_put_right("Sorry, it's 12.", "Gate 14 at 9:30, seat 22") is None


def test_a_recurring_thing_moved_to_another_day_replaces_the_held_one() -> None:
    decision = decide(
        cand("PT has moved to Wednesdays at 6pm."), [held("Xav's PT session is Tuesdays at 7am.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: another thing on a day
    assert (
        decide(cand("PT has moved to Wednesdays at 6pm."), [held("Xav goes swimming on Tuesdays.")]).action
        is MergeAction.ADD
    )


def test_days_a_week_are_how_often() -> None:
    held_card = held("Lou's daughter Ada is at nursery three days a week.")
    decision = decide(cand("Ada's nursery is four days a week now."), [held_card])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_thing_named_by_the_brand_one_has_is_more_of_that_card() -> None:
    decision = decide(
        cand("The Vitamix makes Max's morning smoothies."), [held("Max has a Vitamix blender.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert (
        decide(cand("The Ninja makes Max's smoothies."), [held("Max has a Vitamix blender.")]).action
        is MergeAction.ADD
    )


def test_a_plan_judged_after_its_month_has_come_took_place() -> None:
    plan = held("Ned is planning a trip to Japan in October.", type=MemoryType.PLAN)  # held on 1 March
    decision = decide(cand("Japan was amazing, Kyoto was the best.", days=260), [plan])  # 17 November
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: before October ("was amazing" of a past visit), and another thing judged
    assert decide(cand("Japan was amazing.", days=30), [plan]).action is MergeAction.ADD
    assert decide(cand("The concert was amazing.", days=260), [plan]).action is MergeAction.ADD


def test_a_time_beside_a_route_number_is_the_sources_value() -> None:
    found = S.extract(
        S.told("The bus app says the 36 leaves at 8:10, but the printed timetable says 8:25. Not sure.")
    )
    claims = sorted(c.statement for c in found if "36" in c.statement)
    assert claims == [
        "The 36 leaves at 8:10 (according to the bus app)",
        "The 36 leaves at 8:25 (according to the printed timetable)",
    ]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm back on days now.", ["The user is back on days now."]),
        ("I'm back, what did I miss?", []),  # home again: passes (NEGATIVE)
        ("The new kitchen is in and it looks great.", ["The user's new kitchen is in."]),
        # where a thing is kept, nothing got (NEGATIVE): a fact of where it is, not a new kettle
        ("The kettle is in the cupboard.", ["The kettle is in the cupboard."]),
    ],
)
def test_back_on_a_shift_and_a_new_thing_in_are_kept(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_work_to_come_in_a_month_is_a_plan_the_new_thing_ends() -> None:
    (found,) = S.extract(S.told("We're getting a new kitchen fitted in March."))
    assert found.type is MemoryType.PLAN
    decision = decide(
        cand("The user's new kitchen is in.", days=90), [held(found.statement, type=MemoryType.PLAN)]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_lessons_started_in_a_pursuit_held_fuse_into_it() -> None:
    guitar = held("Cat plays guitar, mostly acoustic.")
    decision = decide(cand("Cat has started guitar lessons with Dave on Thursdays."), [guitar])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decide(cand("Cat has started Spanish lessons."), [guitar]).action is MergeAction.ADD


def test_ringing_before_a_time_is_the_same_bound_as_calls() -> None:
    rule = held("No calls before 10am please.", type=MemoryType.CONSTRAINT)
    said = cand("Don't ring Nia before ten, Nia is not a morning person.", type=MemoryType.CONSTRAINT)
    assert decide(said, [rule]).action is MergeAction.FUSE
    later = cand("Don't ring Nia before noon.", type=MemoryType.CONSTRAINT)
    assert decide(later, [rule]).action is MergeAction.ADD  # another time is another rule (NEGATIVE)


def test_words_put_right_in_a_message_of_their_own_swap_the_words_said() -> None:
    assert value_put_right(
        "Oops, it's Elm Grove, not Elm Road.", "Our new address is 14 Elm Road, Bristol."
    ) == ("Our new address is 14 Elm Grove, Bristol.")
    # NEGATIVE: the denied words were never said
    assert value_put_right("Oops, it's Elm Grove, not Elm Road.", "Our new address is 14 Oak Lane.") is None


def test_moving_out_of_home_replaces_living_at_home() -> None:
    assert statement_key("Bea's son Tom still lives at home with Bea.") == "tom.home_city"
    decision = decide(
        cand("Tom moved out last month, Tom has got a flat in Leeds."),
        [held("Bea's son Tom still lives at home with Bea.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
