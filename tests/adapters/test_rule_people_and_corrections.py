"""People named by title and "'s" read as "is" when extracting, and which card a correction puts right.

- "Mrs Okafor's surgery is on Mill Lane": a titled owner opens a statement about her thing, as "Lucy's" does;
- "she's brilliant with him" after a message naming two people (one by title) is about neither of them alone;
- "Grandpa's in hospital", "my brother's off work": "'s" before where someone is reads "is";
- "10 mg" and "10mg" are one value, so "..., not 5 mg" puts right a card saying "5mg";
- "Ali's choir is on Mondays, not Tuesdays" puts right the card about the choir, not one where Ali only did
  something on a Tuesday.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.references import Earlier, people_named
from reverie.adapters.local.rules.values import contrast_replaces
from reverie.domain.models import MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 9, tzinfo=UTC))


def test_a_titled_owner_opens_a_statement_about_their_thing() -> None:
    # GIVEN the user telling their agent where someone addressed by title has their surgery
    said = SESSION.statements("Mrs Okafor's surgery is on Mill Lane in Didsbury.")
    # THEN it is kept as a statement about her thing
    assert any("Mrs Okafor's surgery is on Mill Lane" in s for s in said), said


def test_an_imperative_before_a_possessive_is_no_titled_owner() -> None:
    # GIVEN a request naming someone's thing after a verb (no title in front)
    said = SESSION.statements("Ask Leon's coach if training has moved.")
    # THEN no card comes of it
    assert said == []


def test_a_titled_name_is_a_person_the_message_named() -> None:
    # GIVEN a message naming a pet by its owner's possessive and a doctor by title
    named = people_named("Rufus's groomer is Ms Hannah Price at Paws Parlour", frozenset())
    # THEN both are people the message named (so "she" is not resolved to the only one)
    assert named == ["Rufus", "Price"]


def test_she_and_him_in_one_clause_are_two_people() -> None:
    # GIVEN a message that named one person so far
    earlier = Earlier(frozenset({"pia"}))
    earlier.said("Otto's tutor comes on Mondays")
    # WHEN a clause speaks of a "she" and a "him"
    # THEN neither is replaced by that one name
    assert earlier.resolve("she's patient with him") == "she's patient with him"


def test_one_pronoun_still_resolves_to_the_one_person_named() -> None:
    # GIVEN a message that named one person (NEGATIVE: the two-people guard leaves this alone)
    earlier = Earlier(frozenset({"pia"}))
    earlier.said("Otto's started judo")
    # THEN "him" is that person
    assert earlier.resolve("I collect him at six") == "I collect Otto at six"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Grandpa's in hospital in Stockport since Friday.",
            "The user's grandpa is in hospital in Stockport",
        ),
        ("My brother's off work with his knee until June.", "brother is off work"),
        ("Mum's on warfarin 3mg every evening for her heart.", "The user's mum is on warfarin 3mg"),
    ],
)
def test_apostrophe_s_before_where_someone_is_reads_is(text: str, kept: str) -> None:
    # GIVEN someone's state told with "'s" before a preposition
    said = SESSION.statements(text)
    # THEN it is kept, read as "is"
    assert any(kept in s for s in said), said


def test_a_possessive_after_is_stays_a_possessive() -> None:
    # GIVEN "'s" that owns something after "is" (NEGATIVE)
    earlier = Earlier(frozenset({"pia"}))
    # THEN it is not turned into "is"
    assert earlier.resolve("The van is Carl's on weekends") == "The van is Carl's on weekends"


def test_an_amount_and_its_unit_are_one_term_however_spaced() -> None:
    # GIVEN the same dose written apart and together
    # THEN they are the same term; a bare number beside a word is not glued (NEGATIVE)
    assert terms("takes 2.5 mg at night") == terms("takes 2.5mg at night")
    assert "3" in terms("3 cats at home")


def test_a_correction_with_a_spaced_unit_replaces_the_card_with_the_unit_glued() -> None:
    # GIVEN a held card with "20mg" and a correction saying "40 mg, not 20 mg"
    card = held("Gran is on simvastatin 20mg every night.")
    correction = cand("Gran's simvastatin dose is 40 mg every night, not 20 mg.", type=MemoryType.CORRECTION)
    # WHEN merged
    decision = decide(correction, [card])
    # THEN it replaces the card
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == "m-1"


def test_a_correction_puts_right_the_card_about_the_same_thing_not_one_sharing_the_day() -> None:
    # GIVEN a card where the person only did something on a Tuesday (first in id order) and the card of the choir
    bus = held("Ali Haddad missed the bus on Tuesday and walked home.").model_copy(
        update={"memory_id": "m-0"}
    )
    choir = held("Ali Haddad joined the choir at St Jude's, Tuesdays at 7.")
    # WHEN a correction says the choir is on Mondays, not Tuesdays
    decision = decide(
        cand("Ali's choir is on Mondays, not Tuesdays.", type=MemoryType.CORRECTION), [bus, choir]
    )
    # THEN it replaces the card of the choir
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.target_id == "m-1"


def test_the_only_card_naming_the_denied_value_is_still_put_right() -> None:
    # GIVEN one card with the denied value, sharing only the owner beside it (NEGATIVE: no overlap threshold)
    card = held("Odile's photos live in /mnt/photos on the NAS.")
    # THEN a finding of the right path replaces it
    found = decide(cand("Odile's photo share is /mnt/photos-2024, not /mnt/photos on the NAS."), [card])
    assert found.action is MergeAction.SUPERSEDE
    assert contrast_replaces("Ali's choir is on Mondays, not Tuesdays.", "Ali sings in a choir on Tuesdays.")


def test_a_value_denied_in_short_puts_right_the_card_saying_it_in_full() -> None:
    # GIVEN the agent's guess of a breed, and the user's correction naming it in short ("a lab")
    assert contrast_replaces("Biscuit is a golden retriever, not a lab.", "Ken's dog Biscuit is a Labrador.")
    # NEGATIVE: another dog's breed is not put right
    assert not contrast_replaces("Biscuit is a golden retriever, not a lab.", "Ken's dog Rolo is a Labrador.")


def test_a_correction_of_a_value_a_derived_card_repeats_puts_right_the_card_it_was_built_on() -> None:
    # GIVEN a card and one derived from it, both saying the day (the derived one in more of the correction's words)
    source = held("Yuki Sato started pottery at the arts centre, Fridays 7 to 9pm.").model_copy(
        update={"memory_id": "m-2"}
    )
    derived = held("Yuki is busy on Friday evenings because of her pottery class.").model_copy(
        update={"memory_id": "m-1", "derived_from": ["m-2"]}
    )
    # WHEN the user corrects the day of the class
    correction = cand("Yuki's pottery class is on Saturdays, not Fridays.", type=MemoryType.CORRECTION)
    decision = decide(correction, [source, derived])
    # THEN the card it was built on is replaced (its derived card follows it in the dream)
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-2")


def test_without_a_derivation_the_card_speaking_most_of_the_thing_is_put_right() -> None:
    # GIVEN the same two cards, neither built on the other (NEGATIVE)
    one = held("Yuki Sato started pottery at the arts centre, Fridays 7 to 9pm.").model_copy(
        update={"memory_id": "m-2"}
    )
    other = held("Yuki is busy on Friday evenings because of her pottery class.")
    correction = cand("Yuki's pottery class is on Saturdays, not Fridays.", type=MemoryType.CORRECTION)
    # THEN the one sharing more of the correction's words is the target
    assert decide(correction, [one, other]).target_id == "m-1"
