"""What the speaker's weeks are made of now, said with a bare "it's" ("for now it's aqua jogging twice a week"),
is their routine; "for now" said before a value ("For now the dose is 20mg") holds until replaced, as it does
said after it; a request "for now" stays a one-off."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.occasion import for_the_occasion, without_provisional
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 8, 3, 19, 0, tzinfo=UTC))


def test_a_bare_its_with_activities_and_how_often_is_the_speakers_routine() -> None:
    said = SESSION.statements("Knee's swollen again. For now it's aqua jogging twice a week and rowing.")
    assert "The user's routine for now is aqua jogging twice a week and rowing." in said
    assert "The user's routine these days is swimming 4x a week." in SESSION.statements(
        "These days it's swimming 4x a week."
    )


def test_weather_or_a_thing_open_is_no_routine() -> None:
    for text in ("It's raining every day.", "It's open 3 days a week."):
        assert not any("routine" in s for s in SESSION.statements(text))


def test_for_now_before_a_stated_value_holds_until_replaced() -> None:
    # GIVEN "for now" said before a subject, "to be" and a value with a number
    fronted = "For now the dose is 20mg a day"
    # THEN it is no one-off, and what is kept is the value
    assert not for_the_occasion(fronted)
    assert without_provisional(fronted) == "the dose is 20mg a day"
    # a request "for now" is still one
    assert for_the_occasion("For now, skip the weekly summary")
    assert for_the_occasion("For now just send 3 headlines")
