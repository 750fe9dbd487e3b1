"""A quote never brings back a value a newer card replaced: when a later card superseded one ("the piano
lesson costs 40 euros" → "... 45 euros since autumn"), the old value's sentence stays in the raw log but is
left out of the quotes of that turn under other cards; the turn's other sentences are still quoted, and a
quote whose values all still hold stays whole."""

from __future__ import annotations

from reverie.domain.models import MemoryCard, Scope, new_memory_id
from reverie.domain.retired_values import retired_values, states_any, values
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.test_recall_cited_turns import QUOTES, card_from, quotes, said

SETUP = (
    "My daughter Ines takes piano with Mr Halvorsen on Thursdays, and a lesson costs 40 euros. "
    "Her school choir rehearses at St Bride's on Mondays after class."
)


def _replaced(b: Backends, old: MemoryCard, statement: str) -> MemoryCard:
    """`old` superseded by a new card saying `statement` (a later session's value)."""
    new = old.model_copy(update={"memory_id": new_memory_id(), "version": 1, "statement": statement})
    return b.notes.supersede(old, new)[1]


def test_a_quote_leaves_out_the_sentence_stating_a_replaced_value(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN one message with a price and a choir, a card of each, and the price later replaced
    ref = said(b, alice, "s1", "e1", SETUP, clock)
    price = card_from(b, alice, "Ines's piano lesson with Mr Halvorsen costs 40 euros", ref)
    _replaced(b, price, "Ines's piano lesson with Mr Halvorsen costs 45 euros since the autumn")
    card_from(b, alice, "Ines sings in her school choir", ref)

    # WHEN a question brings up the choir card with the shared turn quoted under it
    ctx = build_context(b, "Where does Ines's choir rehearse?", alice, 500, QUOTES)

    # THEN the quote keeps the rehearsal place but not the old price, which the log still holds
    assert quotes(ctx) and "St Bride's" in ctx.text
    assert "40 euros" not in ctx.text


def test_a_quote_whose_values_all_still_hold_stays_whole(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the same message, and the price card replaced by a fuller one that keeps the same values
    ref = said(b, alice, "s1", "e1", SETUP, clock)
    price = card_from(b, alice, "Ines's piano lesson with Mr Halvorsen costs 40 euros", ref)
    _replaced(b, price, "Ines's piano lesson with Mr Halvorsen on Thursdays costs 40 euros, paid monthly")
    card_from(b, alice, "Ines sings in her school choir", ref)

    # WHEN the same question is asked THEN the price sentence is still quoted (nothing it says was replaced)
    ctx = build_context(b, "Where does Ines's choir rehearse? What does piano cost?", alice, 500, QUOTES)
    assert any("a lesson costs 40 euros" in line and "St Bride's" in line for line in quotes(ctx))


def test_the_values_a_replacement_no_longer_states() -> None:
    # numbers however written, and names; the opening word of a sentence is no name
    assert retired_values(
        "Rent is £1,250 a month at Harbour View", "Rent is 1300 a month at Harbour View"
    ) == {"1250"}
    assert retired_values("The user's gym is FitX in Mitte", "The user switched gyms to McFit in Mitte") == {
        "fitx"
    }
    assert retired_values("Bins go out on Tuesday", "bins go out on tuesday and friday") == frozenset()
    assert values("Parking costs forty one pounds") == {"41"}


def test_a_sentence_states_a_retired_value_only_as_a_value() -> None:
    assert states_any("We pay 1,250 for the flat.", frozenset({"1250"}))
    assert states_any("FitX opens at six.", frozenset({"fitx"}))
    # the word in lower case is no name, and another number is another value
    assert not states_any("It may fit x-large.", frozenset({"fitx"}))
    assert not states_any("We pay 1,350 for the flat.", frozenset({"1250"}))


def test_another_turn_is_cut_only_where_it_speaks_of_the_replaced_claim(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the price replaced, and a later turn that echoes the old price and gives the same number for
    # something else
    ref = said(b, alice, "s1", "e1", SETUP, clock)
    price = card_from(b, alice, "Ines's piano lesson with Mr Halvorsen costs 40 euros", ref)
    _replaced(b, price, "Ines's piano lesson with Mr Halvorsen costs 45 euros since the autumn")
    echo = said(
        b,
        alice,
        "s2",
        "e1",
        "Her bus pass to St Bride's is 40 euros a term. Piano with Mr Halvorsen is still 40 euros, I think.",
        clock,
    )
    card_from(b, alice, "Ines goes to school at St Bride's", echo)

    # WHEN the school card is brought up with its turn quoted
    ctx = build_context(b, "What does Ines's bus pass cost?", alice, 500, QUOTES)

    # THEN the bus pass's own 40 euros is quoted; the echo of the old piano price is not
    assert "bus pass to St Bride's is 40 euros" in ctx.text
    assert "still 40 euros" not in ctx.text


def test_a_value_said_again_by_the_current_card_is_quoted(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the price replaced, then put back: the card current now states the first value again
    ref = said(b, alice, "s1", "e1", SETUP, clock)
    price = card_from(b, alice, "Ines's piano lesson with Mr Halvorsen costs 40 euros", ref)
    raised = _replaced(b, price, "Ines's piano lesson with Mr Halvorsen costs 45 euros since the autumn")
    _replaced(b, raised, "Ines's piano lesson with Mr Halvorsen is back to 40 euros")
    card_from(b, alice, "Ines sings in her school choir", ref)

    # WHEN the choir card is brought up THEN its quote still gives the price, which holds again
    ctx = build_context(b, "Where does Ines's choir rehearse? What does piano cost?", alice, 500, QUOTES)
    assert any("a lesson costs 40 euros" in line and "St Bride's" in line for line in quotes(ctx))
