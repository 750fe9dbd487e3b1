"""A request that ends with a fact about someone it names: the request is for now, the fact is kept on its own
with its pronoun read as that person (rule reasoner)."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.request_facts import fact_after_request
from reverie.domain.events import MessageEvent


def test_the_fact_after_a_request_is_kept_with_whose_it_is() -> None:
    # GIVEN requests that end with a fact about the one person they name
    # THEN the fact is split off, "his"/"her" read as that person
    assert fact_after_request("remind me to call Tomás on Friday, his surgery is on the 14th") == (
        "remind me to call Tomás on Friday",
        "Tomás's surgery is on the 14th",
    )
    assert fact_after_request("can you order flowers for Gran, her anniversary falls on 2 June") == (
        "can you order flowers for Gran",
        "Gran's anniversary falls on 2 June",
    )


def test_no_fact_is_split_off_when_whose_it_is_stays_unknown() -> None:
    # GIVEN a pronoun after a request naming two people, a statement that is no request, and a request ending
    # with no one's thing
    # THEN nothing is split off
    assert fact_after_request("book a table for Ana and Ben, her birthday is 3 May") is None
    assert fact_after_request("My sister is lovely, her birthday is 3 May") is None
    assert fact_after_request("send me the report, the deadline is Friday") is None


def test_the_reasoner_keeps_the_fact_and_drops_the_request() -> None:
    # GIVEN a user asking their agent for a reminder that carries a date about someone
    message = MessageEvent(
        event_id="e0",
        session_id="s0",
        tenant_id="t1",
        user_id="kofi",
        ts=datetime(2026, 3, 2, 9, 0, tzinfo=UTC),
        role="user",
        text="remind me to call Tomás on Friday, his surgery is on the 14th",
    )
    analysis = RuleReasoner().analyse([message])
    # THEN the fact is a candidate of its own and the request is dropped as one
    assert [c.statement for c in analysis.candidates] == ["Tomás's surgery is on the 14th."]
    assert [d.reason for d in analysis.dropped] == ["request"]
