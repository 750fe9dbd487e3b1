"""A thing named with "the" in one sentence and described in the next through "it" or "they" is the thing those
pronouns stand for, and a sentence pointing at it again goes on with the same description."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.described_thing import Described, definite_things
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 9, 14, 8, 0, tzinfo=UTC))


def test_they_after_a_plural_thing_named_with_the_is_that_thing() -> None:
    # GIVEN a letter that names the goats, then says what they are
    said = S.statements(
        "Now, as to the goats you asked after. They are Anglo-Nubians, three nannies and a billy."
    )
    # THEN the description is kept, said of the goats
    assert said == ["The goats are Anglo-Nubians, three nannies and a billy."]


def test_it_after_a_singular_thing_named_with_the_takes_the_next_sentence_along() -> None:
    # GIVEN a thing named, described with "It is ...", and then used "it" again in the next sentence
    said = S.statements(
        "You wanted to know about the boat. It is a 1962 Albin Vega, blue hull. "
        "In summer I sail it round the islands every weekend."
    )
    # THEN one statement about the boat, the pronoun's sentence joined after it
    assert len(said) == 1
    assert said[0].startswith("The boat is a 1962 Albin Vega, blue hull; in summer the user sails it")


def test_a_pronoun_of_the_other_number_or_a_dummy_it_is_not_resolved() -> None:
    described = Described()
    described.saw("We went past the hens on the way.")
    # "it" cannot be the hens, and "they're lovely" says nothing of what they are
    assert described.resolve("It is a Massey Ferguson 135.") == "It is a Massey Ferguson 135."
    assert described.resolve("They're lovely.") == "They're lovely."
    described.saw("The lane and the valley are muddy.")
    # two things named: which one is not known
    assert described.resolve("It is Teme Valley Road.") == "It is Teme Valley Road."
    assert described.about is None


def test_only_the_text_just_before_counts() -> None:
    described = Described()
    described.saw("Ask about the tractor.")
    described.saw("Nothing else to say.")
    assert described.resolve("It is a Ford 3000.") == "It is a Ford 3000."
    assert definite_things("the hens and the old barn") == ["hens", "old barn"]
