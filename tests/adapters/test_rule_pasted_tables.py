"""A comma-separated table the user pastes is read row by row: one card a row, and a later paste of the
same row with another value replaces it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.pasted_tables import read_pasted_tables
from reverie.domain.dream import Candidate
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    Source,
    SourceKind,
    Status,
)
from reverie.ports.models import MergeAction
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 2, 3, 9, 0, tzinfo=UTC))
EXPORT = "code,product,unit_cost_usd,reorder_at\nTB-1,bamboo toothbrush,3.20,50\nSB-4,shampoo bar,7.90,30"


def test_each_row_of_a_pasted_export_is_its_own_card() -> None:
    # GIVEN a CSV export pasted under the user's own words
    said = SESSION.statements(f"My supplier costs, keep them handy:\n{EXPORT}")
    # THEN each row is one card naming its product and its values, the amount in its currency
    assert any(s.startswith("The bamboo toothbrush:") and "$3.20" in s and "TB-1" in s for s in said), said
    assert any(s.startswith("The shampoo bar:") and "$7.90" in s for s in said), said
    assert not any("toothbrush" in s and "shampoo" in s for s in said)


def test_prose_with_commas_is_no_table() -> None:
    text = "We need eggs, milk, bread, butter\nand also tea, sugar, jam, oats"
    assert read_pasted_tables(text) == text


def test_a_carriage_return_inside_a_line_is_no_table_and_no_error() -> None:
    # GIVEN text pasted from a Windows clipboard, where a stray carriage return sits inside a line
    text = "sku,name,price,stock\r extra\nA-1,kettle,19.99,4"
    # THEN it is read as prose, not raised on
    assert read_pasted_tables(text) == text


def test_a_row_pasted_again_with_a_new_price_replaces_the_old_one() -> None:
    # GIVEN the card an earlier paste made of a row
    t0 = datetime(2026, 2, 3, tzinfo=UTC)
    old = SESSION.statements(f"Costs:\n{EXPORT}")[0]
    card = MemoryCard(
        memory_id="m-1",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t1",
        user_id="u1",
        statement=old,
        evidence_refs=[EvidenceRef(session_id="s0", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=t0,
        created_at=t0,
        updated_at=t0,
    )
    # WHEN the same row comes back with another cost
    new = SESSION.statements(
        "New row:\ncode,product,unit_cost_usd,reorder_at\nTB-1,bamboo toothbrush,3.60,50"
    )
    assert len(new) == 1 and "$3.60" in new[0]
    candidate = Candidate(
        type=MemoryType.FACT,
        statement=new[0],
        evidence_refs=[EvidenceRef(session_id="s1", event_id="m1")],
        source=Source(kind=SourceKind.USER),
        observed_at=datetime(2026, 2, 20, tzinfo=UTC),
    )
    # THEN the new row supersedes the old card
    decision = decide(candidate, [card])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
