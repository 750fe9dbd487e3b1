"""Someone else giving up or taking up a habit ("Mum gave up smoking") is a lasting state, kept even when
it names nothing else; a moment stopping ("the baby stopped crying") is an episode. A message headed by
whom its news is about ("Quick update on Gran for your notes: ...") reads its pronouns as that person."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.habit_changes import changes_a_habit
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 10, 0, tzinfo=UTC))


def test_a_relative_giving_up_a_habit_is_kept() -> None:
    # GIVEN a carer telling the agent a parent's change of habit
    said = SESSION.statements("Mum gave up cycling after her hip operation.")
    # THEN it is a card
    assert said == ["The user's mum gave up cycling after her hip operation."]


def test_a_habit_change_after_another_fact_is_its_own_card() -> None:
    # GIVEN an update headed by whom it is about, joining a contact and a habit change
    said = SESSION.statements(
        "Quick update on Gran for your notes: her podiatrist is Ms Kaur at Riverside Clinic, and Gran no "
        "longer drives."
    )
    # THEN two cards, the pronoun read as Gran
    assert said == [
        "The user's gran's podiatrist is Ms Kaur at Riverside Clinic.",
        "The user's gran no longer drives.",
    ]


def test_a_moment_stopping_is_no_habit() -> None:
    # GIVEN something that stopped for a moment, or a thing, not a person
    # THEN no habit change is read
    assert not changes_a_habit("Ana stopped crying when we got home.")
    assert not changes_a_habit("It stopped raining at noon.")
    assert changes_a_habit("Tomasz quit drinking in January.")
