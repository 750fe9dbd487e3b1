"""The statements of a write to the embedded note store, run inside its write transaction.

The store opens the transaction (which first applies the buffered hits, under the connection's lock) and
calls these; each keeps `ParsedCards` in step with what it writes: a version written is put there as
parsed (the next read parses nothing), a card removed is forgotten.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from reverie.adapters.local.card_cache import ParsedCards
from reverie.adapters.local.note_sql import CHUNK, INSERT_VERSION, version_row
from reverie.adapters.local.sqlite import ids_by_tenant, in_chunks, placeholders, to_micros
from reverie.domain.errors import AlreadyExists, NotFound, VersionConflict
from reverie.domain.models import MemoryCard

INSERT_CURRENT = "INSERT INTO cards_current (tenant_id, memory_id, version) VALUES (?, ?, 1)"
INSERT_STATS = "INSERT INTO card_stats (tenant_id, memory_id, hit_count, last_hit_at) VALUES (?, ?, ?, ?)"


def current_version(conn: sqlite3.Connection, tenant_id: str, memory_id: str) -> int | None:
    row = conn.execute(
        "SELECT version FROM cards_current WHERE tenant_id = ? AND memory_id = ?", (tenant_id, memory_id)
    ).fetchone()
    return None if row is None else int(row[0])


def check_current(conn: sqlite3.Connection, tenant_id: str, memory_id: str, expected: int) -> None:
    """`NotFound` if the card is not held, `VersionConflict` if its current version is not `expected`."""
    actual = current_version(conn, tenant_id, memory_id)
    if actual is None:
        raise NotFound(f"memory {memory_id} not found")
    if actual != expected:
        raise VersionConflict(memory_id, expected, actual)


def insert_new(conn: sqlite3.Connection, parsed: ParsedCards, stored: MemoryCard, given: MemoryCard) -> None:
    """Store `stored` as version 1 of a new card, its counters seeded from `given`; a taken id raises
    `AlreadyExists`."""
    if current_version(conn, stored.tenant_id, stored.memory_id) is not None:
        raise AlreadyExists(f"memory {stored.memory_id} already exists; update it or pick another id")
    try:
        _insert_version(conn, parsed, stored)
        conn.execute(INSERT_CURRENT, (stored.tenant_id, stored.memory_id))
    except sqlite3.IntegrityError as exc:
        raise AlreadyExists(f"memory {stored.memory_id} already exists") from exc
    last_hit = to_micros(given.last_hit_at) if given.last_hit_at is not None else None
    conn.execute(INSERT_STATS, (stored.tenant_id, stored.memory_id, given.hit_count, last_hit))


def insert_many(
    conn: sqlite3.Connection,
    parsed: ParsedCards,
    stored: Sequence[MemoryCard],
    counters: Sequence[tuple[int, datetime | None]],
) -> None:
    """Store each of `stored` (distinct ids) as version 1 of a new card, with its (hit_count, last_hit_at):
    one lookup per chunk of ids and one `executemany` per table. Any id taken raises `AlreadyExists`."""
    taken = _taken(conn, stored)
    if taken:
        raise AlreadyExists(f"memory {taken} already exists; update it or pick another id")
    rows = [version_row(card) for card in stored]
    try:
        conn.executemany(INSERT_VERSION, rows)
        conn.executemany(INSERT_CURRENT, [(card.tenant_id, card.memory_id) for card in stored])
    except sqlite3.IntegrityError as exc:  # unreachable while the lookup above holds
        raise AlreadyExists(f"a memory of this batch already exists: {exc}") from exc
    conn.executemany(
        INSERT_STATS,
        [
            (card.tenant_id, card.memory_id, hits, None if last is None else to_micros(last))
            for card, (hits, last) in zip(stored, counters, strict=True)
        ],
    )
    for card, row in zip(stored, rows, strict=True):  # parsed already: kept for the first read
        parsed.put(card.tenant_id, card.memory_id, card.version, row[-1], card)


def append(conn: sqlite3.Connection, parsed: ParsedCards, stored: MemoryCard) -> None:
    """Store `stored` as the card's next version and make it the current one (its version checked first)."""
    try:
        _insert_version(conn, parsed, stored)
    except sqlite3.IntegrityError as exc:  # unreachable while the version check before it holds
        raise VersionConflict(stored.memory_id, stored.version - 1, None) from exc
    conn.execute(
        "UPDATE cards_current SET version = ? WHERE tenant_id = ? AND memory_id = ?",
        (stored.version, stored.tenant_id, stored.memory_id),
    )


def remove(conn: sqlite3.Connection, parsed: ParsedCards, tenant_id: str, memory_ids: Sequence[str]) -> None:
    """Delete every version, the pointer and the counters of these cards, and forget them parsed."""
    parsed.forget(tenant_id, memory_ids)
    for chunk in in_chunks(memory_ids, CHUNK):
        marks = placeholders(len(chunk))
        for table in ("card_stats", "cards_current", "card_versions"):
            conn.execute(
                f"DELETE FROM {table} WHERE tenant_id = ? AND memory_id IN ({marks})", (tenant_id, *chunk)
            )


def _insert_version(conn: sqlite3.Connection, parsed: ParsedCards, card: MemoryCard) -> None:
    row = version_row(card)
    conn.execute(INSERT_VERSION, row)
    parsed.put(card.tenant_id, card.memory_id, card.version, row[-1], card)  # the version read next


def _taken(conn: sqlite3.Connection, cards: Sequence[MemoryCard]) -> str | None:
    """The first of these cards' ids that is held already (one lookup per chunk of ids), or None."""
    for tenant_id, chunk in ids_by_tenant(((card.tenant_id, card.memory_id) for card in cards), CHUNK):
        row = conn.execute(
            "SELECT memory_id FROM cards_current "
            f"WHERE tenant_id = ? AND memory_id IN ({placeholders(len(chunk))}) ORDER BY memory_id LIMIT 1",
            (tenant_id, *chunk),
        ).fetchone()
        if row is not None:
            return str(row[0])
    return None
