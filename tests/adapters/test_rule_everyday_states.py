"""Everyday states and their changes the rules once kept side by side: a child's new school named "Secondary", a
gym named as one's gym and then cancelled, what one earns, what one is by one's work then what one does in it
("a teacher" / "teaches maths at Oakwood High"), and a lower-case "i" in a message with other capitals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("news", "card", "key"),
    [
        (
            "Oscar started at Ridgeway Secondary in September 2027.",
            "Cas's son Oscar is in Year 6 at Hillside Primary.",
            None,
        ),
        (
            "Dex cancelled PureGym and joined the council leisure centre instead.",
            "Dex's gym is the PureGym on Deansgate.",
            "dex.gym",
        ),
        ("Edi is on £36k now.", "Edi earns £32k a year.", None),
    ],
)
def test_a_new_school_a_cancelled_gym_and_a_pay_rise_replace_what_was_held(
    news: str, card: str, key: str | None
) -> None:
    decision = decide(cand(news), [held(card, key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_gym_only_mentioned_is_not_ended_by_cancelling_it() -> None:
    decision = decide(cand("Dex cancelled PureGym."), [held("PureGym on Deansgate opens at 6.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: the card says no one belongs to it


@pytest.mark.parametrize(
    ("said", "key", "kept"),
    [
        ("I earn £32k a year.", "user.salary", "The user earns £32k a year."),
        ("Got a raise, I'm on £36k now.", "user.salary", "The user is on £36k now."),
        (
            "We make about $90,000 between us.",
            "user.salary",
            "The user and others make about $90,000 together.",
        ),
    ],
)
def test_what_one_earns_is_one_slot(said: str, key: str, kept: str) -> None:
    assert [(c.key, c.statement) for c in S.extract(S.told(said))] == [(key, kept)]


def test_a_price_paid_monthly_is_no_pay() -> None:
    assert S.statements("I'm on £5 a month for Spotify.") == []  # NEGATIVE


@pytest.mark.parametrize(
    ("news", "card"),
    [
        ("Gio teaches maths at Oakwood High.", "Gio is a teacher."),
        ("Mae runs with the Harriers on Wednesday nights.", "Mae is a keen runner."),
        ("Gio writes for the Guardian.", "Gio is a writer."),
    ],
)
def test_what_one_does_in_what_one_is_fuses_with_it(news: str, card: str) -> None:
    decision = decide(cand(news), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")


def test_doing_something_else_is_not_what_one_is() -> None:
    assert decide(cand("Gio teaches maths."), [held("Gio is a baker.")]).action is MergeAction.ADD  # NEGATIVE


def test_a_lower_case_i_is_the_speaker_whatever_else_has_capitals() -> None:
    # the second clause was stored as "I work weekends." (the message's "Im" kept it from being read as all lower case)
    assert S.statements("Im a vet nurse n i work weekends") == [
        "The user is a vet nurse.",
        "The user works weekends.",
    ]


def test_a_rate_is_no_progress_and_a_remortgage_replaces_the_old_deal() -> None:
    assert S.statements("Our mortgage is fixed at 4.2% with Halifax.") == [
        "The user's mortgage is fixed at 4.2% with Halifax."
    ]  # was dropped as "volatile", read as "at 80%" of a download
    assert S.statements("The upload is at 80%.") == []  # NEGATIVE: progress still passes
    (new,) = S.extract(S.told("We remortgaged with Nationwide at 3.9%."))
    assert new.key == "user.mortgage"
    old = held("Dai's mortgage is fixed at 4.2% with Halifax.", "dai.mortgage")
    assert decide(cand("Dai remortgaged with Nationwide at 3.9%.", "dai.mortgage"), [old]).action is (
        MergeAction.SUPERSEDE
    )


def test_what_one_can_only_do_is_kept_beside_another_fact() -> None:
    assert S.statements("I'm allergic to penicillin and I can only drive automatics.") == [
        "The user is allergic to penicillin.",
        "The user can only drive automatics.",
    ]
    assert S.statements("I can only imagine it.") == []  # NEGATIVE: a remark


def test_how_one_gets_to_work_is_one_slot_unless_said_of_one_day() -> None:
    (old,) = S.extract(S.told("I take the bus to work."))
    (new,) = S.extract(S.told("I've started cycling to work."))
    assert old.key == new.key == "user.commute"
    assert (
        decide(cand(new.statement, new.key), [held(old.statement, old.key)]).action is MergeAction.SUPERSEDE
    )
    (fridays,) = S.extract(S.told("I drive to work on Fridays."))
    assert fridays.key is None  # NEGATIVE: one day's way is no change of the usual one
