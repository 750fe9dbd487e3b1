"""A card in OpenSearch and back: the document id and body, checks on what goes in, hits coming out.

Times are ISO-8601 strings in UTC at millisecond precision (OpenSearch `date` fields keep milliseconds);
`valid_until` and the filter's `now` are both truncated, so a document is never returned after it expired.
Free text is cut into words (letters and digits) with stop words dropped before it goes into a `match`
query, which analyses text and has no operators: the user's words are only ever data.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from reverie.domain.models import ScopeKind
from reverie.domain.search import SearchDoc

Json = dict[str, Any]

MAX_TERMS = 32
"""Bound on the keyword query's size: a pasted paragraph stays a cheap query."""

STOP_WORDS = frozenset(
    """
    a about an and any are as at be been but by can could did do does for from had has have he her his how
    i if in into is it its me my no nor not of on or our she so than that the their them then there these
    they this to us was we were what when where which who whom why will with would you your
    """.split()
)
"""The embedded index's stop words (a test keeps the two equal), so both backends drop the same words.
The index analyser drops them too: changing the list changes the index format (rebuild the index)."""

_WORD = re.compile(r"[^\W_]+")


def doc_id(tenant_id: str, memory_id: str) -> str:
    """The document `_id`: "/" never occurs in an identifier, so (tenant, memory) pairs cannot collide."""
    return f"{tenant_id}/{memory_id}"


def iso(value: datetime) -> str:
    """UTC, millisecond precision (truncated), `Z` suffix; a naive datetime is taken as UTC."""
    aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return aware.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def entity_key(name: str) -> str:
    """How entities are compared: case-folded, whitespace collapsed (the embedded index does the same)."""
    return " ".join(name.split()).casefold()


def query_terms(text: str) -> list[str]:
    """The distinct lower-cased words of `text` that are not stop words, in order, at most `MAX_TERMS`."""
    terms: dict[str, None] = {}
    for word in _WORD.findall(unicodedata.normalize("NFKC", text).lower()):
        if word not in STOP_WORDS:
            terms[word] = None
            if len(terms) == MAX_TERMS:
                break
    return list(terms)


def doc_source(doc: SearchDoc) -> Json:
    """The stored document: absent fields are left out (so `exists` means "set"); entities as keys."""
    source: Json = {
        "memory_id": doc.memory_id,
        "tenant_id": doc.tenant_id,
        "scope": doc.scope.value,
        "user_id": doc.user_id,
        "project_id": doc.project_id,
        "type": doc.type.value,
        "status": doc.status.value,
        "key": doc.key,
        "text": doc.text,
        "vector": doc.vector,
        "valid_until": None if doc.valid_until is None else iso(doc.valid_until),
        "observed_at": None if doc.observed_at is None else iso(doc.observed_at),
        "entities": sorted({entity_key(name) for name in doc.entities} - {""}),
    }
    return {name: value for name, value in source.items() if value is not None}


def parse_hits(response: Json) -> list[tuple[str, float]]:
    """(memory_id, score) per hit, in the order OpenSearch ranked them; a hit without a score scores 0."""
    found: list[tuple[str, float]] = []
    for hit in (response.get("hits") or {}).get("hits") or []:
        memory_id = (hit.get("_source") or {}).get("memory_id") or str(hit["_id"]).split("/", 1)[-1]
        score = hit.get("_score")
        found.append((str(memory_id), 0.0 if score is None else float(score)))
    return found


def cosine_from_knn_score(score: float) -> float:
    """OpenSearch scores a `cosinesimil` hit (2 - (1 - cos)) / 2 = (1 + cos) / 2; the port wants cos."""
    return min(1.0, max(-1.0, 2.0 * score - 1.0))


def check_vector(vector: Sequence[float], dim: int, what: str) -> None:
    """`ValueError` unless `vector` has `dim` finite numbers, not all zero (cosine needs a direction)."""
    if len(vector) != dim:
        raise ValueError(
            f"{what} has {len(vector)} dimensions but this index holds {dim}-dimensional vectors; "
            "embed with the index's model or rebuild the index for the new one"
        )
    norm = math.sqrt(math.fsum(float(x) * float(x) for x in vector))
    if not math.isfinite(norm) or norm == 0.0:
        raise ValueError(f"{what} must be finite and not all zeros (cosine needs a direction)")


def check_docs(docs: Sequence[SearchDoc], dim: int) -> None:
    """Every document is checked before any is written: bad input never loses stored data."""
    for doc in docs:
        if doc.scope is ScopeKind.USER and doc.user_id is None:
            raise ValueError(f"document {doc.memory_id}: a user-scoped document needs its user_id")
        if doc.scope is ScopeKind.PROJECT and doc.project_id is None:
            raise ValueError(f"document {doc.memory_id}: a project-scoped document needs its project_id")
        if doc.vector is not None:
            check_vector(doc.vector, dim, f"document {doc.memory_id}'s vector")
