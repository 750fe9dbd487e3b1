"""A price told as a change puts right the held price of the same thing per the same unit; a clause about
someone named, after the speaker's own, is a statement of its own."""

from __future__ import annotations

from reverie.adapters.local.rules.clauses import independent_statements
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import Layer, MemoryCard, MemoryType
from reverie.ports import MergeAction
from tests.fakes.factories import make_candidate, make_card

FEED = "The user buys hay from Dorota's farm near Ludlow, £6.50 for a small bale."


def _held(statement: str) -> MemoryCard:
    return make_card("m-hay", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement=statement)


def test_a_price_raised_by_the_seller_replaces_the_held_price() -> None:
    # GIVEN what the user pays Dorota per bale
    # WHEN Dorota is said to have raised hay to a new price per bale
    decision = decide(make_candidate("Dorota has raised hay to £7.25 a bale."), [_held(FEED)])
    # THEN the held card is put right, the rest of it kept
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "The user buys hay from Dorota's farm near Ludlow, £7.25 for a small bale."


def test_a_price_in_words_is_written_as_the_held_one() -> None:
    held = _held("The user pays Kwame's garage 12,000 for a full service.")
    decision = decide(
        make_candidate("Kwame brought the service back down to eleven thousand per service."), [held]
    )
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "The user pays Kwame's garage 11,000 for a full service."


def test_another_thing_or_another_seller_is_not_that_price() -> None:
    # GIVEN the hay price; WHEN straw, or another seller's hay, changes
    # THEN the hay card is not put right
    for said in ("Dorota has raised straw to £5 a bale.", "Gareth has raised hay to £7.25 a bale."):
        assert decide(make_candidate(said), [_held(FEED)]).action is not MergeAction.SUPERSEDE


def test_a_named_persons_clause_after_the_speakers_own_is_split_off() -> None:
    said = "my van is in the garage, and Dorota has raised hay to £7.25 a bale"
    assert independent_statements(said) == [
        "my van is in the garage",
        "Dorota has raised hay to £7.25 a bale",
    ]
    # a short remark about someone stays with the clause before
    assert independent_statements("my van is in the garage, and Dorota is nice") == [
        "my van is in the garage, and Dorota is nice"
    ]


def test_a_claim_someone_is_reported_to_make_stays_with_the_claim_it_answers() -> None:
    # GIVEN two people's versions of one date, the second reported with "swears" / "reckons"
    for said in (
        "the school trip deposit is due soon, my cousin texted 'due 03/05' but Auntie Pam swears it's 10/05",
        "the harvest supper is at the hall, and Father Tom reckons it's the 12th",
    ):
        # WHEN the sentence is split into ideas
        parts = independent_statements(said)
        # THEN the reported claim is not cut loose from what it is about (the disagreement rules read it whole)
        assert not any(p.startswith(("Auntie Pam", "Father Tom")) for p in parts), parts
