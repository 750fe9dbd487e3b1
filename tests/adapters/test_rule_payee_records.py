"""A bank's listing of standing payments names each by its payee: each field is a fact about that payment
(its amount, its collection day), not a record with no name that says nothing."""

from __future__ import annotations

import json

from reverie.adapters.local.rules.records import read_records


def test_a_direct_debit_listing_is_read_by_payee() -> None:
    # GIVEN a bank's direct debits, each named only by its payee
    output = json.dumps(
        [
            {"payee": "NORTHDALE ENERGY", "amount": "88.40", "currency": "GBP", "collection_day": 3},
            {"payee": "RIVERTON LIBRARY", "amount": "4.00", "currency": "GBP", "collection_day": 12},
        ]
    )
    # THEN each record is of its payee, its amount and day facts about it
    records = read_records(output)
    assert records is not None and len(records) == 2
    energy = {f.label: f.value for f in records[0]}
    assert records[0][0].subject == "NORTHDALE ENERGY"
    assert energy["amount"] == "88.40" and energy["collection day"] == "3"


def test_a_record_naming_nothing_is_still_not_read() -> None:
    # NEGATIVE: a payment record with no field naming what it is of says nothing about anything
    assert read_records(json.dumps([{"amount": "12.00", "currency": "GBP", "collection_day": 9}])) == []
