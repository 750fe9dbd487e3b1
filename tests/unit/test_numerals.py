"""Numbers written as words compare as the digits they stand for, and the words a user chose are kept."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.values import contrast_replaces
from reverie.domain.models import Layer, MemoryType
from reverie.domain.numerals import as_digits
from reverie.domain.restatement import terms
from reverie.ports import MergeAction
from tests.fakes.factories import make_candidate, make_card


def test_a_number_dictated_as_words_reads_as_its_digits() -> None:
    # GIVEN numbers as voice-to-text writes them
    # WHEN they are read for comparison
    # THEN each run of number words is one number
    assert as_digits("my gym bag is in cubby thirty two") == "my gym bag is in cubby 32"
    assert (
        as_digits("the rent went up to one thousand two hundred a month")
        == "the rent went up to 1200 a month"
    )
    assert as_digits("take sixty-two milligrams") == "take 62 milligrams"


def test_a_lone_one_or_a_text_without_numbers_stays_as_written() -> None:
    # GIVEN words that only look like numbers, or a pronoun "one"
    for text in ("the blue one is mine", "one of the cats", "Lena prefers her coffee without sugar"):
        # WHEN it is read for comparison THEN nothing changes
        assert as_digits(text) == text


def test_terms_of_a_spelled_number_match_the_digits() -> None:
    # GIVEN one value written once as words and once as a digit
    # WHEN their terms are compared THEN they share the number
    assert "32" in terms("Priya's cubby at the climbing gym is number thirty two")
    assert terms("Meet at Gate Twelve") == terms("meet at gate 12")


def test_a_value_in_words_and_the_same_in_digits_are_one_idea() -> None:
    # GIVEN the same cubby written in words by voice and in digits by hand
    dictated = make_candidate("Priya's cubby at the climbing gym is number thirty two.")
    card = make_card(
        "m-cubby", layer=Layer.KNOWLEDGE, statement="Priya's cubby at the climbing gym is number 32."
    )
    # WHEN the dictated one is weighed against the card
    decision = decide(dictated, [card])
    # THEN nothing new is said: no second card
    assert decision.action is MergeAction.NOOP


def test_a_correction_in_digits_puts_right_a_card_that_spells_the_number() -> None:
    # GIVEN a card whose number came from dictation, in words
    card = make_card(
        "m-cubby",
        layer=Layer.KNOWLEDGE,
        type=MemoryType.FACT,
        statement="Priya's cubby at the climbing gym is number thirty two.",
    )
    said = make_candidate("Priya's cubby at the climbing gym is 23, not 32.", MemoryType.CORRECTION)
    # WHEN the correction is weighed against it
    assert contrast_replaces(said.statement, card.statement)
    decision = decide(said, [card])
    # THEN it replaces the card
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == "m-cubby"


def test_a_correction_of_another_number_leaves_the_spelled_card_alone() -> None:
    # GIVEN a card with thirty two, and a correction about 45
    card = "Priya's cubby at the climbing gym is number thirty two."
    # THEN the correction does not put the card right
    assert not contrast_replaces("Priya's cubby at the climbing gym is 54, not 45.", card)


def test_a_range_with_a_dash_has_the_ends_of_one_written_out() -> None:
    # GIVEN opening hours written "9-5" and "from 9 to 5"
    # WHEN their terms are compared THEN they share both ends
    assert {"9", "5"} <= terms("the bakery opens 9-5 on Saturdays")
    assert {"9", "5"} <= terms("the bakery opens from nine to five on Saturdays")


def test_a_date_or_a_code_with_dashes_stays_one_term() -> None:
    # GIVEN an ISO date and an oil grade THEN neither is read as a range
    assert "2027-03-14" in terms("renewal due 2027-03-14")
    assert "5w-30" in terms("uses 5W-30 oil")
