"""A standing said in the passive ("I'm rated about 1600 on Lichess"), a place one is at so often a week, lessons
as the way a pursuit being learnt goes on, a thing traded in, "no more ..." as a reversal, the train one takes to
work at its time as one's commute, a pet lost by its name, and a plan named by its place said off ("Iceland's
off"): each once dropped, garbled or kept beside what it changes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def kept(said: str) -> list[str]:
    return [c.statement for c in S.extract(S.told(said))]


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("I'm rated about 1850 at chess.", "The user is rated about 1850 at chess."),
        ("I'm qualified as a gas engineer.", "The user is qualified as a gas engineer."),
        ("We're insured with Direct Line.", "The user is insured with Direct Line."),
        ("I'm trained in mental health first aid.", "The user is trained in mental health first aid."),
    ],
)
def test_a_standing_said_in_the_passive_is_kept(said: str, statement: str) -> None:
    assert kept(said) == [statement]


@pytest.mark.parametrize("said", ["I'm rated.", "I'm booked on the 9am train."])
def test_a_passive_with_nothing_it_holds_or_a_booking_is_no_standing(said: str) -> None:
    assert kept(said) == []  # NEGATIVE: nothing said of what, or a one-off


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("I'm in the office three days a week.", "The user is in the office three days a week."),
        ("We're at the allotment twice a week.", "The user is at the allotment twice a week."),
    ],
)
def test_a_place_one_is_at_so_often_is_a_routine(said: str, statement: str) -> None:
    assert kept(said) == [statement]


def test_a_place_one_is_at_today_is_not() -> None:
    assert kept("I'm in the office today.") == []  # NEGATIVE: where one is now


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Ria's violin lessons are on Thursdays with Mrs Cole.", "Ria is learning the violin."),
        ("Ria has a Spanish tutor called Marta on Zoom.", "Ria is studying Spanish."),
    ],
)
def test_lessons_in_what_one_is_learning_fuse_with_it(news: str, card: str) -> None:
    decision = decide(cand(news), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")


def test_lessons_in_something_else_stay_apart() -> None:
    decision = decide(cand("Ria's violin lessons are on Thursdays."), [held("Ria is learning Spanish.")])
    assert decision.action is MergeAction.ADD  # NEGATIVE: another pursuit


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Noor traded the Corsa in for a Kia Niro.", "Noor drives a Vauxhall Corsa."),
        ("Noor part-exchanged the Corsa for a Kia Niro.", "Noor drives a Vauxhall Corsa."),
        (
            "Noor is in the office every day now, no more working from home.",
            "Noor works from home on Mondays.",
        ),
    ],
)
def test_a_thing_traded_in_or_a_routine_said_no_more_is_replaced(news: str, card: str) -> None:
    decision = decide(cand(news), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_no_more_than_is_a_limit_not_a_reversal() -> None:
    decision = decide(cand("Noor has no more than two coffees a day."), [held("Noor drinks coffee.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: "no more than" bounds, it ends nothing


def test_the_train_one_takes_to_work_at_its_time_is_how_one_commutes() -> None:
    said = [(c.key, c.statement) for c in S.extract(S.told("I get the 7:40 train to work."))]
    assert said == [("user.commute", "The user gets the 7:40 train to work.")]
    # NEGATIVE: a departure home or bare stays the usual departure
    assert [c.key for c in S.extract(S.told("I catch the 6pm bus home."))] == ["user.usual_departure"]


def test_a_commute_by_train_at_a_time_is_replaced_by_driving() -> None:
    decision = decide(
        cand("Cid drives to work now.", "cid.commute"),
        [held("Cid gets the 7:40 train to work.", "cid.commute")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize("card", ["Sol's dog Biscuit is 12.", "Sol has a dog called Biscuit."])
def test_a_pet_lost_by_its_name_ends_having_it(card: str) -> None:
    decision = decide(cand("Sol lost Biscuit last week, he was 13."), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_loss_leaves_a_card_that_only_mentions_the_name() -> None:
    decision = decide(cand("Sol lost Biscuit last week."), [held("Biscuit's vet is Dr Ng.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: the vet may still matter


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Iceland's off, we couldn't get the time off work.", "The user's plan for Iceland is off."),
        ("Glastonbury's cancelled.", "The user's plan for Glastonbury is cancelled."),
    ],
)
def test_a_plan_named_by_its_place_said_off_is_read_as_is(said: str, statement: str) -> None:
    assert kept(said)[:1] == [statement]


def test_a_place_s_own_thing_stays_possessive() -> None:
    assert "is glaciers" not in " ".join(kept("Iceland's glaciers are melting fast."))  # NEGATIVE


def test_a_new_departure_time_replaces_the_train_taken_to_work() -> None:
    decision = decide(
        cand("Dex gets the 8:02 now, they changed the timetable.", "dex.usual_departure"),
        [held("Dex is on the 7:15 train to work.", "dex.commute")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_departure_of_someone_else_is_not_the_users_commute() -> None:
    decision = decide(
        cand("Dex's son gets the 8:02 now.", "dex.son.usual_departure"),
        [held("Dex is on the 7:15 train to work.", "dex.commute")],
    )
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: another person's train


def test_it_put_right_by_a_contrast_corrects_the_held_card_that_says_the_denied_value() -> None:
    (said,) = S.extract(S.told("Correction: it's BA 283, not BA 287."))
    decision = decide(
        cand(said.statement), [held("Quo's flight is BA 287 on Friday 16 April.", "quo.flight")]
    )
    assert (decision.action, decision.target_id, decision.statement) == (
        MergeAction.SUPERSEDE,
        "m-1",
        "Quo's flight is BA 283 on Friday 16 April.",
    )


def test_it_put_right_with_no_held_card_saying_the_value_keeps_nothing() -> None:
    (said,) = S.extract(S.told("It's sunny, not raining."))
    decision = decide(
        cand(said.statement), [held("Quo's flight is BA 287 on Friday 16 April.", "quo.flight")]
    )
    assert (decision.action, decision.target_id) == (
        MergeAction.NOOP,
        None,
    )  # NEGATIVE: stands for nothing held


def test_a_school_named_by_whose_it_is_keeps_its_s_and_replaces_nursery() -> None:
    (said,) = S.extract(S.told("Tom started reception at St Mary's in September."))
    assert said.statement == "Tom started reception at St Mary's in September."
    decision = decide(cand(said.statement), [held("Raf's son Tom is at nursery.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_named_child_at_nursery_is_no_slot_of_the_speaker() -> None:
    (said,) = S.extract(S.told("My son Tom is at nursery."))
    assert said.key != "user.school"  # NEGATIVE: Tom's, not the speaker's
