"""The SQL of the embedded search index: schema, the search filter as a WHERE clause, FTS5 queries.

Free text becomes an FTS5 MATCH expression that cannot speak FTS5 syntax: the user's words are only ever
data. The text is cut into words (letters and digits, as the `unicode61` tokenizer sees them), stop words
are dropped, and every remaining word becomes a double-quoted FTS5 string (`keyword_bound` joins them with
OR and AND), so quotes, `*`, `-`, `^`, `:`, parentheses, `NEAR(` and AND/OR/NOT never reach the FTS5 parser
as syntax. Stemming and diacritics are left to the index's tokenizer, which treats the quoted words as it
treated the documents.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from reverie.adapters.local.vector_cache import to_micros
from reverie.domain.models import utcnow
from reverie.domain.search import SearchFilter

# doc_id is a stable integer rowid (FTS5 external content joins on it); memory ids are unique per tenant.
# Times are microseconds since the epoch, UTC. `entities` keeps the given names as JSON; `doc_entities`
# holds their case-folded forms for lookup.
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs (
    doc_id INTEGER PRIMARY KEY,
    memory_id TEXT NOT NULL, tenant_id TEXT NOT NULL, scope TEXT NOT NULL,
    user_id TEXT, project_id TEXT, type TEXT NOT NULL, status TEXT NOT NULL, key TEXT,
    valid_until INTEGER, observed_at INTEGER, entities TEXT NOT NULL, text TEXT NOT NULL,
    UNIQUE (tenant_id, memory_id)
);
CREATE INDEX IF NOT EXISTS docs_by_user ON docs (tenant_id, scope, user_id);
CREATE INDEX IF NOT EXISTS docs_by_project ON docs (tenant_id, scope, project_id);
CREATE INDEX IF NOT EXISTS docs_by_time ON docs (tenant_id, observed_at);
CREATE INDEX IF NOT EXISTS docs_by_type ON docs (tenant_id, type, observed_at);
CREATE TABLE IF NOT EXISTS vectors (
    doc_id INTEGER PRIMARY KEY REFERENCES docs (doc_id) ON DELETE CASCADE, vector BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_entities (
    entity TEXT NOT NULL, doc_id INTEGER NOT NULL REFERENCES docs (doc_id) ON DELETE CASCADE,
    PRIMARY KEY (entity, doc_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS doc_entities_by_doc ON doc_entities (doc_id);
CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5 (
    text, content = 'docs', content_rowid = 'doc_id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS docs_fts_insert AFTER INSERT ON docs BEGIN
    INSERT INTO docs_fts (rowid, text) VALUES (new.doc_id, new.text);
END;
CREATE TRIGGER IF NOT EXISTS docs_fts_delete AFTER DELETE ON docs BEGIN
    INSERT INTO docs_fts (docs_fts, rowid, text) VALUES ('delete', old.doc_id, old.text);
END;
CREATE TRIGGER IF NOT EXISTS docs_fts_update AFTER UPDATE OF text ON docs BEGIN
    INSERT INTO docs_fts (docs_fts, rowid, text) VALUES ('delete', old.doc_id, old.text);
    INSERT INTO docs_fts (rowid, text) VALUES (new.doc_id, new.text);
END;
"""

UPSERT = """
INSERT INTO docs (memory_id, tenant_id, scope, user_id, project_id, type, status, key, valid_until,
                  observed_at, entities, text)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (tenant_id, memory_id) DO UPDATE SET
    scope = excluded.scope, user_id = excluded.user_id, project_id = excluded.project_id,
    type = excluded.type, status = excluded.status, key = excluded.key, valid_until = excluded.valid_until,
    observed_at = excluded.observed_at, entities = excluded.entities, text = excluded.text
RETURNING doc_id
"""

PARTITION_WHERE = {
    "user": "d.scope = 'user' AND d.user_id = ?",
    "project": "d.scope = 'project' AND d.project_id = ?",
    "shared": "d.scope IN ('org', 'global')",
}


def entity_key(name: str) -> str:
    """How entities are compared: case-folded, whitespace collapsed."""
    return " ".join(name.split()).casefold()


def admits_nothing(filter: SearchFilter) -> bool:
    """Whether the filter's status or type set is empty: no document can pass it."""
    return not filter.statuses or (filter.types is not None and not filter.types)


def filter_sql(filter: SearchFilter) -> tuple[str, list[object]] | None:
    """The filter as a WHERE fragment over `docs d`, or None when it admits nothing (`admits_nothing`)."""
    if admits_nothing(filter):
        return None
    scope = filter.scope
    statuses = sorted(s.value for s in filter.statuses)
    sql = [
        "d.tenant_id = ?",
        # The one visibility rule (`scope_allows`); `project_id = NULL` is never true, as it should be.
        "((d.scope = 'user' AND d.user_id = ?) OR (d.scope = 'project' AND d.project_id = ?)"
        " OR d.scope IN ('org', 'global'))",
        f"d.status IN ({', '.join('?' * len(statuses))})",
        "(d.valid_until IS NULL OR d.valid_until > ?)",
    ]
    params: list[object] = [scope.tenant_id, scope.user_id, scope.project_id, *statuses, now_micros(filter)]
    if filter.types is not None:
        types = sorted(t.value for t in filter.types)
        sql.append(f"d.type IN ({', '.join('?' * len(types))})")
        params.extend(types)
    return " AND ".join(sql), params


def now_micros(filter: SearchFilter) -> int:
    """Expiry is always applied: without an explicit `now`, the current time."""
    return to_micros(filter.now or utcnow())


def micros(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def timeline_sql(
    where: tuple[str, list[object]], entity_keys: list[str], start: datetime | None, end: datetime | None
) -> tuple[str, list[object]]:
    """The timeline query (one `?` left for the limit): in the window, mentioning any entity, best first."""
    sql, params = [where[0]], list(where[1])
    if start is not None:
        sql.append("d.observed_at >= ?")
        params.append(to_micros(start))
    if end is not None:
        sql.append("d.observed_at <= ?")
        params.append(to_micros(end))
    # The most recent first (SQLite sorts NULL lowest, so undated docs come last). Without entities every
    # score is 0 and the order is the time index's own, read backwards until the limit: no sort of the window.
    if not entity_keys:
        # A few types of a large tenant (recall's preferences and plans): start from those types' rows rather
        # than walking the whole tenant's time index (measured at 10^5 documents: 38 ms -> 0.04 ms).
        source = "docs d INDEXED BY docs_by_type" if "d.type IN" in where[0] else "docs d"
        query = f"SELECT d.memory_id, 0 FROM {source} WHERE {' AND '.join(sql)} ORDER BY d.observed_at DESC"
    else:
        # CROSS JOIN keeps the entity postings as the outer loop; without table statistics SQLite would walk
        # the time index instead and probe every document in the window (~20x slower at 10^5 documents).
        query = (
            "SELECT d.memory_id, COUNT(*) FROM doc_entities e CROSS JOIN docs d ON d.doc_id = e.doc_id"
            f" WHERE e.entity IN ({', '.join('?' * len(entity_keys))}) AND {' AND '.join(sql)}"
            " GROUP BY d.doc_id ORDER BY 2 DESC, d.observed_at DESC"
        )
        params = [*entity_keys, *params]
    return query + ", d.memory_id LIMIT ?", params


STOP_WORDS = frozenset(
    """
    a about an and any are as at be been but by can could did do does for from had has have he her his how
    i if in into is it its me my no nor not of on or our she so than that the their them then there these
    they this to us was we were what when where which who whom why will with would you your
    """.split()
)
"""Words too common to rank anything; a query of only these returns nothing."""

MAX_TERMS = 32
"""Bound on the query's size: a pasted paragraph stays a cheap query."""

_WORD = re.compile(r"[^\W_]+")


def query_terms(text: str) -> list[str]:
    """The distinct, lower-cased, non-stop-word words of `text`, in order of first appearance."""
    terms: list[str] = []
    seen: set[str] = set()
    for word in _WORD.findall(unicodedata.normalize("NFC", text).lower()):
        if word in STOP_WORDS or word in seen:
            continue
        seen.add(word)
        terms.append(word)
        if len(terms) == MAX_TERMS:
            break
    return terms
