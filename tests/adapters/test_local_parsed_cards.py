"""The SQLite note store keeps the cards it parsed (adapters/local/card_cache.py): a read must still return
exactly what is stored now, never a version rewritten, deleted, or deleted and written again under the same
id (by this store or by another process on the same file), and forgetting a user must leave none of their
cards in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from reverie.adapters.local.card_cache import ParsedCards
from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.domain.errors import NotFound, VersionConflict
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Status
from reverie.services.forget import delete_user
from tests.fakes.backends import fake_backends

T = "t1"
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def card(statement: str, user: str = "alice", memory_id: str | None = None) -> MemoryCard:
    fields = {"memory_id": memory_id} if memory_id else {}
    return MemoryCard(
        type=MemoryType.FACT,
        tenant_id=T,
        user_id=user,
        statement=statement,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        created_at=NOW,
        updated_at=NOW,
        **fields,
    )


@pytest.fixture
def parsed() -> ParsedCards:
    return ParsedCards()


@pytest.fixture
def store(tmp_path: Path, parsed: ParsedCards) -> SqliteNoteStore:
    return SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW, parsed=parsed)


def test_cards_read_through_the_cache_are_the_cards_read_without_it(tmp_path: Path) -> None:
    # GIVEN cards, some with hits, read once by a caching store (so parsed and kept)
    cached = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    written = cached.create_many([card(f"Alice likes colour number {i}") for i in range(12)])
    ids = [c.memory_id for c in written]
    cached.get_many(T, ids)
    cached.record_hits(T, ids[:5], NOW)
    # WHEN they are read again, and (once the hits are written) read by a store that keeps nothing
    again = cached.get_many(T, ids)
    cached.close()
    plain = SqliteNoteStore(tmp_path / "notes.db", parsed=ParsedCards(0)).get_many(T, ids)
    # THEN both reads are the same cards, counters included
    assert again == plain
    assert [c.hit_count for c in again] == [1] * 5 + [0] * 7
    assert again[0].last_hit_at == NOW


def test_an_update_is_read_at_its_new_version(store: SqliteNoteStore) -> None:
    # GIVEN a card read (so kept)
    first = store.create(card("Alice lives in Lyon"))
    assert store.get(T, first.memory_id).statement == "Alice lives in Lyon"
    # WHEN it is revised
    store.update(first.model_copy(update={"statement": "Alice lives in Porto"}), first.version)
    # THEN a read returns the new version
    now = store.get(T, first.memory_id)
    assert (now.version, now.statement) == (2, "Alice lives in Porto")
    assert store.get_many(T, [first.memory_id]) == [now]


def test_a_superseded_card_and_its_successor_read_as_stored(store: SqliteNoteStore) -> None:
    old = store.create(card("Alice works at Acme"))
    store.get(T, old.memory_id)
    retired, new = store.supersede(old, card("Alice works at Initech"))
    assert store.get(T, old.memory_id).status is Status.SUPERSEDED
    assert store.get(T, new.memory_id).statement == "Alice works at Initech"
    assert retired.superseded_by == new.memory_id


def test_a_deleted_card_is_not_found_and_not_kept(store: SqliteNoteStore, parsed: ParsedCards) -> None:
    written = store.create(card("Alice's locker code is in the drawer"))
    store.get(T, written.memory_id)
    assert parsed.holds(T, written.memory_id)
    store.delete(T, written.memory_id)
    assert not parsed.holds(T, written.memory_id)
    with pytest.raises(NotFound):
        store.get(T, written.memory_id)
    assert store.get_many(T, [written.memory_id]) == []


def test_an_id_deleted_and_written_again_reads_as_the_new_card(store: SqliteNoteStore) -> None:
    # GIVEN a card with a chosen id, read (so kept) at version 1
    store.create(card("Alice's dentist is Dr Park", memory_id="dentist@alice"))
    assert store.get(T, "dentist@alice").statement == "Alice's dentist is Dr Park"
    # WHEN it is deleted and the same id is written again, at version 1 again
    store.delete(T, "dentist@alice")
    store.create(card("Alice's dentist is Dr Okafor", memory_id="dentist@alice"))
    # THEN the new card is read, not the one kept from before
    assert store.get(T, "dentist@alice").statement == "Alice's dentist is Dr Okafor"


def test_another_process_rewriting_an_id_is_never_served_stale(tmp_path: Path) -> None:
    # GIVEN two stores on one file (the server and a worker), the first holding a card it read
    server = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    worker = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    server.create(card("Alice's dentist is Dr Park", memory_id="dentist@alice"))
    assert server.get(T, "dentist@alice").statement == "Alice's dentist is Dr Park"
    # WHEN the other one deletes it and writes the same id again (same version number, other words)
    worker.delete(T, "dentist@alice")
    worker.create(card("Alice's dentist is Dr Okafor", memory_id="dentist@alice"))
    # THEN the first store reads what the file holds now, by every read
    assert server.get(T, "dentist@alice").statement == "Alice's dentist is Dr Okafor"
    assert [c.statement for c in server.get_many(T, ["dentist@alice"])] == ["Alice's dentist is Dr Okafor"]
    # WHEN the other one deletes it THEN the first store finds nothing
    worker.delete(T, "dentist@alice")
    assert server.get_many(T, ["dentist@alice"]) == []


def test_forgetting_a_user_leaves_none_of_their_cards_kept(
    store: SqliteNoteStore, parsed: ParsedCards
) -> None:
    # GIVEN cards of two users, all read (so kept)
    alice = store.create_many([card("Alice is allergic to penicillin"), card("Alice's son is Tom")])
    bob = store.create(card("Bob plays the cello", user="bob"))
    store.get_many(T, [c.memory_id for c in [*alice, bob]])
    b = replace(fake_backends(lambda: NOW), notes=store)
    # WHEN Alice is forgotten through the service
    forgotten = delete_user(b, T, "alice")
    # THEN none of her cards is read or kept; Bob's still is
    assert forgotten.memories == 2
    assert store.get_many(T, [c.memory_id for c in alice]) == []
    assert not any(parsed.holds(T, c.memory_id) for c in alice)
    assert store.get(T, bob.memory_id).statement == "Bob plays the cello"


def test_hits_recorded_after_a_read_show_on_the_next_read(store: SqliteNoteStore) -> None:
    written = store.create(card("Alice takes the 7:40 train"))
    assert store.get(T, written.memory_id).hit_count == 0
    store.record_hits(T, [written.memory_id, written.memory_id], NOW)
    again = store.get(T, written.memory_id)
    assert (again.hit_count, again.last_hit_at) == (1, NOW)


def test_the_cache_keeps_at_most_its_size_the_most_recently_read(tmp_path: Path) -> None:
    parsed = ParsedCards(size=2)
    store = SqliteNoteStore(tmp_path / "notes.db", parsed=parsed)
    a, b, c = store.create_many([card("one"), card("two"), card("three")])
    for written in (a, b, c, b):
        store.get(T, written.memory_id)
    assert len(parsed) == 2
    assert parsed.holds(T, b.memory_id) and parsed.holds(T, c.memory_id)
    assert store.get(T, a.memory_id).statement == "one"  # read again from the file


def test_a_card_just_written_is_held_as_written_so_its_first_read_parses_nothing(
    tmp_path: Path, store: SqliteNoteStore, parsed: ParsedCards
) -> None:
    # GIVEN cards written in bulk and one by one, and one updated
    bulk = store.create_many([card(f"Alice likes colour number {i}") for i in range(3)])
    single = store.create(card("Alice keeps bees"))
    updated = store.update(single.model_copy(update={"statement": "Alice keeps two hives"}), single.version)
    # THEN each is held at the version written, before any read
    ids = [c.memory_id for c in bulk] + [single.memory_id]
    assert all(parsed.holds(T, memory_id) for memory_id in ids)
    # WHEN they are read through the cache and by a store that keeps nothing
    cached = store.get_many(T, ids)
    plain = SqliteNoteStore(tmp_path / "notes.db", parsed=ParsedCards(0)).get_many(T, ids)
    # THEN both give the same cards: the held ones are what parsing the stored JSON gives
    assert cached == plain
    assert [c.model_dump() for c in cached] == [c.model_dump() for c in plain]
    assert cached[-1].statement == "Alice keeps two hives" and cached[-1].version == updated.version


def statements_run(store: SqliteNoteStore) -> list[str]:
    """Every SQL statement the store's connection runs from now on (what reached the file)."""
    seen: list[str] = []
    store._db._conn.set_trace_callback(seen.append)
    return seen


def test_cards_read_again_unchanged_are_served_without_reading_their_rows(store: SqliteNoteStore) -> None:
    # GIVEN cards read once
    ids = [c.memory_id for c in store.create_many([card(f"Alice likes colour number {i}") for i in range(3)])]
    first = store.get_many(T, ids)
    # WHEN they are read again and nothing changed them
    seen = statements_run(store)
    again = store.get_many(T, ids)
    # THEN the same cards come back and only the file's change counter was asked
    assert again == first
    assert seen == ["PRAGMA data_version"]


def test_a_commit_by_another_connection_is_read_from_the_file(tmp_path: Path) -> None:
    # GIVEN two stores on one file, the first holding a card and its counters as it read them
    server = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    worker = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    held = server.create(card("Alice lives in Lyon"))
    server.get_many(T, [held.memory_id])
    # WHEN the other store revises it and counts a hit on it
    worker.update(held.model_copy(update={"statement": "Alice lives in Porto"}), held.version)
    worker.record_hits(T, [held.memory_id], NOW)
    worker.close()
    # THEN the first store reads the new version with its hit
    (now,) = server.get_many(T, [held.memory_id])
    assert (now.statement, now.version, now.hit_count) == ("Alice lives in Porto", 2, 1)


def test_hits_a_failed_write_rolled_back_are_not_served(tmp_path: Path, store: SqliteNoteStore) -> None:
    # GIVEN a card read (so held), then a hit recorded on it and still buffered (the connection's lock held,
    # so the writer thread cannot apply it first)
    held = store.create(card("Alice takes the 7:40 train"))
    store.get_many(T, [held.memory_id])
    with store._db._lock:
        store.record_hits(T, [held.memory_id], NOW)
        # WHEN a write applies the buffered hit in its transaction, then fails (a stale version): rolled back
        with pytest.raises(VersionConflict):
            store.update(
                held.model_copy(update={"statement": "Alice takes the 8:10 train"}), held.version + 5
            )
    # THEN a read gives what the file holds, as a store that keeps nothing reads it (opened after the read:
    # opening a store writes to the file)
    (read,) = store.get_many(T, [held.memory_id])
    assert read == SqliteNoteStore(tmp_path / "notes.db", parsed=ParsedCards(0)).get(T, held.memory_id)
