"""Changes in a person's life that end what a held card says: a promotion (a new title, the same employer), a
relationship that ended, a trip come back from; and what a standing want or a label before a colon says."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.doses import dose_moved
from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.levels import count_moved
from reverie.adapters.local.rules.membership_ended import place_switched
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.promoted import promotion
from reverie.adapters.local.rules.relationship_ended import relationship_ended
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2027, 2, 1, 9, 0, tzinfo=UTC))


def test_a_promotion_replaces_the_title_and_keeps_the_employer() -> None:
    # GIVEN her title at her employer
    job = held("Zara is a junior developer at Monzo.", key="zara.employer")
    # WHEN she says she was promoted
    decision = decide(cand("Zara got promoted to senior engineer last week.", key="zara.job_title"), [job])
    # THEN the held card is replaced by one with the new title, still at Monzo
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "Zara got promoted to senior engineer at Monzo last week."
    # NEGATIVE: someone else's job, or the title already held, is no promotion of this card
    assert (
        promotion(
            cand("Zara got promoted to senior engineer."), [held("Zara's brother is a nurse at Guy's.")]
        )
        is None
    )
    assert (
        promotion(
            cand("Zara got promoted to senior engineer."), [held("Zara is a senior engineer at Monzo.")]
        )
        is None
    )


@pytest.mark.parametrize(
    "news",
    [
        "Dan and Noor broke up in March.",
        "Noor broke up with Dan.",
        "Noor split from her boyfriend Dan last year.",
    ],
)
def test_a_relationship_that_ended_replaces_the_card_naming_the_partner(news: str) -> None:
    partner = held("Noor's boyfriend Dan is vegetarian.")
    decision = decide(cand(news), [partner])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"


def test_a_breakup_leaves_other_cards_about_the_name_and_other_couples_alone() -> None:
    assert (
        relationship_ended(cand("Dan and Noor broke up in March."), [held("Dan's birthday is 3 May.")])
        is None
    )
    assert (
        relationship_ended(cand("Ana and Noor broke up."), [held("Noor's boyfriend Dan is vegetarian.")])
        is None
    )


@pytest.mark.parametrize(
    ("held_text", "news"),
    [
        ("The user is seeing someone called Dan.", "Dan and the user split up over the summer."),
        ("The user has been dating Priya since March.", "Priya and the user broke up."),
        ("Jess and the user have been together 6 years.", "The user and Jess separated in June."),
        ("The user is engaged to Omar.", "The user broke up with Omar."),
    ],
)
def test_a_breakup_ends_a_relationship_told_as_seeing_dating_or_being_together(
    held_text: str, news: str
) -> None:
    # GIVEN a card telling who the user is with, in words other than "boyfriend"/"partner"
    decision = decide(cand(news), [held(held_text)])
    # THEN the news of the break-up replaces it
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"


def test_a_breakup_leaves_a_card_on_doing_things_with_the_same_person_alone() -> None:
    # NEGATIVE: playing tennis with Dan does not make him a partner
    assert (
        relationship_ended(cand("Dan and the user split up."), [held("The user plays tennis with Dan.")])
        is None
    )
    assert relationship_ended(cand("The user and Ana split up."), [held("The user is seeing Dan.")]) is None


def test_a_fact_about_a_partner_has_no_partner_slot_but_who_the_partner_is_does() -> None:
    # "my husband is allergic to shellfish" is of him; keyed as the partner slot, "my husband is a teacher"
    # would have superseded it
    assert attribute_key("My husband is allergic to shellfish.", "sam") is None
    # his job is his own slot, not who the partner is
    assert attribute_key("My husband is a teacher.", "sam") == "sam.husband.job_title"
    assert attribute_key("My husband is called Tom.", "sam") == "sam.partner"
    assert attribute_key("My boss is Ana Ruiz.", "sam") == "sam.manager"


def test_back_from_a_trip_said_without_a_subject_is_kept_and_ends_the_trip_plan() -> None:
    assert SESSION.statements("Back from Japan! Kyoto was the highlight.") == [
        "The user came back from Japan."
    ]
    plan = held("The user is going to Japan in April.", type=MemoryType.PLAN)
    assert decide(cand("The user came back from Japan."), [plan]).action is MergeAction.SUPERSEDE
    # NEGATIVE: back from somewhere with no name ("the gym") is a passing remark
    assert SESSION.statements("Back from the gym.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I always want PRs squash-merged.", "The user always wants PRs squash-merged."),
        ("I want my reports formatted as PDFs.", "The user wants their reports formatted as PDFs."),
    ],
)
def test_a_standing_want_is_a_preference(text: str, expected: str) -> None:
    (found,) = SESSION.extract(SESSION.told(text))
    assert found.type is MemoryType.PREFERENCE and found.statement == expected


@pytest.mark.parametrize("text", ["I want a new bike.", "I want a used car."])
def test_a_wish_for_a_thing_is_no_preference(text: str) -> None:
    assert SESSION.statements(text) == []


def test_a_label_naming_what_follows_is_for_is_set_apart_and_a_time_scope_is_not() -> None:
    said = SESSION.statements("For the meal plan: I'm vegetarian and my husband is allergic to shellfish.")
    assert said == ["The user is vegetarian.", "The user's husband is allergic to shellfish."]
    (scoped,) = SESSION.statements("For the next two weeks: I'm in Berlin.")
    assert scoped.startswith("For the next two weeks")


def test_a_place_changed_names_the_new_one_as_the_speakers() -> None:
    said = SESSION.statements("I switched gyms, I'm at The Gym Group in Kentish Town now.")
    assert "The user's gym is The Gym Group in Kentish Town now." in said
    assert "The user's dentist is Smile Studio." in SESSION.statements(
        "Changed dentists last month, I'm at Smile Studio."
    )


def test_the_future_said_in_the_present_is_a_plan_until_its_day() -> None:
    (found,) = SESSION.extract(SESSION.told("I'm interviewing at Stripe next Thursday."))
    assert found.type is MemoryType.PLAN and found.valid_until is not None
    # NEGATIVE: "seeing the dentist" names no partner
    (dentist,) = SESSION.extract(SESSION.told("I'm seeing the dentist on Friday."))
    assert dentist.key is None


def test_how_an_application_ended_and_a_recurring_payday_are_kept() -> None:
    assert SESSION.statements("I didn't get the Stripe job, they went with someone more senior.") == [
        "The user didn't get the Stripe job, they went with someone more senior."
    ]
    assert SESSION.statements("I get paid on the 25th of every month.") == [
        "The user gets paid on the 25th of every month."
    ]
    # NEGATIVE: a night's sleep, or one payday, is no lasting fact
    assert SESSION.statements("I didn't get much sleep.") == []
    assert SESSION.statements("I get paid tomorrow.") == []


def test_two_things_joined_by_and_are_two_statements() -> None:
    assert SESSION.statements("Our CI runs on CircleCI and deploys go to Fly.io.") == [
        "The user's CI runs on CircleCI.",
        "Deploys go to Fly.io.",
    ]


def test_a_home_move_announced_makes_where_they_are_now_their_home() -> None:
    (found,) = SESSION.extract(SESSION.told("Moved again! We're in Durham now."))
    assert found.key == "user.home_city" and "lives in Durham" in found.statement
    # a team joined is no house move
    (team,) = SESSION.extract(SESSION.told("I moved to the Ads team this month."))
    assert team.key == "user.team"
    # NEGATIVE: where one is today, with no move told, is no home
    (today,) = SESSION.extract(SESSION.told("Just landed, I'm in Paris now."))
    assert today.key is None


def test_a_place_of_a_kind_switched_retires_the_card_naming_the_old_one() -> None:
    gym = held("Cy goes to PureGym in Camden, usually after work.")
    news = cand("Cy switched gyms; Cy's gym is The Gym Group in Kentish Town now.", key="cy.gym")
    assert decide(news, [gym]).action is MergeAction.SUPERSEDE
    # NEGATIVE: a person of theirs at that place; the new place, said in the same message
    assert place_switched(news, [held("Cy's sister works at PureGym.")]) is None
    new_gym = held("Cy's gym is The Gym Group in Kentish Town now.").model_copy(
        update={"evidence_refs": news.evidence_refs}
    )
    assert place_switched(cand("Cy switched gyms."), [new_gym]) is None


def test_what_a_thing_is_to_the_speaker_stays_and_a_taste_set_against_another_is_refined() -> None:
    assert SESSION.statements("I drink sencha every afternoon, it's my favourite tea.") == [
        "The user drinks sencha every afternoon, it's their favourite tea."
    ]
    assert SESSION.statements("We went to Nando's, it was amazing.") == ["The user went to Nando's."]
    tea = held("Oda likes tea more than coffee.", type=MemoryType.PREFERENCE)
    decision = decide(cand("Oda drinks sencha every afternoon, it's their favourite tea."), [tea])
    assert decision.action is MergeAction.FUSE and "sencha" in (decision.statement or "")


def test_a_label_saying_whom_the_notes_are_for_frees_what_follows() -> None:
    said = SESSION.statements("For the house sitter: the door code is 4471, and the bins go out on Tuesdays.")
    assert said == ["The bins go out on Tuesdays."]


def test_two_peoples_claims_about_one_thing_never_fuse_into_one_card() -> None:
    sintra = held("The wedding is in Sintra (according to Sister).")
    decision = decide(cand("The wedding is in Cascais (according to Mum)."), [sintra])
    assert decision.action is MergeAction.CONFLICT and decision.target_id == "m-1"


def test_leaving_an_employer_reverses_the_start_held_and_working_for_no_one_has_the_slot() -> None:
    start = held("Rae started a new job at Canva as a product designer.", key="rae.employer")
    decision = decide(cand("Rae left Canva in July.", key="rae.employer"), [start])
    assert decision.action is MergeAction.SUPERSEDE and "reversal" in decision.reason
    (free,) = SESSION.extract(SESSION.told("I'm freelancing now."))
    assert free.key == "user.employer"
    (retired,) = SESSION.extract(SESSION.told("I'm retired."))
    assert retired.key == "user.employer"


def test_a_new_count_of_the_same_things_replaces_the_held_one() -> None:
    cats = held("Tim has two cats, so no lilies in the flower orders.")
    assert decide(cand("Tim has three cats now."), [cats]).action is MergeAction.SUPERSEDE
    # NEGATIVE: someone else's cats, or another kind of thing
    assert count_moved(cand("Tim's sister has three cats."), [cats]) is None
    assert count_moved(cand("Tim has three dogs."), [cats]) is None


def test_how_one_gets_to_work_is_one_slot() -> None:
    (bus,) = SESSION.extract(SESSION.told("My commute is 40 minutes by bus, so podcasts are good."))
    (bike,) = SESSION.extract(SESSION.told("I cycle to work now, it takes 25 minutes."))
    assert bus.key == bike.key == "user.commute"


def test_an_apology_opening_a_message_leaves_what_follows() -> None:
    assert SESSION.statements("Sorry, Leo's birthday is 21 May, not 12 May.") == [
        "Leo's birthday is 21 May, not 12 May."
    ]


def test_a_new_dose_of_the_same_medicine_replaces_the_held_one() -> None:
    dose = held("Joy takes 20mg of citalopram every morning.")
    upped = cand("Joy's GP upped their citalopram to 30mg last week.")
    assert decide(upped, [dose]).action is MergeAction.SUPERSEDE
    # NEGATIVE: a person of hers on the same medicine, or another medicine
    assert dose_moved(cand("Joy's mum takes 30mg of citalopram."), [dose]) is None
    assert dose_moved(cand("Joy takes 30mg of sertraline."), [dose]) is None


def test_stepping_down_from_a_role_replaces_the_card_holding_it() -> None:
    lead = held("Wil is the team lead of Payments, so Wil does all the 1:1s.")
    assert decide(cand("Wil stepped down as team lead."), [lead]).action is MergeAction.SUPERSEDE


def test_also_before_a_statement_of_the_speaker_starts_a_new_one() -> None:
    assert SESSION.statements("I hate mornings, also I'm diabetic.") == [
        "The user hates mornings.",
        "The user is diabetic.",
    ]


def test_what_follows_a_secret_about_its_thing_is_kept_of_the_thing() -> None:
    said = SESSION.statements("My passport number is 123456789 and it expires in 2031.")
    assert said == ["The user's passport expires in 2031."]


def test_an_attempt_told_by_how_long_it_lasted_is_given_up_and_ends_the_plan() -> None:
    assert SESSION.statements("Quitting sugar lasted a week lol, I gave up.")[0] == (
        "The user gave up quitting sugar after a week."
    )
    plan = held("Wyn is planning to quit sugar in January.", type=MemoryType.PLAN)
    assert decide(cand("Wyn gave up quitting sugar after a week."), [plan]).action is MergeAction.SUPERSEDE


def test_a_taste_given_up_replaces_the_taste_held() -> None:
    assert SESSION.statements("I can't watch horror any more since having kids, comedies please.") == [
        "The user can't watch horror any more since having kids."
    ]
    horror = held("Ash loves horror films.", key="ash.taste.horror", type=MemoryType.PREFERENCE)
    news = cand("Ash can't watch horror any more since having kids.")
    assert decide(news, [horror]).action is MergeAction.SUPERSEDE


def test_a_new_value_of_ones_own_thing_has_its_slot_and_a_test_passed_today_is_kept() -> None:
    (days,) = SESSION.extract(SESSION.told("My WFH days changed to Tuesday and Thursday."))
    assert days.key == "user.wfh_days"
    assert SESSION.statements("Passed my driving test today!") != []
    # NEGATIVE: a request for the day is still one
    assert SESSION.statements("Keep your answers short today.") == []


def test_whom_one_banks_with_is_one_slot() -> None:
    (barclays,) = SESSION.extract(SESSION.told("I bank with Barclays."))
    (monzo,) = SESSION.extract(SESSION.told("I switched my current account to Monzo last month."))
    assert barclays.key == monzo.key == "user.bank"
