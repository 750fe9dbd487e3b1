"""The SQL of the embedded note store: its tables, the current-card select, the row of a stored version."""

from __future__ import annotations

import sqlite3
from typing import Any

from reverie.adapters.local.hit_writer import Counts
from reverie.adapters.local.sqlite import Schema, in_chunks, placeholders, to_micros
from reverie.domain.models import MemoryCard, ScopeKind
from reverie.ports import CardQuery

SCHEMA = Schema(
    name="notes",
    application_id=0x52564E31,  # "RVN1"
    version=1,
    statements=(
        """CREATE TABLE IF NOT EXISTS card_versions (
            tenant_id TEXT NOT NULL, memory_id TEXT NOT NULL, version INTEGER NOT NULL,
            user_id TEXT, project_id TEXT, scope TEXT NOT NULL, layer TEXT NOT NULL, type TEXT NOT NULL,
            status TEXT NOT NULL, key TEXT, updated_at INTEGER NOT NULL, card TEXT NOT NULL,
            PRIMARY KEY (tenant_id, memory_id, version)
        ) WITHOUT ROWID""",
        "CREATE INDEX IF NOT EXISTS card_versions_by_user ON card_versions (tenant_id, user_id, scope)",
        "CREATE INDEX IF NOT EXISTS card_versions_by_time ON card_versions (tenant_id, updated_at)",
        # A query by key (recall's records of forgotten topics, a dream's lookup of a key) reads only that
        # key's versions, newest first, instead of walking every version of the tenant by time; keyless
        # versions (most cards) stay out of it.
        "CREATE INDEX IF NOT EXISTS card_versions_by_key ON card_versions (tenant_id, key, updated_at) "
        "WHERE key IS NOT NULL",
        # A query by status (recall's read of the caller's superseded cards for the values they retired)
        # reads only the versions of that status instead of walking every version by time: at 100k cards
        # the walk cost ~450 ms a recall.
        "CREATE INDEX IF NOT EXISTS card_versions_by_status ON card_versions (tenant_id, status, updated_at)",
        """CREATE TRIGGER IF NOT EXISTS card_versions_are_immutable BEFORE UPDATE ON card_versions
        BEGIN SELECT RAISE(ABORT, 'a stored card version is never rewritten: append a new one'); END""",
        """CREATE TABLE IF NOT EXISTS cards_current (
            tenant_id TEXT NOT NULL, memory_id TEXT NOT NULL, version INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, memory_id),
            FOREIGN KEY (tenant_id, memory_id, version) REFERENCES card_versions (tenant_id, memory_id, version)
        ) WITHOUT ROWID""",
        """CREATE TABLE IF NOT EXISTS card_stats (
            tenant_id TEXT NOT NULL, memory_id TEXT NOT NULL,
            hit_count INTEGER NOT NULL DEFAULT 0, last_hit_at INTEGER,
            PRIMARY KEY (tenant_id, memory_id),
            FOREIGN KEY (tenant_id, memory_id) REFERENCES cards_current (tenant_id, memory_id)
        ) WITHOUT ROWID""",
    ),
)

SELECT_CURRENT = (
    "SELECT v.card, s.hit_count, s.last_hit_at, v.tenant_id, v.memory_id, v.version FROM cards_current c "
    "JOIN card_versions v ON v.tenant_id = c.tenant_id AND v.memory_id = c.memory_id AND v.version = c.version "
    "LEFT JOIN card_stats s ON s.tenant_id = c.tenant_id AND s.memory_id = c.memory_id "
)
# The visibility rule of `scope_allows`, in SQL (parameters: user_id, project_id of the caller).
VISIBLE = (
    f"((v.scope = '{ScopeKind.USER.value}' AND v.user_id = ?) "
    f"OR (v.scope = '{ScopeKind.PROJECT.value}' AND v.project_id = ?) "
    f"OR v.scope IN ('{ScopeKind.ORG.value}', '{ScopeKind.GLOBAL.value}'))"
)
CHUNK = 500
INSERT_VERSION = (
    "INSERT INTO card_versions (tenant_id, memory_id, version, user_id, project_id, scope, layer, type, "
    "status, key, updated_at, card) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def version_row(card: MemoryCard) -> tuple[Any, ...]:
    """The `card_versions` row of a stored version: its columns, then the card as JSON."""
    return (
        card.tenant_id,
        card.memory_id,
        card.version,
        card.user_id,
        card.project_id,
        card.scope.value,
        card.layer.value,
        card.type.value,
        card.status.value,
        card.key,
        to_micros(card.updated_at),
        card.model_dump_json(),
    )


def query_sql(query: CardQuery) -> tuple[str, tuple[Any, ...]]:
    """`NoteStore.query`'s statement and parameters: the current cards the caller may see that pass the
    query's filters, newest first (then by id), one page of them."""
    where = ["c.tenant_id = ?", VISIBLE]
    params: list[Any] = [query.scope.tenant_id, query.scope.user_id, query.scope.project_id]
    keys = query.wanted_keys()
    for column, values in (("layer", query.layers), ("type", query.types), ("status", query.statuses)):
        if values is not None:
            # With a key, the key's index is the narrower one: a unary + keeps the status index out of it.
            unindexed = "+" if column == "status" and keys is not None else ""
            where.append(f"{unindexed}v.{column} IN ({placeholders(len(values))})")
            params.extend(sorted(value.value for value in values))
    if keys is not None:
        where.append(f"v.key IN ({placeholders(len(keys))})" if keys else "0")
        params.extend(sorted(keys))
    # With keys, their index rows and a sort of those: left to itself the planner walks every version of
    # the tenant by time to spare the sort of several keys' rows (8 ms a recall at 3k cards).
    select = (
        SELECT_CURRENT.replace(" v ON ", " v INDEXED BY card_versions_by_key ON ") if keys else SELECT_CURRENT
    )
    sql = (
        select + "WHERE " + " AND ".join(where) + " ORDER BY v.updated_at DESC, v.memory_id LIMIT ? OFFSET ?"
    )
    return sql, (*params, query.limit, query.offset)


def apply_hits(conn: sqlite3.Connection, counts: Counts) -> None:
    """Add the buffered counts to the cards' counters (unknown ids ignored), keeping the latest hit time:
    one statement per chunk of a tenant's cards."""
    by_tenant: dict[str, list[tuple[str, int, int]]] = {}
    for (tenant_id, memory_id), (hits, last) in counts.items():
        by_tenant.setdefault(tenant_id, []).append((memory_id, hits, last))
    for tenant_id, rows in by_tenant.items():
        for chunk in in_chunks(rows, CHUNK):
            values = ", ".join(["(?, ?, ?)"] * len(chunk))
            conn.execute(
                f"WITH v (memory_id, hits, last) AS (VALUES {values}) "
                "INSERT INTO card_stats (tenant_id, memory_id, hit_count, last_hit_at) "
                "SELECT c.tenant_id, c.memory_id, v.hits, v.last FROM v JOIN cards_current c "
                "ON c.tenant_id = ? AND c.memory_id = v.memory_id WHERE true "
                "ON CONFLICT (tenant_id, memory_id) DO UPDATE SET hit_count = hit_count + excluded.hit_count, "
                "last_hit_at = MAX(COALESCE(last_hit_at, excluded.last_hit_at), excluded.last_hit_at)",
                (*(value for row in chunk for value in row), tenant_id),
            )
