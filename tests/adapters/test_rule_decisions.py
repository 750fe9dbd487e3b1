"""A decision to go with a supplier or an offer is a plan, joined to the plan said just before it; news that the
job is off ends it. Said for the listener's information ("fyi"), a bare name and its verb are a statement about
a thing, which fuses into the card saying the user works with that thing. A question typed without its mark is
a question."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def test_a_decision_after_a_plan_is_how_the_plan_is_done() -> None:
    # GIVEN a plan, then the offer chosen for it, in one message
    found = SESSION.extract(
        SESSION.told(
            "We're going to re-roof the garage in June. Got a quote from Nordic Roofing for £6,200, going with them."
        )
    )
    # THEN one plan holds both
    plans = [c for c in found if c.type is MemoryType.PLAN]
    assert len(plans) == 1
    assert "re-roof the garage" in plans[0].statement and "Nordic Roofing" in plans[0].statement
    assert not [c for c in found if "Nordic" in c.statement and c.type is not MemoryType.PLAN]


def test_a_decision_on_its_own_is_a_plan() -> None:
    found = SESSION.extract(SESSION.told("Got two quotes for the boiler service, going with Hearth & Co."))
    assert [c.type for c in found if "Hearth" in c.statement] == [MemoryType.PLAN]


def test_going_with_someone_somewhere_is_no_decision() -> None:
    found = SESSION.extract(
        SESSION.told("I got new walking boots and I'm going with my sister to Snowdonia.")
    )
    # THEN nothing is made a plan for going with someone (a destination follows)
    assert not [
        c for c in found if c.type is MemoryType.PLAN and c.statement.endswith("going with my sister.")
    ]


def test_news_that_the_job_is_off_ends_the_chosen_offer() -> None:
    plan = held(
        "The user is re-roofing the garage in June; the user got a quote from Nordic Roofing for £6,200, going with them.",
        type=MemoryType.PLAN,
    )
    decision = decide(cand("The user's garage roof job is off."), [plan])
    assert decision.action is MergeAction.SUPERSEDE


def test_a_thing_named_for_the_listeners_information_is_kept() -> None:
    # GIVEN terse chat naming a tool in lower case, its article dropped, after "fyi"
    said = SESSION.statements("fyi jenkins rebuilds the docs site every night at 2am")
    assert said == ["Jenkins rebuilds the docs site every night at 2am."]


def test_without_fyi_a_bare_word_and_a_plural_stays_a_request() -> None:
    # an imperative ("check logs ...") is not a statement about a thing called "check"
    assert SESSION.statements("check logs in the grafana board after each deploy") == []


def test_what_a_tool_does_fuses_into_the_card_saying_the_user_works_with_it() -> None:
    card = held("Mina builds the app with fastlane.")
    decision = decide(cand("Fastlane uploads every build to TestFlight overnight."), [card])
    assert decision.action is MergeAction.FUSE
    assert "TestFlight" in (decision.statement or "") and "builds the app with fastlane" in (
        decision.statement or ""
    )


def test_news_of_a_person_the_user_works_with_does_not_fuse() -> None:
    card = held("Mina works with Priya on the mobile app.")
    decision = decide(cand("Priya plays the oboe in a youth orchestra."), [card])
    assert decision.action is not MergeAction.FUSE


def test_a_question_without_its_mark_is_not_kept() -> None:
    assert SESSION.statements("why doesnt the nightly backup show up in the bucket") == []
    assert ("question", "where's the invoice from March") in SESSION.dropped("where's the invoice from March")


def test_a_sentence_opening_with_when_and_a_subject_still_states() -> None:
    said = SESSION.statements("When I was nine, I broke my left arm skiing in Andorra.")
    assert said and "Andorra" in said[0]


def test_a_statement_opened_for_the_record_mid_sentence_stands_apart() -> None:
    # GIVEN a long message whose last clause is opened by "for the record" after an interjection
    said = SESSION.statements(
        "Thursday is the vet at 11, Friday I'm in Bristol all day, and oh, for the record the Sunday "
        "choir practice is at St Anne's hall"
    )
    # THEN that clause is a statement of its own, not the tail of the week's schedule
    assert "The Sunday choir practice is at St Anne's hall." in said
    assert not any("Bristol" in s and "choir" in s for s in said)


def test_something_named_by_its_day_fuses_into_what_is_done_that_day() -> None:
    card = held("Tomasz plays in a brass band every Tuesday.")
    decision = decide(cand("The Tuesday rehearsal is at the Methodist hall from 7 to 9."), [card])
    assert decision.action is MergeAction.FUSE
    assert "Methodist hall" in (decision.statement or "") and "brass band" in (decision.statement or "")


def test_another_day_or_someone_elses_day_stays_apart() -> None:
    card = held("Tomasz plays in a brass band every Tuesday.")
    assert (
        decide(cand("The Thursday rehearsal is at the Methodist hall."), [card]).action
        is not MergeAction.FUSE
    )
    assert decide(cand("Maja's Tuesday class is at the pool."), [card]).action is not MergeAction.FUSE
