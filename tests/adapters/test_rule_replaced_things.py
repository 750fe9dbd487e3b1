"""Things replaced and tastes made precise: a new boiler fitted, the GP practice one registered with, an
interview on a weekday to come (a plan the job offer ends), a favourite within a taste, and how one feels
about today said without "I"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_new_one_of_a_thing_held_replaces_it() -> None:
    decision = decide(
        cand("Eda got a new Vaillant boiler fitted last week."), [held("Eda's boiler is a Baxi.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: a new thing of another kind
    assert decide(cand("Eda got a new puppy."), [held("Eda's boiler is a Baxi.")]).action is MergeAction.ADD


@pytest.mark.parametrize(
    "said",
    [
        "Cal's GP surgery is Parkside Medical Centre.",
        "Cal has registered with the Elm Tree surgery since Cal moved.",
        "Cal's GP is Dr Shah.",
    ],
)
def test_the_practice_one_is_registered_with_is_the_gp(said: str) -> None:
    assert statement_key(said) == "cal.gp"


def test_an_interview_on_a_weekday_to_come_is_a_plan_the_job_ends() -> None:
    (interview,) = S.extract(S.told("I've got a job interview at Monzo on Friday."))
    assert interview.type is MemoryType.PLAN
    decision = decide(
        cand("The user got the Monzo job.", days=20),
        [held("The user has got a job interview at Monzo on Friday.", type=MemoryType.PLAN)],
    )
    assert decision.action is MergeAction.SUPERSEDE


def test_a_favourite_within_a_taste_fuses_into_it() -> None:
    decision = decide(cand("Hal's go-to Korean dish is bibimbap."), [held("Hal loves Korean food.")])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    other = decide(cand("Hal's favourite band is Blur."), [held("Hal loves Korean food.")])
    assert other.action is MergeAction.ADD  # NEGATIVE


@pytest.mark.parametrize(
    "said", ["So nervous about my presentation this afternoon.", "Really excited for my trip!"]
)
def test_how_one_feels_said_without_i_is_not_kept(said: str) -> None:
    assert S.statements(said) == []


def test_a_thing_said_without_i_is_still_kept() -> None:
    assert S.statements("Fine dining is my thing.") == ["Fine dining is the user's thing."]  # NEGATIVE
