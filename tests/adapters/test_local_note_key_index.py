"""A query of the SQLite note store by key reads that key's versions only (index `card_versions_by_key`),
not every version of the tenant: recall asks for the user's records of forgotten topics on every request
that quotes a turn, and walking 10^4 keyless versions to find none cost ~30 ms of its CPU a request."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from reverie.adapters.local.note_sql import query_sql
from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Scope, Status
from reverie.ports import CardQuery

SCOPE = Scope(tenant_id="t1", user_id="alice")
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def card(i: int, key: str | None = None, status: Status = Status.VERIFIED) -> MemoryCard:
    at = NOW + timedelta(minutes=i)
    return MemoryCard(
        type=MemoryType.FACT,
        tenant_id=SCOPE.tenant_id,
        user_id=SCOPE.user_id,
        statement=f"Alice noted item number {i}",
        key=key,
        layer=Layer.KNOWLEDGE,
        status=status,
        evidence_refs=[EvidenceRef(session_id="s1", event_id=f"e{i}")],
        created_at=at,
        updated_at=at,
    )


def query_plan(db: Path, query: CardQuery) -> str:
    """How SQLite plans the store's statement for `query`, its steps joined by " | "."""
    sql, params = query_sql(query)
    with sqlite3.connect(db) as conn:
        return " | ".join(row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, params))


def test_a_query_by_key_searches_the_key_index_and_answers_that_keys_cards_newest_first(
    tmp_path: Path,
) -> None:
    # GIVEN a store of many keyless cards and two archived records under one key, among them
    store = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    cards = [card(i) for i in range(300)]
    cards[40] = card(40, key="user.forgotten_topic", status=Status.ARCHIVED)
    cards[250] = card(250, key="user.forgotten_topic", status=Status.ARCHIVED)
    store.create_many(cards)
    query = CardQuery(SCOPE, statuses=frozenset({Status.ARCHIVED}), key="user.forgotten_topic", limit=1000)
    # WHEN SQLite plans the store's statement for that query, and the store answers it
    plan = query_plan(tmp_path / "notes.db", query)
    found = store.query(query)
    store.close()
    # THEN the versions are found through the key index (not by walking the tenant's versions by time)
    assert "card_versions_by_key (tenant_id=? AND key=?)" in plan, plan
    assert "card_versions_by_time" not in plan, plan
    # AND the answer is the key's two cards, newest first
    assert [c.memory_id for c in found] == [cards[250].memory_id, cards[40].memory_id]


def test_a_query_by_status_alone_searches_the_status_index(tmp_path: Path) -> None:
    # GIVEN many verified cards and two superseded ones (recall reads the superseded ones for their retired values)
    store = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    cards = [card(i) for i in range(300)]
    cards[10] = card(10, status=Status.SUPERSEDED)
    cards[200] = card(200, status=Status.SUPERSEDED)
    store.create_many(cards)
    query = CardQuery(SCOPE, layers=frozenset({Layer.KNOWLEDGE}), statuses=frozenset({Status.SUPERSEDED}))
    # WHEN SQLite plans the statement, and the store answers it
    plan = query_plan(tmp_path / "notes.db", query)
    found = store.query(query)
    store.close()
    # THEN the status index finds them (not a walk of every version by time), newest first
    assert "card_versions_by_status (tenant_id=? AND status=?)" in plan, plan
    assert "card_versions_by_time" not in plan, plan
    assert [c.memory_id for c in found] == [cards[200].memory_id, cards[10].memory_id]
