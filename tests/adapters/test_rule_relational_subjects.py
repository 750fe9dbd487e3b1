"""A clause whose definite subject is a relational noun (a noun that is always something's: a book's author,
a car's model, a flat's owner, a thing's price) depends on what the speaker just named: it is never a card of
its own that has lost whose it is. A clause naming a thing of its own ("the boiler is a Worcester combi")
still is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.named_things import names_its_subject
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 2, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "thing", "value"),
    [
        (
            "I'm listening to Piranesi on audiobook, and the narrator is Chiwetel Ejiofor.",
            "Piranesi",
            "Ejiofor",
        ),
        ("We finally watched Aftersun last night, and the director is Charlotte Wells.", "Aftersun", "Wells"),
        (
            "I put a deposit on a flat on Harrow Lane in Bristol, and the landlord is Mr Okonkwo.",
            "Harrow",
            "Okonkwo",
        ),
        (
            "I bought a Brompton folding bike second-hand in Hove, and the seller is Mr Daly.",
            "Brompton",
            "Daly",
        ),
        (
            "I've ordered a Kindle Paperwhite for my commute, and the colour is Agave Green.",
            "Kindle",
            "Agave",
        ),
    ],
)
def test_a_relational_subject_keeps_the_thing_it_is_of(text: str, thing: str, value: str) -> None:
    # GIVEN the speaker names a thing, then ", and the <relational noun> is <Name>"
    said = SESSION.statements(text)
    # THEN no card gives the value without the thing it belongs to
    assert any(value in s for s in said)
    assert all(thing in s for s in said if value in s)


def test_a_thing_of_its_own_after_a_first_person_fact_is_still_its_own_card() -> None:
    # negative: a sortal noun named by brand after a complete clause is still read apart (a749a92)
    said = SESSION.statements(
        "Our council tax is £128 a month in band C, and the fridge freezer is a Hotpoint from the landlord."
    )
    assert len(said) == 2
    assert any(s.startswith("The fridge freezer is a Hotpoint") for s in said)


@pytest.mark.parametrize(
    ("clause", "names"),
    [
        ("the author is Ottessa Moshfegh", False),
        ("the owners are Mr and Mrs Quayle", False),
        ("the price was £40", False),
        ("the washing machine is a Miele", True),
        ("the childminder is Auntie Bea", True),
    ],
)
def test_a_relational_noun_is_not_a_thing_named_on_its_own(clause: str, names: bool) -> None:
    assert names_its_subject(clause) is names
