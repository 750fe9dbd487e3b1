"""A cleft sentence ("It's the Leith office we moved to, not Haymarket") singles one named thing out; said
plainly it is a statement about the speaker ("we moved to the Leith office, not Haymarket"), not one about an
unknown "it". A sentence that singles out nothing named ("It's a pity we left") stays as it is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.clefts import uncleft
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 10, 20, 17, 45, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("It's the Leith office we moved to, not Haymarket.", "We moved to the Leith office, not Haymarket."),
        ("It was Priya I trained with in March.", "I trained with Priya in March."),
        ("It is Thursdays I swim, not Fridays.", "I swim Thursdays, not Fridays."),
        ("It's flat 9C we rent from them.", "We rent flat 9C from them."),
        ("It's Gdansk I've been flying into since June.", "I've been flying into Gdansk since June."),
    ],
)
def test_a_cleft_singling_out_a_named_thing_is_said_plainly(said: str, plain: str) -> None:
    assert uncleft(said) == plain


@pytest.mark.parametrize(
    "said",
    [
        "It's a pity we left so early.",
        "It's the last time I lend him money.",
        "It is what it is.",
        "It's not Leith we moved to.",
        "It was raining when we landed in Oslo.",
    ],
)
def test_a_sentence_singling_out_nothing_named_is_no_cleft(said: str) -> None:
    assert uncleft(said) is None


def test_the_cleft_is_kept_as_the_speakers_statement() -> None:
    # GIVEN the speaker singling out where they moved, in a cleft
    (statement,) = S.statements("It's the Leith office we moved to last spring, not Haymarket.")
    # THEN the card says it of the speaker, with no "it" left in it
    assert statement.startswith("We moved to the Leith office") or "moved to the Leith office" in statement
    assert not statement.startswith("It")
