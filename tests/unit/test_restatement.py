"""Duplicates the dream merges without a reasoner call: paraphrases, and rules restated in other words."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from reverie.domain.dream import Candidate
from reverie.domain.models import Layer, MemoryCard, MemoryType
from reverie.domain.restatement import adds_no_number, restates
from reverie.services.dream.similarity import cosine_of, paraphrase_of
from tests.fakes.factories import make_candidate, make_card

FRIDAY_RULE = "Never deploy the payments service to production on a Friday (policy CHG-7)."


def candidate(statement: str, type: MemoryType = MemoryType.CORRECTION) -> Candidate:
    return make_candidate(statement, type, event_id="e6")


def known(statement: str, type: MemoryType = MemoryType.CONSTRAINT) -> MemoryCard:
    return make_card("m-known", layer=Layer.KNOWLEDGE, type=type, statement=statement)


def test_a_rule_said_again_in_other_words_is_merged_into_the_known_one() -> None:
    # GIVEN a known rule and the user's later correction saying the same, close in meaning
    card = known(FRIDAY_RULE)
    said = candidate("Do not start a payments production deploy on a Friday.")
    # WHEN restructure looks for a duplicate (MiniLM puts the two at cosine 0.82)
    found = paraphrase_of(said, [card], {card.memory_id: 0.82})
    # THEN it is the known rule (a no-op that adds the evidence), not a second card
    assert found is card


def test_the_opposite_rule_or_a_changed_fact_is_not_a_duplicate() -> None:
    rule = known("Never deploy on Fridays.")
    assert paraphrase_of(candidate("Always deploy on Fridays."), [rule], {rule.memory_id: 0.83}) is None
    city = known("Alice lives in Lisbon.", type=MemoryType.FACT)
    moved = candidate("Alice lives in Madrid.", type=MemoryType.FACT)
    assert paraphrase_of(moved, [city], {city.memory_id: 0.83}) is None


def test_leaving_what_a_card_holds_is_no_paraphrase_of_it() -> None:
    # GIVEN "moved over to the fraud team"; later "has left fraud" (MiniLM: 0.88, all its words but one)
    team = known("Ngozi Eze moved over to the fraud team this week.", type=MemoryType.FACT)
    left = candidate("Ngozi Eze has left fraud.", type=MemoryType.FACT)
    # THEN it is not the same claim: leaving is the opposite of holding, though nothing is negated
    assert paraphrase_of(left, [team], {team.memory_id: 0.88}) is None


def test_another_date_is_another_event_however_close_the_words() -> None:
    went = known("Caroline went to a support group on 7 May 2023.", type=MemoryType.FACT)
    again = candidate("Caroline went to a support group on 20 June 2023.", type=MemoryType.FACT)
    assert paraphrase_of(again, [went], {went.memory_id: 0.97}) is None


def test_restates_needs_the_same_direction_and_mostly_the_same_terms() -> None:
    assert restates("Do not start a payments production deploy on a Friday.", FRIDAY_RULE)
    assert not restates("Deploy payments on Fridays.", FRIDAY_RULE)  # the other direction
    assert not restates("Never book a flight before 9am.", FRIDAY_RULE)  # another rule


def test_adds_no_number() -> None:
    assert adds_no_number("Never deploy payments on a Friday.", FRIDAY_RULE)
    assert not adds_no_number("Caroline went on 7 May.", "Caroline went.")


def test_a_count_of_one_or_two_is_a_number_too() -> None:
    # "two" stays a word where "three" becomes 3: still another count of the same things
    assert not adds_no_number("Ed has two chickens now.", "Ed has got three chickens.")
    assert adds_no_number("Ed keeps two chickens.", "Ed has two chickens.")
    assert adds_no_number("No one likes mornings.", "Ed does not like mornings.")  # NEGATIVE: no count


@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=3, max_size=3))
def test_a_vector_is_as_close_as_can_be_to_itself(v: list[float]) -> None:
    if sum(x * x for x in v) > 1e-12:  # not the zero vector (nor one lost to underflow)
        assert abs(cosine_of(v, v) - 1.0) < 1e-9


def test_a_possessive_is_about_its_owner() -> None:
    from reverie.domain.restatement import stem, terms

    assert terms("Alice's repositories use pnpm") >= {stem("alice"), "pnpm"}
    assert "alice'" not in terms("Alice's repositories") and "user" in terms("the users' files")


def test_a_words_inflections_are_one_term_and_notes_are_no_negation() -> None:
    from reverie.domain.restatement import terms

    # GIVEN a word written as a singular, a plural, a third person, a past and a gerund
    assert (
        len(terms("coffee coffees")) == len(terms("love loves loved loving")) == len(terms("box boxes")) == 1
    )
    # THEN each is one term; and "notes" is a note, not a "not"
    assert terms("the notes") and not terms("not")
    # AND a noun in -y, its plural and its adjective in -ic are one ("allergic to nuts" / "an allergy test")
    assert len(terms("allergy allergies allergic")) == len(terms("city cities")) == 1
    # AND contractions of stop words and indefinite pronouns are about nothing
    assert not terms("it's we're I'm there's nothing everyone")


def test_a_contrast_naming_what_a_value_is_not_is_no_denial() -> None:
    from reverie.domain.restatement import negated

    assert not negated("Alice's repositories use pnpm, not npm.")
    assert not negated("Carol's fiscal year starts on 1 February, not 1 January.")
    assert negated("Alice does not use npm.") and negated("Never deploy on a Friday.")


def test_a_statement_another_says_but_for_one_common_word_is_absorbed() -> None:
    from reverie.domain.restatement import absorbed_but_a_word

    known = "Alice's repositories use pnpm, not npm: npm fails on their workspace: dependencies."
    assert absorbed_but_a_word("Npm breaks on Alice's workspace: dependencies.", known)
    # pointing another way is only the same when both rest on one source
    said = "Npm doesn't understand Alice's workspace: dependencies."
    assert not absorbed_but_a_word(said, known) and absorbed_but_a_word(said, known, same_source=True)
    # another name or number is another value, and a short statement is not mostly the other
    assert not absorbed_but_a_word(
        "Alice's sister lives in Porto with her kids.", "Alice's sister lives in Lisbon with her kids."
    )
    assert not absorbed_but_a_word("Alice loves jazz.", "Alice loves jazz and blues.")


def test_a_person_named_by_relation_is_another_subject_not_one_word_more() -> None:
    from reverie.domain.restatement import absorbed_but_a_word

    # GIVEN what the user does; WHEN a relative now does it, or it is a relative's at all
    held = "Pab does the school run every morning."
    assert not absorbed_but_a_word("Pab's husband does the school run now.", held)
    assert not absorbed_but_a_word(
        "Ines's stepdad walks the dog every evening.", "Ines walks the dog every evening."
    )
    # THEN a word said another way is still absorbed by the card that says it all
    assert absorbed_but_a_word("Pab handles the school run every morning.", held)


def test_a_word_put_between_two_the_held_card_says_together_is_a_detail_added() -> None:
    from reverie.domain.restatement import absorbed_but_a_word

    # GIVEN a choir held; WHEN the voice part is said: a detail for the reasoner to fuse, not a restatement
    assert not absorbed_but_a_word("Fay sings alto in the choir.", "Fay sings in a community choir.")
    # NEGATIVE: a word standing where the held card has another is the same thing said another way
    assert absorbed_but_a_word("Fay sings weekly in the choir.", "Fay sings often in a community choir.")


def test_a_compound_written_with_a_hyphen_is_its_words() -> None:
    from reverie.domain.restatement import restates

    # GIVEN one rule written with "force-push", again with "a force push"
    assert restates(
        "Never force-push to shared branches.", "Don't ever do a force push on a branch other people use."
    )
    # NEGATIVE: another rule that shares a word of the compound
    assert not restates("Never push to main on a Friday.", "Never force-push to shared branches.")
