"""The rule reasoner's slots (which changeable state a statement sets) and the merge decisions they drive:
latest wins in a slot, a reversal supersedes, more detail fuses, news of a plan ends it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reverie.adapters.local.rules.about import topic
from reverie.adapters.local.rules.keys import attribute_key, preference_key, statement_key
from reverie.adapters.local.rules.merge import decide, join
from reverie.domain.dream import Candidate
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Source,
    SourceKind,
    Status,
    Trust,
)
from reverie.ports import MergeAction

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "slot"),
    [
        ("I live in Porto with my partner.", "home_city"),
        ("We relocated to Denver in the spring.", "home_city"),
        ("I just moved back to Leeds.", "home_city"),
        ("I work in Lisbon these days.", "home_city"),
        ("I'm based in Nairobi.", "home_city"),
        ("I joined Shopify last month.", "employer"),
        ("I left Deloitte in January.", "employer"),
        ("I now work for the city council.", "employer"),
        ("I work as a pediatric nurse.", "job_title"),
        ("I got promoted to staff engineer.", "job_title"),
        ("My new role is head of design.", "job_title"),
        ("I joined the platform team.", "team"),
        ("My manager is Priya.", "manager"),
        ("My new boss is Omar.", "manager"),
        ("I report to Lena now.", "manager"),
        ("My girlfriend is Sam.", "partner"),
        ("I'm vegetarian.", "diet"),
        ("I never eat meat.", "diet"),
        ("I started eating fish again.", "diet"),
        ("We switched from npm to pnpm.", "package_manager"),
        ("I switched from VS Code to Neovim.", "editor"),
        ("I'm working on the billing migration.", "current_project"),
    ],
)
def test_a_changeable_state_has_a_slot_whatever_the_wording(said: str, slot: str) -> None:
    assert attribute_key(said, "u") == f"u.{slot}"


@pytest.mark.parametrize(
    "said",
    ["I work in a small team.", "I went to Berlin for a weekend.", "I work hard.", "I like it here."],
)
def test_what_sets_no_changeable_state_has_no_slot(said: str) -> None:
    assert attribute_key(said, "u") is None


def test_a_taste_is_keyed_by_what_it_is_about_and_a_preference_by_its_object() -> None:
    assert preference_key("love", "jazz", "u") == "u.taste.jazz"
    assert preference_key("hate", "the jazz on the radio", "u") == "u.taste.jazz"
    assert preference_key("prefer", "hotels near a metro", "u") == "u.prefers.hotels"


def cand(
    statement: str, key: str | None = None, days: int = 10, type: MemoryType = MemoryType.FACT
) -> Candidate:
    return Candidate(
        type=type,
        statement=statement,
        key=key,
        evidence_refs=[EvidenceRef(session_id="s2", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0 + timedelta(days=days),
    )


def held(
    statement: str, key: str | None = None, type: MemoryType = MemoryType.FACT, **extra: object
) -> MemoryCard:
    return MemoryCard(
        memory_id="m-1",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=type,
        tenant_id="t",
        user_id="u",
        statement=statement,
        key=key,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0,
        **extra,  # type: ignore[arg-type]
    )


def test_a_new_value_in_a_slot_supersedes_the_old_one() -> None:
    decision = decide(
        cand("The user moved to Berlin.", "u.home_city"), [held("The user lives in Lisbon.", "u.home_city")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_reversal_supersedes_even_when_most_words_are_the_same() -> None:
    old = held("The user is vegetarian.", "u.diet")
    decision = decide(cand("The user is no longer vegetarian.", "u.diet"), [old])
    assert decision.action is MergeAction.SUPERSEDE


def test_the_same_value_with_more_detail_fuses_into_the_candidate() -> None:
    old = held("The user works at Spotify.", "u.employer")
    new = cand("The user works at Spotify on the payments team as a senior engineer.", "u.employer")
    decision = decide(new, [old])
    assert (decision.action, decision.statement) == (MergeAction.FUSE, new.statement)


def test_more_about_a_taste_held_the_same_way_fuses_both_statements() -> None:
    old = held("The user loves jazz.", "u.taste.jazz", type=MemoryType.PREFERENCE)
    decision = decide(
        cand("The user loves jazz from the fifties.", "u.taste.jazz", type=MemoryType.PREFERENCE), [old]
    )
    assert decision.action is MergeAction.FUSE
    assert decision.statement is not None and "fifties" in decision.statement


def test_a_statement_about_the_same_specific_thing_fuses_with_the_card() -> None:
    old = held("The user loves jazz.", "u.taste.jazz", type=MemoryType.PREFERENCE)
    decision = decide(cand("The user goes to a jazz club every Friday."), [old])
    assert (decision.action, decision.statement) == (
        MergeAction.FUSE,
        "The user loves jazz and goes to a jazz club every Friday.",
    )


def test_news_of_a_plan_supersedes_the_plan() -> None:
    plan = held("The user is planning to take the AWS exam in May.", type=MemoryType.PLAN)
    for news in ("The user passed the AWS exam.", "The user cancelled the AWS exam."):
        decision = decide(cand(news), [plan])
        assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_statements_about_different_subjects_or_things_do_not_fuse() -> None:
    assert (
        decide(cand("Ana's sister lives in Paris."), [held("The user loves Paris.")]).action
        is MergeAction.ADD
    )
    assert decide(cand("The user plays tennis."), [held("The user loves jazz.")]).action is MergeAction.ADD
    # a shared time word is no shared topic
    assert decide(
        cand("The user swims every Friday."), [held("The user bakes bread every Friday.")]
    ).action is (MergeAction.ADD)


def test_a_card_a_person_edited_is_not_fused() -> None:
    old = held(
        "The user loves jazz.", "u.taste.jazz", type=MemoryType.PREFERENCE, review_status=ReviewStatus.EDITED
    )
    assert decide(cand("The user goes to a jazz club every Friday."), [old]).action is MergeAction.NOOP


@given(st.sampled_from(["The user", "Ana", "The user's dog"]), st.text("abcdefgh ", min_size=3, max_size=30))
def test_joining_keeps_both_statements_words(subject: str, rest: str) -> None:
    first, second = f"{subject} loves jazz.", f"{subject} {rest.strip() or 'sings'}."
    joined = join(first, second)
    assert set(topic(first)) <= set(topic(joined)) and set(topic(second)) <= set(topic(joined))
    assert joined.endswith(".")


def test_two_statements_with_other_numbers_are_two_facts() -> None:
    for said in ("The user owns vinyl record number 7.", "The user ran the Berlin marathon in 2019."):
        other = said.replace("7", "3").replace("2019", "2023")
        assert decide(cand(other), [held(said)]).action is MergeAction.ADD


def test_a_dated_opening_without_a_comma_does_not_hide_who_a_statement_is_about() -> None:
    old = held("Greta loves the cello.")
    decision = decide(cand("On Sundays Greta plays cello with a community orchestra."), [old])
    assert decision.action is MergeAction.FUSE
    assert decide(
        cand("Aiko's Saturday run is 18 km along the canal."), [held("Aiko runs every weekend.")]
    ).action is (MergeAction.FUSE)


def test_a_lasting_fact_never_fuses_into_one_that_expires() -> None:
    freeze = held("Checkout deploys are frozen until 5 October.", valid_until=T0 + timedelta(days=30))
    decision = decide(cand("Checkout deploys go out with the Tuesday release train."), [freeze])
    assert decision.action is MergeAction.ADD


def test_what_happened_stays_apart_each_at_its_own_date() -> None:
    old = held("Caroline went to an LGBTQ support group on 7 May 2023.")
    assert (
        decide(cand("Caroline attended an LGBTQ conference with friends."), [old]).action is MergeAction.ADD
    )


def test_what_happened_in_a_pursuit_someone_began_fuses_and_keeps_its_date() -> None:
    started = held("Greta started learning the cello.")
    decision = decide(cand("Greta played the cello in her first concert."), [started])
    assert decision.action is MergeAction.FUSE
    # the older part says when it happened: the fused card is dated by its newest part
    assert decision.statement == (
        "Greta started learning the cello on 1 March 2026 and played the cello in her first concert."
    )


def test_sharing_one_word_of_a_longer_card_is_another_statement_not_a_refinement() -> None:
    old = held("Caroline is passionate about LGBTQ rights.")
    assert (
        decide(cand("Caroline goes to an LGBTQ support group every week."), [old]).action is MergeAction.ADD
    )


def test_another_date_or_number_as_the_value_of_one_state_is_a_change_not_a_new_fact() -> None:
    passport = held("Ingrid's Norwegian passport expires in March 2027.")
    fixed = cand("Ingrid's passport expires in November 2029.", type=MemoryType.CORRECTION)
    assert decide(fixed, [passport]).action is MergeAction.SUPERSEDE
    limit = held("The production upload size limit is 25 MB (config/production.yaml).")
    assert decide(cand("The production upload size limit is 50 MB."), [limit]).action is MergeAction.SUPERSEDE
    # two events at two dates both happened
    race = held("Ingrid ran the Oslo marathon in 2019.")
    assert decide(cand("Ingrid ran the Oslo marathon in 2023."), [race]).action is MergeAction.ADD


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The Parcelhub API base URL is https://api-v1.parcelhub.io.",
            "The Parcelhub API base URL is https://api-v2.parcelhub.io.",
        ),
        ("Kwame's shoe size is UK 9.", "Kwame's shoe size is UK 10.5."),
        ("The team's editor is VS Code.", "The team's editor is Neovim."),
        (
            "The nightly backup on backup-01 fails because the local disk is full.",
            "The nightly backup failed because /etc/restic/env still held the old access key.",
        ),
    ],
)
def test_another_value_of_one_named_attribute_replaces_it(old: str, new: str) -> None:
    decision = decide(cand(new, type=MemoryType.CORRECTION), [held(old)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_two_days_given_for_one_named_thing_at_once_are_a_conflict() -> None:
    # GIVEN Agnieszka's answer in a chat and, a minute later, Kenji's notes give the go-live another day
    old = held("The Halden warehouse go-live is 14 May.")
    new = cand("Kenji has 21 May in their notes for the Halden go-live.")
    # WHEN the rule reasoner compares them THEN neither wins: two sources disagree at the same time
    decision = decide(new.model_copy(update={"observed_at": old.observed_at}), [old])
    assert (decision.action, decision.target_id) == (MergeAction.CONFLICT, "m-1")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana flew to Lisbon on 3 May.", "Ana flew to Porto on 9 May."),  # two events
        ("The Halden kickoff is 3 May.", "The Oslo go-live is 21 May."),  # two things
    ],
)
def test_two_days_of_two_happenings_are_no_conflict(old: str, new: str) -> None:
    assert decide(cand(new), [held(old)]).action not in (MergeAction.CONFLICT, MergeAction.SUPERSEDE)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Jon is a teacher.", "Jon is a runner."),  # the subject alone names no attribute
        (
            "The staging cluster is reserved for QA.",
            "The staging cluster is fast.",
        ),  # descriptions, not values
        ("Caroline's favourite colour is blue.", "Caroline's favourite food is pizza."),  # two attributes
    ],
)
def test_two_things_said_of_one_subject_are_not_two_values_of_one_attribute(old: str, new: str) -> None:
    assert decide(cand(new), [held(old)]).action is not MergeAction.SUPERSEDE


def test_news_of_a_plan_in_other_words_supersedes_the_plan() -> None:
    move = held("Marc is planning to move to Halifax next spring.", type=MemoryType.PLAN)
    decision = decide(cand("Marc's Halifax move is off."), [move])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    trip = held("Zoë is planning a trekking trip to Patagonia.", type=MemoryType.PLAN)
    assert decide(cand("Zoë came back from Patagonia."), [trip]).action is MergeAction.SUPERSEDE


def test_a_corrections_complaint_is_not_what_it_asks_for() -> None:
    held_rule = held("Alice prefers concise answers: a few bullet points.", type=MemoryType.PREFERENCE)
    decision = decide(
        cand("Too long: keep answers to a few bullet points.", type=MemoryType.CORRECTION), [held_rule]
    )
    assert (decision.action, decision.target_id) == (MergeAction.NOOP, "m-1")


def test_two_procedures_resting_on_one_failure_are_one() -> None:
    failure = [EvidenceRef(session_id="s1", event_id="e3")]
    note = held(
        "Pass dates to search_flights as YYYY-MM-DD.",
        type=MemoryType.PROCEDURE,
        condition="a date is rejected",
    )
    derived = cand('When search_flights fails with "400": retry with ISO dates.', type=MemoryType.PROCEDURE)
    derived = derived.model_copy(update={"evidence_refs": failure, "condition": "400 Bad Request"})
    note = note.model_copy(update={"evidence_refs": [*failure, EvidenceRef(session_id="s1", event_id="e6")]})
    assert decide(derived, [note]).action is MergeAction.NOOP
    # another failure is another procedure
    other = derived.model_copy(update={"evidence_refs": [EvidenceRef(session_id="s2", event_id="e1")]})
    assert decide(other, [note]).action is MergeAction.ADD


def test_two_rules_one_message_told_are_one_rule_but_two_rules_it_holds_stay_two() -> None:
    message = [EvidenceRef(session_id="s1", event_id="e6")]
    note = held("Bob prefers hotels a few minutes' walk from a metro station.", type=MemoryType.PREFERENCE)
    note = note.model_copy(update={"evidence_refs": message})
    said = cand("Pick hotels close to a metro station, not just the cheapest.", type=MemoryType.CORRECTION)
    said = said.model_copy(update={"evidence_refs": message})
    assert decide(said, [note]).action is not MergeAction.ADD
    seats = cand("Bob wants a window seat on every flight.", type=MemoryType.PREFERENCE)
    assert decide(seats.model_copy(update={"evidence_refs": message}), [note]).action is MergeAction.ADD


def test_a_contrast_names_the_value_it_replaces() -> None:
    sprint = held("Nora's sprints end on Thursdays.")
    fixed = cand("Sprints end on Fridays, not Thursdays.", type=MemoryType.CORRECTION)
    assert decide(fixed, [sprint]).action is MergeAction.SUPERSEDE
    # the card already holding the new value is not replaced by it
    assert decide(fixed, [held("Nora's sprints end on Fridays.")]).action is not MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("old", "new", "slot"),
    [
        ("Ingrid works at Spotify.", "Ingrid now works at Klarna.", "ingrid.employer"),
        ("Tom's manager is Ana.", "Tom's manager is Luis.", "tom.manager"),
        ("The user lives in Oslo.", "The user lives in Bergen.", "user.home_city"),
        ("Ingrid's current project is the checkout rewrite.", "Ingrid's main project now is search.", None),
    ],
)
def test_a_state_written_in_the_third_person_changes_by_its_slot(
    old: str, new: str, slot: str | None
) -> None:
    # GIVEN a card written through the API (no key: the agent wrote it in the third person)
    # WHEN a later statement gives the same attribute another value
    decision = decide(cand(new), [held(old)])
    # THEN the slot its words name is found, and the later value supersedes the earlier one
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    if slot is not None:
        assert statement_key(old) == statement_key(new) == slot


def test_a_statement_about_no_one_names_no_slot() -> None:
    assert statement_key("Training is done and the scanners arrived Tuesday.") is None
    assert statement_key("Ingrid works at Spotify as a data engineer.") == "ingrid.employer"
    # the same employer told with more detail fuses, it does not replace
    decision = decide(cand("Ingrid works at Spotify as a data engineer."), [held("Ingrid works at Spotify.")])
    assert decision.action is MergeAction.FUSE


def test_what_someone_does_in_a_pursuit_they_signed_up_for_fuses_with_it() -> None:
    # GIVEN "signed up for a sailing course" held, and later "now goes sailing most Sundays"
    course = held("Mateo signed up for a beginners' sailing course at the club in Vigo.")
    decision = decide(cand("Now Mateo goes sailing most Sunday mornings out of the Vigo marina."), [course])
    # THEN one card carries both ("Now" opens the statement; Mateo is still whom it is about)
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")


def test_a_name_with_a_digit_is_a_topic_a_plan_and_its_news_share() -> None:
    # GIVEN the plan "wants to get to B2 level"; later the exam for it is booked
    goal = held("Lukas wants to get to B2 level.", type=MemoryType.PLAN)
    decision = decide(cand("Lukas is sitting the DELE B2 in Munich on 14 November."), [goal])
    # THEN "B2" is what both are about (a name, not a number): the news supersedes the plan
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_correction_one_clause_of_which_denies_a_card_replaces_it() -> None:
    # GIVEN a tutor's note, and a correction that denies it in its first clause and says more in its second
    note = held("Leila struggles with adding fractions.")
    correction = cand(
        "Leila does not struggle with fractions (10/10); long division is her weak spot (3/10).",
        type=MemoryType.CORRECTION,
    )
    # THEN the correction replaces the note
    assert (decide(correction, [note]).action, decide(correction, [note]).target_id) == (
        MergeAction.SUPERSEDE,
        "m-1",
    )
    # AND a clause about something else denies nothing
    other = cand("Leila does not like homework; long division is her weak spot.", type=MemoryType.CORRECTION)
    assert decide(other, [note]).action is not MergeAction.SUPERSEDE


def test_hearsay_against_a_document_at_the_same_time_is_a_conflict_not_a_win() -> None:
    # GIVEN a council page's day for a slot (untrusted) and a neighbour's, relayed a minute later (low)
    page = held("Recycling on Elm Road is collected on Wednesdays.", key="elm_road.recycling_day")
    page = page.model_copy(update={"source": Source(kind=SourceKind.DOCUMENT)})
    said = cand("Recycling on Elm Road is collected on Fridays.", key="elm_road.recycling_day")
    said = said.model_copy(
        update={"observed_at": page.observed_at, "source": Source(kind=SourceKind.USER, trust=Trust.LOW)}
    )
    # THEN nothing settles it: a conflict, for a person to decide
    assert decide(said, [page]).action is MergeAction.CONFLICT
    # AND a user's own word at the same time does settle it
    own = said.model_copy(update={"source": Source(kind=SourceKind.USER)})
    assert decide(own, [page]).action is MergeAction.SUPERSEDE


def test_a_denial_naming_the_person_in_full_replaces_the_card_naming_them_short() -> None:
    # GIVEN an agent's card "Kofi's Toyota Corolla runs on diesel"; Kofi, named in full, denies it
    card = held("Kofi's Toyota Corolla runs on diesel.")
    decision = decide(cand("Kofi Boateng's Corolla isn't diesel."), [card])
    # THEN the denial replaces it: the surname is who it is about, not what it says
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_leading_a_team_is_the_team_slot_and_a_full_name_joins_once() -> None:
    assert attribute_key("I'm leading the onboarding team now", "ngozi") == "ngozi.team"
    assert (
        join("Ngozi Eze moved to the fraud team.", "Ngozi Eze leads the onboarding team.")
        == "Ngozi Eze moved to the fraud team and leads the onboarding team."
    )


def test_a_schedule_that_moves_supersedes_the_one_it_replaces() -> None:
    # GIVEN "Yusuf's swimming lessons are Tuesdays at 5pm"; six weeks later they move to Thursdays
    lessons = held("Yusuf's swimming lessons are Tuesdays at 5pm at the leisure centre.")
    moved = cand("Yusuf's swimming lessons move to Thursdays at 6pm from next week.")
    # THEN one attribute, a new value: the later one wins
    assert statement_key(lessons.statement) == statement_key(moved.statement) == "yusuf.swimming_lessons"
    assert (decide(moved, [lessons]).action, decide(moved, [lessons]).target_id) == (
        MergeAction.SUPERSEDE,
        "m-1",
    )


def test_a_full_name_before_is_names_no_attribute_and_the_same_place_is_the_same_value() -> None:
    # GIVEN two things said of Astrid Lindqvist: what she is doing, and who her supervisor is
    phd = held("Astrid Lindqvist is doing a PhD on lichens at Uppsala.")
    supervisor = cand("Astrid Lindqvist's supervisor is Prof. Berg.")
    # THEN they are not two values of one attribute (her name is whom it is about, not an attribute)
    assert decide(supervisor, [phd]).action is not MergeAction.SUPERSEDE
    # AND the same city said otherwise in the same slot is more about it, not a move
    based = held("Dmitri lives in Warsaw.", key="dmitri.home_city")
    back = cand("Dmitri lives in Warsaw again, back since Friday.", key="dmitri.home_city")
    assert decide(back, [based]).action is MergeAction.FUSE


def test_whom_a_slot_is_about_is_no_value_however_the_name_is_accented() -> None:
    # "Zoë ... so Zoë is no longer vegan" against "Zoë doesn't eat eggs or dairy": a change of her diet, not
    # the same value said twice (which would fuse the old words into the new card)
    old = held("Zoë doesn't eat eggs or dairy, so vegan recipes only.", "zoe.diet")
    decision = decide(cand("Zoë started eating eggs again, so Zoë is no longer vegan.", "zoe.diet"), [old])
    assert decision.action is MergeAction.SUPERSEDE and "vegan recipes only" not in (decision.statement or "")
    # one named value said two ways is still one value
    base = held("Renée is normally based in Montréal.", "renee.location")
    assert decide(cand("Renée is back in Montréal since Friday.", "renee.location"), [base]).action is (
        MergeAction.FUSE
    )
