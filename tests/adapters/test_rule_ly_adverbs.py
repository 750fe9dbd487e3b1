"""An adverb in "-ly" between "I" and the verb is no verb: the verb after it agrees with the speaker's name."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.named_speaker import desubjectivise
from reverie.adapters.local.rules.verb_forms import third_person


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I honestly can't remember her surname", "Priya honestly can't remember her surname"),
        ("I seriously doubt the ferry runs", "Priya seriously doubts the ferry runs"),
        ("I barely sleep before exams", "Priya barely sleeps before exams"),
        ("I happily cycle to work", "Priya happily cycles to work"),
    ],
)
def test_given_an_ly_adverb_after_i_when_rewritten_then_the_verb_after_it_agrees(
    said: str, stored: str
) -> None:
    # GIVEN a first-person sentence with an adverb in "-ly" before its verb
    # WHEN it is rewritten in the third person
    # THEN the adverb stays as said and the verb after it is conjugated
    assert desubjectivise(said, "Priya") == stored


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I apply for grants every spring", "Priya applies for grants every spring"),
        ("I rely on the night bus", "Priya relies on the night bus"),
        ("I fly to Lagos monthly", "Priya flies to Lagos monthly"),
        ("I reply within a day", "Priya replies within a day"),
    ],
)
def test_given_a_verb_in_ly_when_rewritten_then_it_is_still_conjugated(said: str, stored: str) -> None:
    # GIVEN a verb that itself ends in "-ly" (short, or in "-ply")
    # WHEN the sentence is rewritten in the third person
    # THEN it is taken for the verb, not an adverb
    assert desubjectivise(said, "Priya") == stored


def test_given_an_ly_adverb_when_put_in_the_third_person_then_it_is_unchanged() -> None:
    # GIVEN an adverb in "-ly" handed where a verb is expected, and a verb in "-ply"
    # WHEN each is put in the third person
    # THEN the adverb keeps its form and the verb takes its "-ies"
    assert third_person("genuinely") == "genuinely"
    assert third_person("multiply") == "multiplies"
