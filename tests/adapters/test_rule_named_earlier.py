"""A clause about a thing the same sentence named in a statement already set apart ("the boat's licence
renews in May, my mooring is at Hartford Marina, and the boat runs on red diesel") is a statement of its own
about that thing; a definite subject nothing before named may still point back at the clause before it
("I live in Porto, and the rent is cheap")."""

from __future__ import annotations

from reverie.adapters.local.rules.clauses import independent_statements
from reverie.adapters.local.rules.named_earlier import named_earlier


def test_a_thing_named_in_an_earlier_statement_is_read_apart() -> None:
    said = (
        "The boat's licence renews in May, my mooring is at Hartford Marina, and the boat runs on red diesel"
    )
    assert independent_statements(said) == [
        "The boat's licence renews in May",
        "my mooring is at Hartford Marina",
        "the boat runs on red diesel",
    ]
    assert named_earlier(["The boiler was fitted by Corgi Heat in 2019"], "the boiler takes a 3 bar pressure")


def test_a_definite_subject_nothing_named_before_stays_with_the_clause_before() -> None:
    assert independent_statements("I live in Porto, and the rent is cheap") == [
        "I live in Porto, and the rent is cheap"
    ]
    # named in the clause just before, not in one set apart: it may be about that clause
    assert not named_earlier([], "the boat runs on red diesel")
    assert not named_earlier(["my sister lives in Leeds"], "the boat runs on red diesel")
    # what names nothing specific enough to stand alone
    assert not named_earlier(["The boat's licence renews in May"], "the boat is nice")
