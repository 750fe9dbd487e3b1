"""What a tool's output answers to the user's question about their own thing when it names that thing its own
way (a booking under the shop's name, a reminder saying "your appointment"): the sentence whose values the
agent then gave the user goes into the thing's slot, if that output alone answered or the agent said the
outputs disagree; two outputs about two other things the agent mentions side by side stay out of it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.answers import asked, disagree
from reverie.domain.dream import Candidate
from reverie.domain.events import Event
from reverie.domain.models import SourceKind
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
WHO = "Noor Haddad"


def _asked(question: str, outputs: list[tuple[str, str]], told: str, reply: str | None) -> list[Candidate]:
    """The user asks, each tool answers in turn, the agent tells the user, the user replies (or not)."""
    events: list[Event] = [S.ev("m0", 0, text=question, speaker=WHO)]
    for n, (tool, output) in enumerate(outputs):
        events.append(
            S.ev(f"r{n}", 1 + n, kind="tool_result", tool=tool, call_id=f"k{n}", ok=True, output=output)
        )
    events.append(S.ev("a1", 10, role="assistant", text=told))
    if reply is not None:
        events.append(S.ev("m1", 11, text=reply, speaker=WHO))
    return S.extract(events)


def _slot(found: list[Candidate], key: str) -> list[Candidate]:
    return [c for c in found if c.key == key]


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("Which day is my dentist appointment next week?", "dentist appointment"),
        ("What time is our flight tomorrow?", "flight"),
        ("Which platform is my train this evening?", "train"),
        ("When is the team offsite?", "team offsite"),
    ],
)
def test_what_of_the_thing_is_asked_and_when_are_not_the_thing(question: str, thing: str) -> None:
    found = asked(question, WHO)
    assert found is not None and found.thing == thing


@pytest.mark.parametrize(
    "question", ["What did my landlord say?", "Which is the best route?", "What is the capital of Peru?"]
)
def test_a_question_about_no_own_thing_asks_no_slot(question: str) -> None:
    assert asked(question, WHO) is None


def test_the_agent_saying_its_sources_disagree_is_read_as_such() -> None:
    assert disagree("They don't match: the app says 14:30, the text says 15:30.")
    assert disagree("The app says 5 June, the statement says 8 June.")  # each source's value, side by side
    assert not disagree("The app says you are all set.")
    assert disagree("There's a discrepancy between the two.")
    assert not disagree("The text is about a different appointment.")


_BOOKING = ("booking.app", "Studio Nine, cut and finish with Kemi: Saturday 21 March, 14:30-15:15")
_REMINDER = (
    "sms.inbox",
    "Studio Nine: Reminder of your visit with Kemi on Saturday 21 March at 15:30. Reply C to cancel.",
)


def test_two_outputs_the_agent_says_disagree_are_two_values_of_the_asked_slot() -> None:
    # GIVEN a question about the user's haircut, and two outputs that name it their own way, giving two times
    told = "They don't agree: the booking app has Saturday 21 March at 14:30, the text reminder 15:30."
    found = _asked("What time is my haircut this week?", [_BOOKING, _REMINDER], told, "Ugh, I'll call them.")
    # THEN each output's answer is in the haircut's slot, and both stay the tools' (the user took in neither)
    slot = _slot(found, "noor_haddad.haircut")
    assert len(slot) == 2 and {c.source.kind for c in slot} == {SourceKind.TOOL}
    assert any("14:30" in c.statement for c in slot) and any("15:30" in c.statement for c in slot)
    assert all(c.statement.endswith("(Noor Haddad's haircut).") for c in slot)


def test_one_output_that_alone_answered_is_the_users_word_once_taken_in() -> None:
    # GIVEN one calendar entry, under the firm's name, that the agent gives as the answer
    entry = ("calendar.search", "HeatCare annual visit: Monday 6 April 2026, 08:00-12:00")
    found = _asked(
        "Which day is our boiler service next month?", [entry], "Monday 6 April, 8 till 12.", "Perfect."
    )
    # THEN it is in the boiler service's slot, on the user's word
    [visit] = _slot(found, "noor_haddad.boiler_service")
    assert "Monday 6 April 2026" in visit.statement and visit.source.kind is SourceKind.USER


def test_of_a_document_only_the_sentence_the_agent_gave_as_the_answer_is_in_the_slot() -> None:
    # GIVEN a page with several sentences giving numbers, one of which the agent gives as the answer
    page = (
        "web.fetch",
        "Harbour Physio. We open 08:00 to 18:00 on weekdays. Your session is on Friday 13 March at 09:15. "
        "Parking on Quay Street costs 2 pounds an hour.",
    )
    told = "Friday 13 March at 09:15 (they open at 08:00)."
    found = _asked("When is my physiotherapy appointment?", [page], told, "thanks")
    # THEN the sentence whose values it repeated most is alone in the slot
    [session] = _slot(found, "noor_haddad.physiotherapy_appointment")
    assert "09:15" in session.statement


def test_two_outputs_about_two_other_things_mentioned_side_by_side_stay_out_of_the_slot() -> None:
    # GIVEN two outputs about two different appointments, neither naming the one asked about, both told,
    # with no word that they disagree
    clinic = ("calendar.search", "Dr Lee clinic: Monday 9 March 2026, 10:00")
    optician = (
        "email.search",
        'From: Vision Plus, 2 March: "Your test is booked for Thursday 12 March at 14:00."',
    )
    told = (
        "You have Dr Lee's clinic on Monday 9 March at 10:00, and Vision Plus on Thursday 12 March at 14:00."
    )
    found = _asked("When is my physio appointment next week?", [clinic, optician], told, "ok")
    # THEN nothing is put in the physio appointment's slot: two things, not two values of one
    assert _slot(found, "noor_haddad.physio_appointment") == []


def test_an_output_naming_the_thing_keeps_the_slot_from_another_thing_told_beside_it() -> None:
    # GIVEN the calendar naming the physio appointment, and an email about an eye test, both told
    physio = ("calendar.search", "Physio with Dr Lee: Monday 9 March 2026, 10:00")
    optician = (
        "email.search",
        'From: Vision Plus, 2 March: "Your eye test is on Thursday 12 March at 14:00."',
    )
    told = "Your physio is Monday 9 March at 10:00. I also saw an eye test on Thursday 12 March at 14:00."
    found = _asked("When is my physio appointment next week?", [physio, optician], told, "great")
    # THEN only the physio entry is in the slot, on the user's word: the eye test is no second value of it
    [slot] = _slot(found, "noor_haddad.physio_appointment")
    assert "Monday 9 March" in slot.statement and slot.source.kind is SourceKind.USER
