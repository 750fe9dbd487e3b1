"""A system's listing read field by field ("OCTOPUS ENERGY's amount: 118.50") puts right the card the person wrote
about the same payee in their own words ("Energy: Octopus Energy, £96 a month, taken on the 3rd"): the listed
amount and day replace the card's, the rest of the card kept; a card already saying the value is confirmed;
a card about another payee, or one saying two amounts, is left alone."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

ENERGY = "Energy: Octopus Energy, £96 a month, taken on the 3rd."


@pytest.mark.parametrize(
    ("field", "key", "now"),
    [
        ("OCTOPUS ENERGY's amount: 118.50.", "octopus_energy.amount", "Energy: Octopus Energy, £118.50 a month, taken on the 3rd."),
        ("OCTOPUS ENERGY's payment day: 28.", "octopus_energy.payment_day", "Energy: Octopus Energy, £96 a month, taken on the 28th."),
    ],
)  # fmt: skip
def test_a_listed_value_puts_the_persons_card_right(field: str, key: str, now: str) -> None:
    # GIVEN the person's own card about a direct debit
    card = held(ENERGY)
    # WHEN the bank's listing gives another amount or day for that payee
    decision = decide(cand(field, key), [card])
    # THEN the card is replaced by itself with the listed value
    assert (decision.action, decision.target_id, decision.statement) == (MergeAction.SUPERSEDE, "m-1", now)


def test_the_same_value_listed_confirms_the_card() -> None:
    decision = decide(cand("OCTOPUS ENERGY's amount: 96.00.", "octopus_energy.amount"), [held(ENERGY)])
    assert (decision.action, decision.target_id) == (MergeAction.NOOP, "m-1")


@pytest.mark.parametrize(
    "card",
    [
        "Broadband: Zen Internet, £32 a month, taken on the 3rd.",  # another payee
        "Energy: Octopus Energy, £96 a month in winter and £61 in summer.",  # which amount is it?
    ],
)
def test_other_cards_are_left_alone(card: str) -> None:
    # GIVEN a card that names another payee, or two amounts
    # WHEN the listing gives the payee's amount
    decision = decide(cand("OCTOPUS ENERGY's amount: 118.50.", "octopus_energy.amount"), [held(card)])
    # THEN the card is not rewritten: the field is a card of its own
    assert decision.action is MergeAction.ADD
