"""News someone sends the speaker about their own affairs ("landlord txtd me, rent goes up to 1020 from 1 may"),
a thing's value changing ("pickup moves to 15:10"), and a later value of a schedule or an amount replacing the
held one even when the two say differently how often or from when it holds."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 20, 19, 0, tzinfo=UTC))


def test_a_notice_typed_in_chat_is_kept_as_the_news_it_brings() -> None:
    # GIVEN the user passing on what their landlord texted, in chat spelling
    said = SESSION.statements("ugh landlord txtd me, rent goes up to 1020 from 1 may. can u redo the budget")
    # THEN the news is kept as a statement about the rent, its month written as a name; the request is not
    assert said == ["Rent goes up to 1020 from 1 May."]


def test_an_email_saying_that_a_time_moves_is_kept() -> None:
    said = SESSION.statements("The school emailed us that pickup moves to 15:10 from Monday.")
    assert said == ["Pickup moves to 15:10 from Monday."]


def test_a_claim_someone_makes_stays_theirs() -> None:
    # GIVEN a relative's claim ("says"), not a notice
    said = " ".join(SESSION.statements("My cousin Efe says the reunion is on Sunday."))
    # THEN it is still attributed to them
    assert "according to Efe" in said


def test_a_later_amount_replaces_the_held_one() -> None:
    # GIVEN "rent is 950 a month" held, WHEN the rent goes up to 1020 from May
    rent = held("Rent is 950 a month, goes out on the 1st.")
    decision = decide(cand("Rent goes up to 1020 from 1 May."), [rent])
    # THEN the newer amount supersedes it
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"


def test_a_new_time_from_a_day_on_replaces_the_daily_time() -> None:
    standup = held("The standup is at 10:00 every day.")
    decision = decide(cand("The standup is at 9:30 from Monday."), [standup])
    assert decision.action is MergeAction.SUPERSEDE


def test_another_thing_at_another_time_replaces_nothing() -> None:
    # GIVEN the gym's opening hours, WHEN the pool's are said
    gym = held("The gym is open from 6 every day.")
    decision = decide(cand("The pool is open from 7 every day."), [gym])
    # THEN both stand
    assert decision.action is MergeAction.ADD
