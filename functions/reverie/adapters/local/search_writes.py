"""The statements of an upsert into the embedded search index, for a whole batch of documents at once.

A document's row is one statement (its full text follows by trigger, and it gives the doc_id the other
tables key on); everything else is a few statements for the batch: where the held documents were, their
old entities, every new entity and every vector. Runs inside the index's write transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from reverie.adapters.local.search_sql import UPSERT, entity_key, micros
from reverie.adapters.local.sqlite import ids_by_tenant, in_chunks, placeholders
from reverie.adapters.local.vector_cache import FloatArray
from reverie.domain.search import SearchDoc

Placement = tuple[str, str | None, str | None]
"""Where a held document is: its scope, user_id and project_id (its vector partition)."""

IDS_PER_STATEMENT = 500  # ids in one IN list, well within SQLite's bound on parameters


def write_docs(
    db: sqlite3.Connection, docs: Sequence[SearchDoc], vectors: Sequence[FloatArray | None]
) -> dict[str, Placement]:
    """Insert or update `docs` (each memory id once) with their vectors (None: the document has none);
    returns where those already held were before, by memory id."""
    before = _placements(db, docs)
    doc_ids = [_upsert_row(db, doc) for doc in docs]
    held = [doc_id for doc, doc_id in zip(docs, doc_ids, strict=True) if doc.memory_id in before]
    for chunk in in_chunks(held, IDS_PER_STATEMENT):
        db.execute(f"DELETE FROM doc_entities WHERE doc_id IN ({placeholders(len(chunk))})", chunk)
    db.executemany(
        "INSERT INTO doc_entities (entity, doc_id) VALUES (?, ?)",
        [
            (key, doc_id)
            for doc, doc_id in zip(docs, doc_ids, strict=True)
            for key in {entity_key(name) for name in doc.entities} - {""}
        ],
    )
    rows = list(zip(doc_ids, vectors, strict=True))
    db.executemany("DELETE FROM vectors WHERE doc_id = ?", [(i,) for i, v in rows if v is None])
    db.executemany(
        "INSERT OR REPLACE INTO vectors (doc_id, vector) VALUES (?, ?)",
        [(i, v.tobytes()) for i, v in rows if v is not None],
    )
    return before


def _placements(db: sqlite3.Connection, docs: Sequence[SearchDoc]) -> dict[str, Placement]:
    placed: dict[str, Placement] = {}
    for tenant_id, chunk in ids_by_tenant(
        ((doc.tenant_id, doc.memory_id) for doc in docs), IDS_PER_STATEMENT
    ):
        rows = db.execute(
            "SELECT memory_id, scope, user_id, project_id FROM docs WHERE tenant_id = ? "
            f"AND memory_id IN ({placeholders(len(chunk))})",
            (tenant_id, *chunk),
        ).fetchall()
        placed.update((memory_id, (scope, user, project)) for memory_id, scope, user, project in rows)
    return placed


def _upsert_row(db: sqlite3.Connection, doc: SearchDoc) -> int:
    (doc_id,) = db.execute(
        UPSERT,
        (
            doc.memory_id, doc.tenant_id, doc.scope.value, doc.user_id, doc.project_id, doc.type.value,
            doc.status.value, doc.key, micros(doc.valid_until), micros(doc.observed_at),
            json.dumps(doc.entities), doc.text,
        ),
    ).fetchone()  # fmt: skip
    return int(doc_id)
