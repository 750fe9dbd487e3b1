"""The SQLite note store writes recall's hits off the request's path (adapters/local/hit_writer.py): buffered,
applied by a writer thread on a second connection, yet read back at once by the same store (once, while a
flush is writing them, without waiting for it), applied before its later writes, and kept on disk by
`close()`."""

from __future__ import annotations

import sqlite3
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from reverie.adapters.local.hit_writer import Counts
from reverie.adapters.local.note_sql import apply_hits
from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Scope, Status
from reverie.ports import CardQuery

T = "t1"
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def card(statement: str, memory_id: str | None = None) -> MemoryCard:
    fields = {"memory_id": memory_id} if memory_id else {}
    return MemoryCard(
        type=MemoryType.FACT,
        tenant_id=T,
        user_id="alice",
        statement=statement,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        created_at=NOW,
        updated_at=NOW,
        **fields,
    )


def hits_on_disk(path: Path, memory_id: str) -> int:
    """The count another store on the same file reads (it sees only what was written)."""
    other = SqliteNoteStore(path)
    try:
        return other.get(T, memory_id).hit_count
    finally:
        other.close()


def test_hits_are_read_back_at_once_and_reach_the_file_without_a_read(tmp_path: Path) -> None:
    # GIVEN a stored card
    path = tmp_path / "notes.db"
    store = SqliteNoteStore(path, clock=lambda: NOW)
    stored = store.create(card("Alice keeps bees"))
    # WHEN recall records two hits on it
    store.record_hits(T, [stored.memory_id, stored.memory_id], NOW)
    store.record_hits(T, [stored.memory_id], NOW)
    # THEN another store on the file sees them once the writer thread has run, with no read by this one
    deadline = time.monotonic() + 10
    while hits_on_disk(path, stored.memory_id) != 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hits_on_disk(path, stored.memory_id) == 2
    # AND this store reads them too, with the time of the last one
    again = store.get(T, stored.memory_id)
    assert (again.hit_count, again.last_hit_at) == (2, NOW)
    store.close()


def test_a_hit_is_read_back_by_the_same_store_before_the_writer_thread_runs(tmp_path: Path) -> None:
    # GIVEN a stored card, and many hits recorded in a burst (the writer thread gets no time in between)
    store = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    stored = store.create(card("Alice keeps bees"))
    for _ in range(50):
        store.record_hits(T, [stored.memory_id], NOW)
    later = NOW.replace(hour=13)
    store.record_hits(T, [stored.memory_id, stored.memory_id], later)  # one call names it twice: one hit
    # WHEN the store reads the card right after, by every read it has
    # THEN every hit is counted once per call, with the latest time: a read counts what is still buffered
    reads = [
        store.get_many(T, [stored.memory_id])[0],
        store.get(T, stored.memory_id),
        store.history(T, stored.memory_id)[-1],
        *store.query(CardQuery(scope=Scope(tenant_id=T, user_id="alice"))),
    ]
    assert {(c.hit_count, c.last_hit_at) for c in reads} == {(51, later)}
    store.close()


def test_hits_recorded_before_a_delete_do_not_count_for_a_card_written_again_under_its_id(
    tmp_path: Path,
) -> None:
    # GIVEN a card with a hit recorded, then deleted and written again under the same id
    store = SqliteNoteStore(tmp_path / "notes.db", clock=lambda: NOW)
    store.create(card("Alice keeps bees", memory_id="m1"))
    store.record_hits(T, ["m1"], NOW)
    store.delete(T, "m1")
    store.create(card("Alice keeps wasps", memory_id="m1"))
    # WHEN it is read
    # THEN the hit went with the deleted card (applied before the delete), not to the new one
    assert store.get(T, "m1").hit_count == 0
    store.close()


def test_close_writes_the_hits_still_buffered(tmp_path: Path) -> None:
    # GIVEN hits recorded and the store closed at once
    path = tmp_path / "notes.db"
    store = SqliteNoteStore(path, clock=lambda: NOW)
    stored = store.create(card("Alice keeps bees"))
    store.record_hits(T, [stored.memory_id], NOW)
    store.close()
    # WHEN the file is opened again
    # THEN the hit is there
    assert hits_on_disk(path, stored.memory_id) == 1


def test_a_read_during_a_flush_does_not_wait_for_it_and_counts_its_hits_once(tmp_path: Path) -> None:
    # GIVEN a card with two hits buffered, and a flush of them that stops inside its write transaction
    path = tmp_path / "notes.db"
    store = SqliteNoteStore(path, clock=lambda: NOW)
    stored = store.create(card("Alice keeps bees"))
    writing, release = threading.Event(), threading.Event()

    def held_open(conn: sqlite3.Connection, counts: Counts) -> None:
        apply_hits(conn, counts)
        writing.set()
        release.wait(30)

    store._hits._apply = held_open  # the flush's write, held open until the test lets it commit
    store.record_hits(T, [stored.memory_id], NOW)
    store.record_hits(T, [stored.memory_id], NOW)
    flush = threading.Thread(target=store._hits.flush)
    flush.start()
    assert writing.wait(30)
    # WHEN the store reads the card meanwhile
    during = store.get_many(T, [stored.memory_id])[0].hit_count
    # THEN the read did not wait for the flush (still writing), and counted the hits once
    assert flush.is_alive()
    assert during == 2
    # AND once the flush committed, the store and another on the file read the same count
    release.set()
    flush.join(30)
    assert store.get(T, stored.memory_id).hit_count == 2
    assert hits_on_disk(path, stored.memory_id) == 2
    store.close()
