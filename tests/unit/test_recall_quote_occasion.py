"""A sentence scoped to the occasion it was said on ("just for this order, gift-wrap it") holds for that occasion
only: no card keeps it, and recall's quote of the turn it was said in leaves it out, so another card citing
the same turn does not bring it back. A scope that outlives the occasion ("for this project only") stays."""

from __future__ import annotations

import pytest

from reverie.domain.models import Scope
from reverie.domain.occasion import for_the_occasion
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.test_recall_cited_turns import QUOTES, card_from, quotes, said


def test_a_quote_leaves_out_what_was_said_for_that_occasion_only(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN one message: an order detail for that order only, a standing habit, and a detail that lasts
    ref = said(
        b,
        alice,
        "s1",
        "e1",
        "Order the blue mugs again. Just for this order, gift-wrap them in red paper. "
        "I always pay by bank transfer. My account number ends in 4471.",
        clock,
    )
    card_from(b, alice, "Alice always pays by bank transfer", ref)

    # WHEN a later question brings the card up with its quote
    ctx = build_context(b, "How does Alice pay for orders?", alice, 400, QUOTES)

    # THEN the quote keeps the lasting detail and leaves out the one-off wrapping
    assert len(quotes(ctx)) == 1
    assert "4471" in ctx.text and "gift-wrap" not in ctx.text


@pytest.mark.parametrize(
    ("text", "one_off"),
    [
        ("just 4 this trip it needs a gym", True),
        ("for this email only, sign it from both of us", True),
        ("for this project only, use tabs", False),
        ("this week only I'm in Ghent", False),
        ("I always fly from Gatwick", False),
    ],
)
def test_what_is_scoped_to_the_occasion(text: str, one_off: bool) -> None:
    # GIVEN a sentence WHEN its scope is read THEN only the occasion's own scope is a one-off
    assert for_the_occasion(text) is one_off
