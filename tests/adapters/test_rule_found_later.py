"""A lookup that failed ("not found") and a later one that found the thing: the record a system names by its
own field ("account", "company_name") is read, and the failure is retired instead of living on as a fact
that the thing does not exist."""

from __future__ import annotations

import json

from reverie.adapters.local.rules.found_later import found_later
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.records import read_records
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

_FAILED = "Billing.find_customer failed: 404 customer not found: 'Hollins & Daughters'."


def test_a_record_named_by_its_company_field_is_read() -> None:
    # GIVEN a registry's record with no "name" field, only the company it is of
    output = json.dumps({"company_name": "Pemberly Foods", "ref": "C-118", "contact": "Ines Duarte"})
    # THEN its fields are facts about that company
    records = read_records(output)
    assert records is not None and [(f.subject, f.label, f.value) for f in records[0]] == [
        ("Pemberly Foods", "contact", "Ines Duarte")
    ]


def test_a_party_an_order_only_mentions_does_not_name_it() -> None:
    # NEGATIVE: an order's customer is who it is for, not what the record is of
    assert read_records(json.dumps({"customer": "Ines Duarte", "total": "41.20"})) == []


def test_a_later_record_of_the_thing_retires_the_not_found_failure() -> None:
    # GIVEN a held failure saying the customer was not found
    failure = held(_FAILED, key="failure.billing.find_customer.customer-not-found-hollins")
    # WHEN a week on a record says who handles that customer
    decision = decide(cand("Hollins & Daughters's billing contact: Ruth Okafor."), [failure])
    # THEN the failure is retired (the candidate is kept on its own)
    assert decision.action is MergeAction.RETIRE and decision.target_id == "m-1"


def test_a_later_claim_that_it_is_still_missing_retires_nothing() -> None:
    # NEGATIVE: the thing is said to be missing again
    failure = held(_FAILED, key="failure.billing.find_customer.customer-not-found-hollins")
    assert found_later(cand("Hollins & Daughters is still not found in billing."), [failure]) is None


def test_a_claim_about_another_thing_or_an_older_one_retires_nothing() -> None:
    failure = held(_FAILED, key="failure.billing.find_customer.customer-not-found-hollins")
    # NEGATIVE: another customer found says nothing of this one
    assert found_later(cand("Marston Ltd's billing contact: Ruth Okafor."), [failure]) is None
    # NEGATIVE: a claim made before the failure is not put right by it, nor does it put it right
    earlier = cand("Hollins & Daughters's billing contact: Ruth Okafor.", days=-3)
    assert found_later(earlier, [failure]) is None
    # NEGATIVE: a held card that is no tool failure is never retired this way
    plain = held("The customer Hollins & Daughters was not found at the old address.")
    assert found_later(cand("Hollins & Daughters's billing contact: Ruth Okafor."), [plain]) is None


def test_an_error_of_unknown_cause_says_nothing_is_missing() -> None:
    # NEGATIVE: "unknown error" names no thing that was not there
    failure = held(
        "Sync.push failed: unknown error calling 'ledger-eu'.", key="failure.sync.push.unknown-error"
    )
    assert found_later(cand("ledger-eu's region: Frankfurt."), [failure]) is None
