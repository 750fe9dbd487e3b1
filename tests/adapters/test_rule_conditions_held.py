"""A lasting condition one is ("I'm lactose intolerant", "I'm dyslexic") is a fact about the speaker, and so is
the same condition denied ("I'm not coeliac"). Denied of oneself and given to someone else in one breath ("I'm
not diabetic, my dad is") it is two facts, and the merge never reads the other person's card as the speaker's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.held_by_another import with_holder_named
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.their_people import their_person
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 5, 4, 12, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm gluten intolerant.", "The user is gluten intolerant."),
        ("I'm dyslexic, so short paragraphs help.", "The user is dyslexic, so short paragraphs help."),
        ("I'm left-handed.", "The user is left-handed."),
        ("I'm not coeliac.", "The user is not coeliac."),
        # a way of living without something, one word as a condition is
        ("I'm car-free now.", "The user is car-free now."),
        ("We're dairy-free at home.", "The user is dairy-free at home."),
    ],
)
def test_a_condition_one_is_or_is_not_is_kept(said: str, kept: str) -> None:
    assert kept in S.statements(said)


def test_a_state_of_mind_denied_is_still_no_fact() -> None:
    assert S.statements("I'm not sure about the venue.") == []
    assert S.statements("I'm stress-free today.") == []  # a mood of the day, not a way of living


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("I'm not asthmatic, my brother Kojo is.", "I'm not asthmatic. My brother Kojo is asthmatic."),
        ("We aren't vegan; Priya is!", "We aren't vegan. Priya is vegan!"),
        ("I'm not the treasurer, that's Dr Okafor.", "I'm not the treasurer. Dr Okafor is the treasurer."),
    ],
)
def test_a_trait_denied_and_given_to_someone_else_is_two_statements(said: str, read: str) -> None:
    assert with_holder_named(said) == read


@pytest.mark.parametrize(
    "said",
    [
        "I'm not sure, it's Tuesday.",  # a day, no person
        "I'm tired, my dad is.",  # nothing denied
        "I'm not sure, Marta is.",  # a state of mind, not a trait
    ],
)
def test_other_pairs_stay_as_said(said: str) -> None:
    assert with_holder_named(said) == said


def test_the_correction_told_to_the_agent_keeps_both_people_apart() -> None:
    found = S.statements("No, you've mixed us up. I'm NOT diabetic, that's my dad. I eat sugar fine.")
    assert "The user is NOT diabetic." in found
    assert "The user's dad is diabetic." in found


def test_a_person_of_the_users_adds_nothing_to_the_user() -> None:
    # GIVEN a card about the user; WHEN a statement about their sister shares its words
    decision = decide(
        cand("The user's sister Ama is lactose intolerant."), [held("The user is lactose intolerant.")]
    )
    # THEN it is a card of its own, not detail of the user's
    assert decision.action is MergeAction.ADD


def test_a_denial_about_the_user_leaves_their_persons_card() -> None:
    decision = decide(cand("The user is not coeliac."), [held("The user's son Theo is coeliac.")])
    assert decision.action is MergeAction.ADD


def test_a_denial_of_the_user_still_replaces_their_own_card() -> None:
    decision = decide(cand("The user is not lactose intolerant."), [held("The user is lactose intolerant.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_thing_of_the_users_is_no_person_of_theirs() -> None:
    assert their_person("The user's husband Tomás is lactose intolerant.")
    assert not their_person("The user's gym is FitX in Leipzig-Mitte.")


def test_a_condition_a_held_rule_gives_as_its_reason_is_nothing_new() -> None:
    # GIVEN a rule written with its reason; WHEN the user states the reason as a fact
    rule = held("Never serve Mirela gluten: she is gluten intolerant.", type=MemoryType.CONSTRAINT)
    decision = decide(cand("Mirela Popescu is gluten intolerant."), [rule])
    # THEN the rule already says it
    assert (decision.action, decision.target_id) == (MergeAction.NOOP, "m-1")


def test_a_rule_giving_a_held_fact_as_its_reason_takes_it_in() -> None:
    fact = held("Mirela Popescu is gluten intolerant.")
    rule = "Never serve Mirela gluten: she is gluten intolerant."
    decision = decide(cand(rule, type=MemoryType.CONSTRAINT), [fact])
    assert (decision.action, decision.target_id, decision.statement) == (MergeAction.FUSE, "m-1", rule)


def test_a_fact_the_rule_does_not_give_as_its_reason_stays_apart() -> None:
    rule = held("Never serve Mirela gluten: she is gluten intolerant.", type=MemoryType.CONSTRAINT)
    assert decide(cand("Mirela Popescu is allergic to penicillin."), [rule]).action is MergeAction.ADD


def test_an_ask_after_a_condition_is_not_part_of_it() -> None:
    assert "The user is gluten intolerant." in S.statements("im gluten intolerant btw so no bread stuff")
