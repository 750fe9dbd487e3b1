"""Direct memory writes in bulk (`admin.create_memories` with many memories, `POST /users/{u}/memories`):
one batch stores exactly what the same memories written one request at a time store: the cards, the L1
records of the writes, the search documents (text, vector, entities); its embedding runs while the stores
write, and only a text embedded ahead takes a vector computed ahead."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Scope, ScopeKind, SourceKind
from reverie.domain.search import SearchDoc
from reverie.ports import CardQuery
from reverie.services.admin import API_SESSION, NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.indexing import VectorsAhead, is_indexed, sync_index
from tests.fakes.backends import fake_backends
from tests.fakes.embedder import HashEmbedder
from tests.fakes.stores import InMemoryNoteStore

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ALICE = Scope(tenant_id="t1", user_id="alice")


class RecordingIndex(SqliteSearchIndex):
    """The real SQLite index in memory, keeping every document it was given and each upsert's size."""

    def __init__(self, dim: int) -> None:
        super().__init__(":memory:", dim=dim)
        self.docs: list[SearchDoc] = []
        self.upserts: list[int] = []

    def upsert(self, docs: Sequence[SearchDoc]) -> None:
        self.docs += docs
        self.upserts.append(len(docs))
        super().upsert(docs)


def backends() -> tuple[Backends, RecordingIndex]:
    """The unit fakes on a fixed clock, indexing into a `RecordingIndex`."""
    b = fake_backends(clock=lambda: NOW)
    index = RecordingIndex(b.embedder.dim)
    return replace(b, index=index), index


def memories() -> list[NewMemory]:
    """Notes with and without evidence, chosen ids, a key, a tool's output (a hypothesis), a shared card."""
    return [
        NewMemory(
            type=MemoryType.PREFERENCE if i % 3 else MemoryType.FACT,
            statement=f"Alice fact {i}: prefers tea number {i} in Lisbon",
            key=f"drink.{i}" if i % 7 == 0 else None,
            scope=ScopeKind.ORG if i % 11 == 0 else ScopeKind.USER,
            source=SourceKind.TOOL if i % 5 == 0 else SourceKind.USER,
            evidence_refs=[EvidenceRef(session_id="s1", event_id=f"e{i}")] if i % 2 else (),
            memory_id=f"chosen-{i}" if i % 4 == 0 else None,
        )
        for i in range(30)
    ]


def stored(b: Backends, index: RecordingIndex) -> dict[str, Any]:
    """Everything the write left, with what is random per write (new ids, note event ids) named by the
    statement it belongs to."""
    cards = b.notes.get_many(ALICE.tenant_id, [d.memory_id for d in index.docs])
    indexed = {c.memory_id for c in cards}
    cards += [c for c in b.notes.query(CardQuery(scope=ALICE, limit=1000)) if c.memory_id not in indexed]
    name = {c.memory_id: c.statement for c in cards}
    events = b.log.read_session(ALICE.tenant_id, ALICE.user_id, API_SESSION)
    event_name = {e.event_id: getattr(e, "text", "") for e in events}

    def card(c: Any) -> dict[str, Any]:
        refs = [event_name.get(r.event_id, r.event_id) for r in c.evidence_refs]
        return c.model_dump(mode="json", exclude={"memory_id", "evidence_refs"}) | {"refs": refs}

    return {
        "cards": sorted((card(c) for c in cards), key=lambda c: c["statement"]),
        "events": sorted(
            (e.model_dump(mode="json", exclude={"event_id"}) for e in events), key=lambda e: e["text"]
        ),
        "docs": sorted(
            (d.model_dump(mode="json") | {"memory_id": name[d.memory_id]} for d in index.docs),
            key=lambda d: d["memory_id"],
        ),
    }


def test_a_batch_stores_exactly_what_one_write_per_memory_stores() -> None:
    # GIVEN two empty stores on the same clock
    (one_b, one_index), (batch_b, batch_index) = backends(), backends()
    # WHEN the same memories are written one request each, and as one batch
    for item in memories():
        create_memories(one_b, ALICE, [item], role="admin")
    create_memories(batch_b, ALICE, memories(), role="admin")
    # THEN the cards, the L1 records and the search documents are the same
    one, batch = stored(one_b, one_index), stored(batch_b, batch_index)
    assert len(batch["cards"]) == 30 and len(batch["events"]) == 15 and batch["docs"]
    assert batch == one
    # AND the batch was embedded and indexed in one upsert (one per memory before)
    assert batch_index.upserts == [len(batch["docs"])]
    assert len(one_index.upserts) == len(one["docs"])


class SignallingEmbedder(HashEmbedder):
    """The unit embedder, raising a flag as it starts (from whichever thread runs it)."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.started.set()
        return super().embed(texts)


class WaitingNoteStore(InMemoryNoteStore):
    """The in-memory note store, whose bulk create first waits (a bounded while) for the embedding to start
    and records whether it had."""

    def __init__(self, embedder: SignallingEmbedder) -> None:
        super().__init__(clock=lambda: NOW)
        self.embedder, self.saw_embedding = embedder, False

    def create_many(self, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
        self.saw_embedding = self.embedder.started.wait(timeout=10)
        return super().create_many(cards)


def test_a_batch_is_embedded_while_the_note_store_writes_it() -> None:
    # GIVEN a note store that holds its write until the batch's embedding has started
    b, index = backends()
    embedder = SignallingEmbedder()
    notes = WaitingNoteStore(embedder)
    b = replace(b, embedder=embedder, notes=notes)
    # WHEN a batch is written
    cards = create_memories(b, ALICE, memories(), role="admin")
    # THEN the embedding had started before the cards were stored (it does not wait for them)
    assert notes.saw_embedding
    # AND every indexed card holds its own text's vector
    assert {d.memory_id: d.vector for d in index.docs} == {
        d.memory_id: embedder.embed([d.text])[0] for d in index.docs
    } and len(index.docs) == len([c for c in cards if is_indexed(c)])


def test_a_stored_card_whose_text_was_not_embedded_ahead_is_embedded_as_stored() -> None:
    # GIVEN vectors computed ahead for a card's first wording
    b, index = backends()
    first = create_memories(b, ALICE, [NewMemory(type=MemoryType.FACT, statement="Alice drinks tea")])[0]
    ahead = VectorsAhead(b, [first])
    # WHEN the card is indexed with other words than those
    changed = first.model_copy(update={"statement": "Alice drinks coffee"})
    sync_index(b, [changed], ahead=ahead)
    # THEN its document holds the vector of the words it has, not the one computed ahead
    (doc,) = [d for d in index.docs[1:] if d.memory_id == first.memory_id]
    assert doc.text.startswith("Alice drinks coffee") and doc.text not in ahead.get()
    assert doc.vector == b.embedder.embed([doc.text])[0]
