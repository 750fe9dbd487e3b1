"""A thing's "'s" before an article, a number, "not" or a place ("the kiln's a Skutt", "the van's in the
garage") is "is", so the clause is read as a statement about that thing; a possessive ("the kiln's lid")
stays. An aside closing a clause ("..., btw, ...") is not part of the stored statement."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.contracted_is import is_written_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 9, 21, 0, tzinfo=UTC))


def test_a_detail_about_a_thing_with_a_contracted_is_is_kept_without_the_aside() -> None:
    # GIVEN a later detail typed as chat does: "the X's a ...", an aside, a second clause
    said = SESSION.statements(
        "the kiln's a 40-litre Rohde TE 40 btw, it sits in the garage on its own circuit"
    )
    # THEN it is kept, as plain English, without the aside
    assert len(said) == 1
    assert said[0].startswith("The kiln is a 40-litre Rohde TE 40")
    assert "btw" not in said[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the van's in the garage", "the van is in the garage"),
        ("this flat's not damp", "this flat is not damp"),
        ("The bike's a 2019 Brompton", "The bike is a 2019 Brompton"),
        ("my van's in the garage", "my van is in the garage"),
        ("our nan's a retired midwife", "our nan is a retired midwife"),
    ],
)
def test_a_things_s_before_what_cannot_be_owned_is_is(text: str, expected: str) -> None:
    assert is_written_out(text) == expected


@pytest.mark.parametrize(
    "text",
    ["the kiln's lid cracked", "the dog's lead is red", "Ana's a nurse", "my van's roof rack is rusty"],
)
def test_a_possessive_and_other_subjects_are_left_alone(text: str) -> None:
    assert is_written_out(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("council tax's £142 a month", "council tax is £142 a month"),
        ("ok. gym's £24 a month now", "ok. gym is £24 a month now"),
        ("my phone bill's $40", "my phone bill is $40"),
    ],
)
def test_a_things_s_before_a_price_is_is(text: str, expected: str) -> None:
    assert is_written_out(text) == expected


def test_an_amount_said_with_a_contracted_is_is_kept() -> None:
    # GIVEN the user's own cost, typed without "my" and with "'s" for "is"
    said = SESSION.statements("make me a savings plan. mortgage's £890 a month to Nationwide")
    # THEN the amount is kept as a statement
    assert any("£890 a month" in s for s in said)


def test_a_name_before_a_price_stays_possessive() -> None:
    assert is_written_out("I found Tom's £20 note") == "I found Tom's £20 note"
