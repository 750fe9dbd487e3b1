"""The self-audit fuses two held cards an agent wrote in other words about the same amount of the same thing
(the rule: tests/adapters/test_rule_same_amount.py)."""

from __future__ import annotations

from reverie.domain.models import EvidenceRef, MemoryType, Scope
from reverie.services import admin
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import dreamt, live


def hold(b: Backends, alice: Scope, clock: Clock, statements: list[str]) -> None:
    for n, statement in enumerate(statements):
        refs = [EvidenceRef(session_id="api", event_id=f"e{n}")]
        admin.create_memories(
            b, alice, [admin.NewMemory(type=MemoryType.FACT, statement=statement, evidence_refs=refs)]
        )
        clock.advance(days=10)


def test_the_audit_fuses_two_agent_notes_of_the_same_terms(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN an agent that noted a client's payment terms twice, in two sessions, in other words
    hold(
        rules,
        alice,
        clock,
        ["Harbour Press's invoices are payable within 45 days.", "Harbour Press pays on 45-day terms."],
    )
    # WHEN a later dream about something else audits the held cards
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    # THEN one card holds the terms
    terms = [c.statement for c in live(rules, alice) if "45" in c.statement]
    assert len(terms) == 1, terms


def test_the_audit_keeps_two_subjects_with_the_same_terms_apart(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    hold(rules, alice, clock, ["Harbour Press pays on 45-day terms.", "Quayside Print pays on 45-day terms."])
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    assert len([c for c in live(rules, alice) if "45" in c.statement]) == 2
