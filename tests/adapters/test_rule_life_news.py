"""Everyday news told to an agent that the rules once lost or garbled: a milestone of someone named ("Grandad
passed away", "Tom got married in June"), what a thing is now after it was made over ("painted the kitchen, it's
sage green now"), an application sent (a plan, ended by its answer), the bank named by "my current account", and
what "as usual" asks for good in a request ("..., in TypeScript as usual")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import same_slot
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    "said",
    [
        "Grandad passed away.",
        "Tom got married in June.",
        "Ana had a baby girl.",
        "Priya left her job.",
        "Dad retired at the end of March.",
        "Ola started uni in Leeds.",
    ],
)
def test_a_milestone_of_someone_named_is_kept(said: str) -> None:
    # (a parent's word said as a name is the user's parent: "Dad retired" is the user's dad's news)
    own = ("Grandad", "Dad")
    kept = f"The user's {said[0].lower()}{said[1:]}" if said.startswith(own) else said
    assert S.statements(said) == [kept]


@pytest.mark.parametrize("said", ["Tom passed the salt.", "Ana left at six."])
def test_an_everyday_deed_of_someone_named_is_no_milestone(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE: "passed", "left", but no milestone (and no garbled outcome)


@pytest.mark.parametrize(
    ("said", "now"),
    [
        ("We finally painted the kitchen, it's sage green now.", "The user's kitchen is sage green now."),
        ("I dyed my hair, it's purple now.", "The user's hair is purple now."),
    ],
)
def test_what_a_made_over_thing_is_now_is_its_own_statement(said: str, now: str) -> None:
    assert now in S.statements(said)


def test_an_application_sent_is_a_plan_its_answer_ends() -> None:
    assert [c.type.value for c in S.extract(S.told("I've applied for a job at the library."))] == ["plan"]
    # NEGATIVE: a patch applied is done, no plan
    assert [c.type.value for c in S.extract(S.told("I applied the patch and it worked."))] == ["fact"]


@pytest.mark.parametrize(
    ("before", "after", "key"),
    [
        # the bank named by "my current account"
        ("My current account is with Santander.", "I've moved my current account to Monzo.", "user.bank"),
        # the departure one takes, by its time: the train to work is how one commutes, and the time of it
        (
            "I'm on the 7:15 train to work.",
            "I get the 8:02 now, they changed the timetable.",
            "user.usual_departure",
        ),
    ],
)
def test_a_later_value_in_one_slot_replaces_the_earlier(before: str, after: str, key: str) -> None:
    (old,) = S.extract(S.told(before))
    (new,) = S.extract(S.told(after))
    assert new.key == key
    assert same_slot(old.key, new.key, "u")
    decision = decide(cand(new.statement, new.key), [held(old.statement, old.key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Write a fetch wrapper with retries, in TypeScript as usual.",
            "The user always wants it in TypeScript.",
        ),
        (
            "Book the usual table at Zizzi, as usual.",
            "The user always wants the agent to book the usual table at Zizzi.",
        ),
        ("Window seat as usual.", "The user always wants window seat."),  # a thing wanted, no task
    ],
)
def test_as_usual_keeps_what_is_asked_for_good(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Pepper is 4 now and finally calmer on walks.", "Pepper is 4 now and finally calmer on walks."),
        ("I'm 7 months pregnant.", "The user is 7 months pregnant."),
    ],
)
def test_an_age_after_is_and_a_pregnancy_are_kept(said: str, kept: str) -> None:
    # "4" after "is" is a value, not text-speak "for" (which made it "Pepper is for now", a one-off)
    assert S.statements(said) == [kept]
    assert S.statements("That's all 4 now.") == []  # NEGATIVE: text-speak "for now"


def test_get_with_no_time_is_no_departure() -> None:
    assert S.statements("I get it now.") == []  # NEGATIVE: no time, no departure, no state


def test_a_state_said_after_another_statement_keeps_the_statement_before_it() -> None:
    said = S.statements(
        "And oh, for the record the Saturday shift is at the Brixton branch, I'm on the sorting team from 9 to 1."
    )
    # NEGATIVE: the speaker's team, read as a state by its slot, does not cost the shift's place
    assert any("Brixton branch" in s for s in said), said


@pytest.mark.parametrize(
    ("news", "held_statement"),
    [
        (
            "Sid finished the Spanish course and passed the B1 exam.",
            "Sid is doing a Spanish evening course at the college.",
        ),
        ("Mum has completed her chemo.", "Mum is having chemo at the Christie."),
    ],
)
def test_a_course_or_treatment_told_as_over_replaces_the_card_saying_it_goes_on(
    news: str, held_statement: str
) -> None:
    decision = decide(cand(news), [held(held_statement)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("news", "held_statement"),
    [
        ("Sid finished the pottery course.", "Sid is doing a Spanish evening course at the college."),
        ("Ana finished the Spanish course.", "Sid is doing a Spanish evening course at the college."),
    ],
)
def test_another_course_or_another_person_ends_nothing(news: str, held_statement: str) -> None:
    assert decide(cand(news), [held(held_statement)]).action is not MergeAction.SUPERSEDE  # NEGATIVE


def test_a_correction_repeating_the_held_words_to_deny_its_value_replaces_it() -> None:
    held_card = held("The user's book club meets on Mondays.", "user.book_club")
    decision = decide(
        cand("The user's book club meets on Tuesdays, not Mondays.", "user.book_club"), [held_card]
    )
    # it once was "already says this": the held words are all in it, "Mondays" among them
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_slip_of_a_word_the_rules_key_on_is_read_as_meant() -> None:
    assert S.statements("I'm alergic to penicillin.") == ["The user is allergic to penicillin."]
