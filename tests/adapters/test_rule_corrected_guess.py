"""The user's correction against the agent's held guess about the same thing: the guess goes."""

from __future__ import annotations

from reverie.adapters.local.rules.corrected_guess import corrected_guess
from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.models import Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def guess(statement: str) -> MemoryCard:
    """The agent's note of `statement`, held as a hypothesis."""
    update = {"layer": Layer.NOTES, "status": Status.HYPOTHESIS, "source": Source(kind=SourceKind.AGENT)}
    return held(statement).model_copy(update=update)


def correction(statement: str) -> Candidate:
    return cand(statement, type=MemoryType.CORRECTION)


def test_a_correction_about_the_same_relative_and_ailment_replaces_the_guess() -> None:
    # GIVEN the agent's guess that the user's husband is lactose intolerant
    held_guess = guess("Priya's husband is probably lactose intolerant (asked for dairy-free recipes).")
    # WHEN the user corrects it: it is her mother, and it is gluten
    fix = correction("It's Priya's mother who is intolerant, to gluten; her husband eats everything.")
    # THEN the guess is replaced
    decision = decide(fix, [held_guess])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"


def test_a_correction_about_something_else_leaves_the_guess() -> None:
    held_guess = guess("Priya's husband is probably lactose intolerant (asked for dairy-free recipes).")
    # NEGATIVE: a correction sharing only the name (and one word) is about something else
    assert corrected_guess(correction("Priya's flight is on Friday, not Thursday."), [held_guess]) is None


def test_only_a_users_correction_against_an_agents_guess() -> None:
    text = "It's Priya's mother who is intolerant, to gluten; her husband eats everything."
    held_guess = guess("Priya's husband is probably lactose intolerant (asked for dairy-free recipes).")
    # NEGATIVE: a plain statement is no correction
    assert corrected_guess(cand(text), [held_guess]) is None
    # NEGATIVE: what the user verified is not a guess (the slot rules judge it)
    verified = held("Priya's husband is lactose intolerant.")
    assert corrected_guess(correction(text), [verified]) is None
