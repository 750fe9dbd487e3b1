"""L2/L3 memory cards in an embedded SQLite file: versioned, optimistically locked, never overwritten."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from reverie.adapters.local.card_cache import ParsedCards
from reverie.adapters.local.hit_writer import HitWriter
from reverie.adapters.local.note_sql import CHUNK, SCHEMA, SELECT_CURRENT, apply_hits, query_sql
from reverie.adapters.local.note_writes import (
    append,
    check_current,
    current_version,
    insert_many,
    insert_new,
    remove,
)
from reverie.adapters.local.sqlite import (
    MEMORY,
    SqliteDatabase,
    from_micros,
    in_chunks,
    placeholders,
    to_micros,
)
from reverie.domain.card_versions import prepare_version
from reverie.domain.errors import AlreadyExists, InvalidRequest, NotFound
from reverie.domain.models import STORED_CARD, MemoryCard, ScopeKind, Status, utcnow
from reverie.ports import CardQuery, NoteStore


def _card(row: tuple[str, int | None, int | None]) -> MemoryCard:
    body, hits, last_hit = row
    return MemoryCard.model_validate_json(body, context=STORED_CARD).model_copy(
        update={
            "hit_count": hits or 0,
            "last_hit_at": from_micros(last_hit) if last_hit is not None else None,
        }
    )


class SqliteNoteStore(NoteStore):
    """The `NoteStore` contract on SQLite.

    `card_versions` holds every version (primary key tenant, memory_id, version; a trigger aborts any
    UPDATE, so a stored version is never rewritten); `cards_current` points at each card's current
    version; `card_stats` keeps hit_count / last_hit_at beside them. `update` and `supersede` check the
    current version and write inside one BEGIN IMMEDIATE transaction, so of concurrent writers that
    read the same version exactly one wins and the others get `VersionConflict`.
    Choices the other adapters mirror:
    - `create` stores the card's own `created_at`/`updated_at` at version 1 and seeds the counters from
      its `hit_count`/`last_hit_at`; `update` and the retiring version of `supersede` stamp `updated_at`
      with the clock. `update` of an unknown card raises `NotFound`.
    - Every card read (`get`, `get_many`, `history`, `query`) carries the card's current counters.
    - `record_hits` counts each listed card once per call and ignores unknown ids; `get_many` returns
      each asked id once.
    - A card that fails validation (e.g. built with `model_copy`) raises `InvalidRequest`; `supersede`
      across tenants raises `InvalidRequest`, onto a taken id `AlreadyExists`; nothing is written.
    - `query` orders by `updated_at` newest first, then `memory_id`; an empty filter set matches nothing.
    - `delete_user` removes every card that has any version scoped to the user.
    The current versions read are parsed once and kept (`parsed`, by default `ParsedCards()`), checked
    against the row read each time and dropped by every write or delete of their card; `get_many` serves
    them without reading their rows while nothing else can have changed the file (`_unchanged`).
    """

    def __init__(
        self,
        path: str | Path = MEMORY,
        clock: Callable[[], datetime] = utcnow,
        busy_timeout_ms: int = 5_000,
        parsed: ParsedCards | None = None,
    ) -> None:
        self._db = SqliteDatabase(path, SCHEMA, busy_timeout_ms, background=True)
        self._clock = clock
        self._parsed = parsed if parsed is not None else ParsedCards()
        self._hits = HitWriter(self._db, apply_hits, committed=self._hits_committed)
        self._seen: tuple[int, int] | None = None  # (data_version, rollbacks) when trust was last checked

    def close(self) -> None:
        try:
            self._hits.close()
        finally:
            self._db.close()

    def compact(self) -> bool:
        self._hits.flush()
        return self._db.checkpoint()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that first applies the hits still buffered (`hit_writer`): in call order."""
        with self._db.write() as conn:
            self._hits.apply_pending(conn)
            yield conn

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction (cards read in it get the buffered hits through `_counted`)."""
        with self._db.read() as conn:
            yield conn

    def _hits_committed(self, before: int, after: int) -> None:
        """The hit writer's COMMIT (on its own connection) changed no card: cards trusted before it stay
        trusted (`_unchanged`), unless another connection had committed since the last check."""
        if self._seen == (before, self._db.rollbacks):
            self._seen = (after, self._db.rollbacks)

    def _counted(self, tenant_id: str, cards: list[MemoryCard]) -> list[MemoryCard]:
        """The cards with the hits still buffered counted in (`HitWriter.pending_for`); called under the
        connection's lock, so none is counted twice or missed by a flush in between."""
        pending = self._hits.pending_for(tenant_id, (card.memory_id for card in cards))
        if not pending:
            return cards
        counted = []
        for card in cards:
            if (extra := pending.get(card.memory_id)) is not None:
                last = from_micros(extra[1])
                card = card.model_copy(
                    update={
                        "hit_count": card.hit_count + extra[0],
                        "last_hit_at": last if card.last_hit_at is None else max(card.last_hit_at, last),
                    }
                )
            counted.append(card)
        return counted

    # --- writes -----------------------------------------------------------------------------------

    def create(self, card: MemoryCard) -> MemoryCard:
        stored = prepare_version(card, 1, card.updated_at)
        with self._write() as conn:
            insert_new(conn, self._parsed, stored, card)
            return self._read_one(conn, card.tenant_id, card.memory_id)

    def create_many(self, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
        """All the cards in one transaction: all stored, or none (an id taken or given twice).

        A bulk write is a few statements, not a few per card: the ids are looked up together and each
        table takes its rows in one `executemany`. The cards answered are the stored versions with the
        counters seeded from the given cards, what reading them back would give, without that read."""
        stored = [prepare_version(card, 1, card.updated_at) for card in cards]
        seen: set[tuple[str, str]] = set()
        for card in stored:
            if (card.tenant_id, card.memory_id) in seen:
                raise AlreadyExists(
                    f"memory {card.memory_id} is given twice in one batch; give each its own id"
                )
            seen.add((card.tenant_id, card.memory_id))
        # the counters as `card_stats` keeps them (microseconds) and a read gives them back (UTC)
        counters = [
            (c.hit_count, None if c.last_hit_at is None else from_micros(to_micros(c.last_hit_at)))
            for c in cards
        ]
        with self._write() as conn:
            insert_many(conn, self._parsed, stored, counters)
        return [
            card
            if (hits, last) == (card.hit_count, card.last_hit_at)
            else card.model_copy(update={"hit_count": hits, "last_hit_at": last})
            for card, (hits, last) in zip(stored, counters, strict=True)
        ]

    def update(self, card: MemoryCard, expected_version: int) -> MemoryCard:
        with self._write() as conn:
            check_current(conn, card.tenant_id, card.memory_id, expected_version)
            append(conn, self._parsed, prepare_version(card, expected_version + 1, self._clock()))
            return self._read_one(conn, card.tenant_id, card.memory_id)

    def supersede(self, old: MemoryCard, new: MemoryCard) -> tuple[MemoryCard, MemoryCard]:
        if old.tenant_id != new.tenant_id:
            raise InvalidRequest("a card can only be superseded by a card of the same tenant")
        new_stored = prepare_version(new.model_copy(update={"supersedes": old.memory_id}), 1, new.updated_at)
        retired = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": new.memory_id})
        with self._write() as conn:
            check_current(conn, old.tenant_id, old.memory_id, old.version)
            insert_new(conn, self._parsed, new_stored, new)
            append(conn, self._parsed, prepare_version(retired, old.version + 1, self._clock()))
            return (
                self._read_one(conn, old.tenant_id, old.memory_id),
                self._read_one(conn, new.tenant_id, new.memory_id),
            )

    def record_hits(self, tenant_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        """Buffered and written by a writer thread, off the caller's path (`hit_writer`); every read and
        write of this store applies them first."""
        self._hits.add(tenant_id, dict.fromkeys(memory_ids), to_micros(at))

    def delete(self, tenant_id: str, memory_id: str) -> None:
        with self._write() as conn:
            if current_version(conn, tenant_id, memory_id) is None:
                raise NotFound(f"memory {memory_id} not found")
            remove(conn, self._parsed, tenant_id, [memory_id])

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._write() as conn:
            rows = conn.execute(
                "SELECT DISTINCT memory_id FROM card_versions WHERE tenant_id = ? AND user_id = ? AND scope = ?",
                (tenant_id, user_id, ScopeKind.USER.value),
            ).fetchall()
            memory_ids = [memory_id for (memory_id,) in rows]
            remove(conn, self._parsed, tenant_id, memory_ids)
        return len(memory_ids)

    def shared_by(self, tenant_id: str, user_id: str) -> list[str]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT memory_id FROM card_versions WHERE tenant_id = ? AND user_id = ? AND scope != ? "
                "ORDER BY memory_id",
                (tenant_id, user_id, ScopeKind.USER.value),
            ).fetchall()
        return [memory_id for (memory_id,) in rows]

    # --- reads ------------------------------------------------------------------------------------

    def get(self, tenant_id: str, memory_id: str) -> MemoryCard:
        with self._read() as conn:
            return self._counted(tenant_id, [self._read_one(conn, tenant_id, memory_id)])[0]

    def get_many(self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True) -> list[MemoryCard]:
        wanted = list(dict.fromkeys(memory_ids))
        # One statement reads one snapshot on its own: no BEGIN and COMMIT around it (recall reads 3 a request).
        with self._db.autocommit() if len(wanted) <= CHUNK else self._db.read() as conn:
            found = self._unchanged(conn, tenant_id, wanted)
            for chunk in in_chunks([m for m in wanted if m not in found], CHUNK):
                rows = conn.execute(
                    SELECT_CURRENT + f"WHERE c.tenant_id = ? AND c.memory_id IN ({placeholders(len(chunk))})",
                    (tenant_id, *chunk),
                ).fetchall()
                found.update((card.memory_id, card) for card in map(self._current, rows))
            cards = [found[m] for m in wanted if m in found]
            return self._counted(tenant_id, cards) if counters else cards

    def _unchanged(
        self, conn: sqlite3.Connection, tenant_id: str, wanted: list[str]
    ) -> dict[str, MemoryCard]:
        """The wanted cards held parsed that nothing can have changed since their rows were read: no other
        connection committed to the file since (`PRAGMA data_version`), this one rolled nothing back, and
        every write of this store puts or forgets what it writes. Recall reads ~45 cards a question: served
        so on LoCoMo dev, its CPU fell 7.6 -> 6.9 ms a question (same process, interleaved)."""
        seen = (conn.execute("PRAGMA data_version").fetchone()[0], self._db.rollbacks)
        if seen != self._seen:
            self._parsed.distrust()
            self._seen = seen
        return self._parsed.trusted(tenant_id, wanted)

    def history(self, tenant_id: str, memory_id: str) -> list[MemoryCard]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT v.card, s.hit_count, s.last_hit_at FROM card_versions v "
                "LEFT JOIN card_stats s ON s.tenant_id = v.tenant_id AND s.memory_id = v.memory_id "
                "WHERE v.tenant_id = ? AND v.memory_id = ? ORDER BY v.version",
                (tenant_id, memory_id),
            ).fetchall()
            if not rows:
                raise NotFound(f"memory {memory_id} not found")
            return self._counted(tenant_id, [_card(row) for row in rows])

    def query(self, query: CardQuery) -> list[MemoryCard]:
        if query.limit < 0 or query.offset < 0:
            raise InvalidRequest("limit and offset must not be negative")
        if any(f is not None and not f for f in (query.layers, query.types, query.statuses, query.keys)):
            return []  # a filter that admits nothing
        sql, params = query_sql(query)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
            return self._counted(query.scope.tenant_id, [self._current(row) for row in rows])

    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        with self._read() as conn:
            rows = conn.execute(
                "SELECT v.user_id, COUNT(*) FROM cards_current c JOIN card_versions v ON v.tenant_id = c.tenant_id "
                "AND v.memory_id = c.memory_id AND v.version = c.version "
                "WHERE c.tenant_id = ? AND v.scope = ? GROUP BY v.user_id ORDER BY v.user_id",
                (tenant_id, ScopeKind.USER.value),
            ).fetchall()
        return {user_id: count for user_id, count in rows}

    # --- primitives (always inside a transaction; the writes are in `note_writes`) ---------------

    def _read_one(self, conn: sqlite3.Connection, tenant_id: str, memory_id: str) -> MemoryCard:
        row = conn.execute(
            SELECT_CURRENT + "WHERE c.tenant_id = ? AND c.memory_id = ?", (tenant_id, memory_id)
        ).fetchone()
        if row is None:
            raise NotFound(f"memory {memory_id} not found")
        return self._current(row)

    def _current(self, row: tuple[str, int | None, int | None, str, str, int]) -> MemoryCard:
        """A row of `SELECT_CURRENT` as a card, parsed once per version read (`ParsedCards`)."""
        body, hits, last_hit, tenant_id, memory_id, version = row
        last_hit_at = from_micros(last_hit) if last_hit is not None else None
        return self._parsed.card(tenant_id, memory_id, version, body, hits or 0, last_hit_at)
