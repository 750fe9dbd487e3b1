"""One pursuit told across clauses and sessions: the programme through which a pursuit just begun is done
stays with it; a topic said first and taken up by "it" is put back; "the swimming" later is the held
swimming of the same person."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.pursuits import the_pursuit, topic_taken_up
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 8, 0, tzinfo=UTC))


def _cards(*statements: str) -> list[MemoryCard]:
    return [held(s).model_copy(update={"memory_id": f"m-{n}"}) for n, s in enumerate(statements, 1)]


def test_the_programme_of_a_pursuit_just_begun_stays_with_it() -> None:
    # GIVEN a pursuit begun and, in the same breath, the course it is done through
    found = SESSION.statements("I've taken up climbing, I'm doing the beginner course at the Arches wall")
    # THEN one statement carries both
    assert len(found) == 1
    assert "climbing" in found[0] and "beginner course" in found[0]


def test_a_pursuit_and_an_unrelated_plan_are_two_statements() -> None:
    found = SESSION.statements("I've taken up climbing, I'm moving to Leeds in May")
    assert len(found) == 2


def test_a_topic_taken_up_by_it_is_put_back_in_its_place() -> None:
    # GIVEN a topic said first, WHEN the clause after takes it up with "it", THEN the topic stands there
    said = "the swimming, yeah, my brother Kwame's doing it with me now"
    assert topic_taken_up(said) == "my brother Kwame's doing the swimming with me now"
    assert topic_taken_up("the allotment, it's finally dug over") == "the allotment is finally dug over"


def test_a_fronted_phrase_with_a_verb_or_without_it_is_left_alone() -> None:
    # GIVEN "the thing is, ..." (a verb, no topic) or a topic no "it" takes up, THEN nothing is rewritten
    assert topic_taken_up("the thing is, it rained all week") == "the thing is, it rained all week"
    assert topic_taken_up("the garden, we dug it over") == "we dug the garden over"
    assert topic_taken_up("the garden, we planted beans") == "the garden, we planted beans"


def test_the_named_activity_of_the_one_held_pursuit_fuses_into_it() -> None:
    # GIVEN a held pursuit, WHEN a later fact tells of "the swimming" of the same person
    cards = _cards("Femi has started swimming at the lido.")
    decision = decide(cand("Femi's brother Kwame is doing the swimming with Femi now, on Mondays."), cards)
    # THEN one richer card
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None and "started swimming" in decision.statement


def test_the_activity_as_a_modifier_or_of_another_person_is_not_the_held_pursuit() -> None:
    cards = _cards("Femi has started swimming at the lido.")
    # "the swimming club" is a club, not the swimming
    assert (
        decide(cand("Femi's brother Kwame runs the swimming club in Hackney."), cards).action
        is MergeAction.ADD
    )
    # someone else's swimming
    assert decide(cand("Ada is doing the swimming with her aunt now."), cards).action is MergeAction.ADD


def test_two_held_pursuits_of_that_activity_leave_it_unresolved() -> None:
    cards = _cards("Femi has started swimming at the lido.", "Femi goes swimming with his team on Fridays.")
    assert the_pursuit(cand("Femi's brother Kwame is doing the swimming with Femi now."), cards) is None


def test_joining_a_group_in_a_pursuit_held_as_a_habit_fuses_into_it() -> None:
    # GIVEN a held habit of playing the cello, then news of joining an orchestra as a cellist
    held_card = held("Ines plays the cello, mostly Bach suites at home.")
    decision = decide(cand("Ines has joined the Hackney Community Orchestra as second cello."), [held_card])
    # THEN one card tells both, and the orchestra is no employer (a group one joins as a member)
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert (
        decision.statement is not None and "Orchestra" in decision.statement and "Bach" in decision.statement
    )
    assert attribute_key("I joined the Hackney Community Orchestra.", "ines") is None
    assert attribute_key("I joined Arup in May.", "ines") == "ines.employer"


def test_joining_something_of_another_pursuit_is_apart() -> None:
    # NEGATIVE: a gym is nothing the cello habit is about
    decision = decide(cand("Ines has joined a gym."), [held("Ines plays the cello.")])
    assert decision.action is MergeAction.ADD
