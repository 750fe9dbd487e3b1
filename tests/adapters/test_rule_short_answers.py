"""A bare yes, number or place answering the agent's question takes its meaning from the question."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.short_answers import short_answer
from reverie.domain.events import MessageEvent

T0 = datetime(2026, 3, 9, 19, 0, tzinfo=UTC)


def _statements(*turns: tuple[str, str]) -> list[str]:
    events = [
        MessageEvent(
            event_id=f"e{i}",
            session_id="s",
            tenant_id="t",
            user_id="u",
            ts=T0 + timedelta(minutes=i),
            role=role,  # type: ignore[arg-type]
            text=text,
        )
        for i, (role, text) in enumerate(turns)
    ]
    return [c.statement for c in RuleReasoner().analyse(events).candidates]


def test_yes_to_are_you_states_it() -> None:
    # GIVEN the agent asking whether the user is diabetic WHEN she answers "yep" THEN she is
    said = _statements(("assistant", "Setting up your recipes. Are you diabetic?"), ("user", "yep"))
    assert any("diabetic" in s for s in said)


def test_yes_to_do_you_have_states_it() -> None:
    # GIVEN "Do you have a car?" WHEN answered "Yes." THEN the user has a car
    assert short_answer("Yes.", "Do you have a car?") == "I have a car"


def test_number_to_how_many_states_the_count() -> None:
    # GIVEN a count asked with and without a verb WHEN answered with a bare number THEN the count is stated
    assert short_answer("4", "How many children?") == "I have 4 children"
    assert short_answer("two", "Roughly. How many students do you teach for?") == "I teach for two students"
    said = _statements(("assistant", "How many dogs do you have?"), ("user", "3"))
    assert any("3 dogs" in s for s in said)


def test_place_to_where_do_you_live_states_home() -> None:
    # GIVEN "Where do you live?" WHEN answered with a bare town THEN the user lives there
    assert short_answer("Leeds.", "Where do you live, and what's your job?") == "I live in Leeds"
    assert short_answer("Tromsø area", "Where are you based?") == "I live in the Tromsø area"


def test_no_meaning_without_a_question_it_answers() -> None:
    # GIVEN questions a yes only agrees to, two questions at once, or a pointed-at thing
    # WHEN answered "yes" THEN nothing is stated
    assert short_answer("yes", "Are you sure?") is None
    assert short_answer("yes", "Do you want me to book it?") is None
    assert short_answer("yes", "Are you vegan? Do you have pets?") is None
    assert short_answer("yes", "Do you have it?") is None
    assert short_answer("yes, and I'm also training for a marathon", "Are you a runner?") is None
    assert short_answer("7", "What time suits you?") is None
    assert _statements(("assistant", "Shall I go ahead?"), ("user", "yes")) == []
