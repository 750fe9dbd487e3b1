"""The rule-based reasoner beyond its sentence patterns: specific remarks, shared photos, one point a message."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from reverie.adapters.local.rules.specificity import GENERIC_WORDS, specificity
from reverie.domain.models import MemoryType
from tests.adapters.test_rule_reasoner import agent, extract, reasoner, say, statements


def test_a_sentence_no_rule_parses_is_kept_when_it_names_specific_things() -> None:
    # GIVEN a reply the sentence rules cannot parse (no "I", a pronoun subject) but full of specifics
    reply = say(
        "Thanks! It's dairy-free vanilla with strawberry filling and coconut cream frosting.", "Joanna"
    )
    # WHEN the reasoner extracts
    [card] = extract(reply)
    # THEN it is kept, attributed to its speaker, below the confidence recall injects as a memory
    assert (
        card.statement
        == "Joanna says it's dairy-free vanilla with strawberry filling and coconut cream frosting."
    )
    assert card.type is MemoryType.FACT and card.confidence < 0.6


def test_a_vague_remark_is_still_dropped() -> None:
    assert statements(say("Everything felt great and the whole day was so special.", "Joanna")) == []


def test_a_remark_drowned_in_feeling_is_dropped_though_it_names_a_place() -> None:
    # GIVEN two remarks naming the same place: one short, one among many words of feeling
    short = say("Back in Portland with the Hendersons.", "Jon")
    drowned = say(
        "It was such a wild and crazy and amazing ride to finally be back in Portland after all this time.",
        "Jon",
        "m2",
    )
    # THEN only the short one is kept: too few specific words per word makes a remark noise
    assert statements(short, drowned) == ["Jon: Back in Portland with the Hendersons."]


def test_once_named_the_speaker_is_their_in_a_statement() -> None:
    assert statements(say("I lost my job, so my savings go into my bakery now.", "Jon")) == [
        "Jon lost their job, so their savings go into their bakery now."
    ]


def test_said_to_an_agent_an_unparsed_sentence_is_not_kept_as_a_remark() -> None:
    # GIVEN a session with an agent, where an unparsed specific sentence is most often a task for now
    task = say(
        "Payments-api 2.15.0 to the Frankfurt staging cluster, then the Dublin one.", event_id="m2", at=5
    )
    # THEN nothing is kept
    assert statements(agent(), task) == []


def test_a_shared_photo_with_a_specific_caption_becomes_a_fact() -> None:
    shared = say(
        "Look! [shares a photo: a photo of a red Ford Mustang parked outside the Golden Gate bakery]", "Jon"
    )
    assert statements(shared) == [
        "Jon shared a photo of a red Ford Mustang parked outside the Golden Gate bakery."
    ]


def test_a_generic_photo_is_dropped() -> None:
    assert statements(say("[shares a photo: a photography of a cup on a table]", "Jon")) == []


def test_a_message_keeps_its_most_specific_fact_and_every_rule() -> None:
    # GIVEN one message with two plain facts and a constraint
    message = say(
        "I bought a guitar. I went to Lisbon with my sister in May. Never book me a flight before 9am.", "Jon"
    )
    # WHEN the reasoner analyses it
    analysis = reasoner.analyse([message])
    # THEN the most specific fact and the constraint are candidates; the other fact is dropped, with why
    assert [c.statement for c in analysis.candidates] == [
        "Jon went to Lisbon with their sister in May.",
        "Never book Jon a flight before 9am.",
    ]
    assert [(d.text, d.reason) for d in analysis.dropped] == [
        ("Jon bought a guitar.", "another point of the same message")
    ]


def test_names_and_numbers_count_twice_and_the_people_talking_not_at_all() -> None:
    assert specificity("Jon went to Lisbon in 2023", frozenset({"jon"})) == 1 + 2 + 2  # went is not generic
    assert specificity("It was amazing and I loved it", frozenset()) == 0


@given(st.lists(st.sampled_from(sorted(GENERIC_WORDS)), max_size=12))
def test_a_sentence_of_generic_words_has_no_specificity(words: list[str]) -> None:
    assert specificity(" ".join(words).lower()) == 0


def test_contractions_and_fillers_are_not_specific() -> None:
    # "It's great 'cause it's grippy ... lets you move" names two things (grippy, move), not seven
    assert specificity("It's great 'cause it's grippy but still lets you move, plus", frozenset()) == 2


def test_a_rule_stated_over_two_sentences_is_one_constraint() -> None:
    # GIVEN a user telling an agent one rule in two sentences
    told = say(
        "Go ahead, but never run migrations without a backup. Take a snapshot of the database first, every time.",
        "Alice",
        "m2",
        5,
    )
    # THEN one constraint carries both, citing the message once
    [rule] = extract(agent(), told)
    assert rule.type is MemoryType.CONSTRAINT
    assert (
        rule.statement
        == "Never run migrations without a backup; take a snapshot of the database first, every time."
    )
