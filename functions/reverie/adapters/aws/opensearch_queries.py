"""The OpenSearch request bodies of the search index: index settings, hybrid pipeline, filter, recall paths.

Pure functions (no client, no I/O): tests compare them with golden bodies and evaluate the filter against
documents. Every search body embeds `scope_filter(filter)`, the one visibility rule (`scope_allows`) plus
status, type and expiry, in the backend query itself: inside `bool.filter` for the keyword, timeline and
count paths, and inside the `knn` clause for the vector path (efficient filtering: the k nearest among the
visible documents, not the k nearest overall filtered afterwards).

The index analyser (`reverie_english`) folds case and accents, drops the stop words that queries drop
(`opensearch_documents.query_terms`) and stems English words, so "running builds" finds "the build runs"
and "cafe" finds "café".
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from reverie.adapters.aws.opensearch_documents import STOP_WORDS, iso
from reverie.domain.models import ScopeKind, utcnow
from reverie.domain.search import SearchFilter

Json = dict[str, Any]
Fusion = Literal["min_max", "rrf"]
Engine = Literal["lucene", "faiss"]

MAX_RESULT_WINDOW = 10_000
"""OpenSearch's default `index.max_result_window`: no path asks for more hits than this."""
KEYWORD_FIELDS = "memory_id tenant_id scope user_id project_id type status key entities".split()
"""Exact-match fields: every filter, the timeline's entities (stored as `entity_key`s) and tie-breaks."""
SOURCE_FIELDS = ["memory_id"]
ANALYZER = "reverie_english"

ANALYSIS: Json = {
    "char_filter": {
        # English possessives ("the user's editor" → "the user editor"), straight or curly apostrophe.
        "reverie_possessive": {"type": "pattern_replace", "pattern": "['’]s\\b", "replacement": ""}
    },
    "filter": {
        "reverie_stop": {"type": "stop", "stopwords": sorted(STOP_WORDS)},
        "reverie_stemmer": {"type": "stemmer", "language": "english"},
    },
    "analyzer": {
        ANALYZER: {
            "type": "custom",
            "char_filter": ["reverie_possessive"],
            "tokenizer": "standard",
            "filter": ["lowercase", "asciifolding", "reverie_stop", "reverie_stemmer"],
        }
    },
}


# -- index layout ------------------------------------------------------------------------------------


def mappings(dim: int, engine: Engine = "lucene") -> Json:
    """Keyword fields for every filter, BM25 text, a cosine `knn_vector`, dates for expiry and the timeline.

    The vector is left out of `_source` (it is served from the k-NN structures and rebuilt from the note
    store, never read back), which halves the stored size of a 1024-dimensional card.
    """
    properties: Json = {name: {"type": "keyword"} for name in KEYWORD_FIELDS}
    properties.update(
        {
            "text": {"type": "text", "analyzer": ANALYZER},
            "vector": {
                "type": "knn_vector",
                "dimension": dim,
                "method": {
                    "name": "hnsw",
                    "space_type": "cosinesimil",
                    "engine": engine,
                    "parameters": {"m": 16, "ef_construction": 128},
                },
            },
            "valid_until": {"type": "date"},
            "observed_at": {"type": "date"},
        }
    )
    return {"dynamic": "strict", "_source": {"excludes": ["vector"]}, "properties": properties}


def index_body(dim: int, engine: Engine = "lucene", shards: int = 1, replicas: int = 1) -> Json:
    """The settings and mappings every generation of the index (`{alias}-v000001`, ...) is created with.

    Each generation carries its own in its create request, not an index template: a template is a
    cluster-wide object (the security plugin checks `indices:admin/index_template/*` as a cluster permission,
    which no role can limit by name), so on a domain shared by tenants whoever may put one may put anyone's.
    Creating an index needs only `indices:admin/create` on the tenant's own index pattern."""
    return {
        "settings": {
            "index": {"knn": True, "number_of_shards": shards, "number_of_replicas": replicas},
            "analysis": ANALYSIS,
        },
        "mappings": mappings(dim, engine),
    }


def hybrid_pipeline(fusion: Fusion, weights: tuple[float, float]) -> Json:
    """The search pipeline that fuses the hybrid query's clauses (keyword first, then vector), sent inside
    each hybrid search body (a temporary pipeline) rather than stored: a stored pipeline is cluster-wide
    (`cluster:admin/search/pipeline/put`, a cluster permission no role can limit to one pipeline's name), a
    temporary one is part of the search request, which the tenant's index permission covers. OpenSearch builds
    a request's pipeline with the same processor factories as a stored one; both fusions are checked on the
    real engine (2.19, tests/contract/test_opensearch_engine.py).

    `min_max` normalises each clause's scores to [0, 1] and takes their weighted arithmetic mean
    (OpenSearch 2.10+); `rrf` is reciprocal rank fusion with the usual constant 60 (OpenSearch 2.19+, which
    takes no weights for it: 400 "supported parameters are [rank_constant]", seen on the real engine).
    """
    combination: Json
    if fusion == "rrf":
        combination = {"technique": "rrf", "rank_constant": 60}
        processor: Json = {"score-ranker-processor": {"combination": combination}}
    else:
        combination = {"technique": "arithmetic_mean", "parameters": {"weights": list(weights)}}
        processor = {
            "normalization-processor": {"normalization": {"technique": "min_max"}, "combination": combination}
        }
    return {
        "description": "Reverie hybrid recall: BM25 and k-NN clauses fused into one ranking",
        "phase_results_processors": [processor],
    }


# -- the filter every query carries ------------------------------------------------------------------


def admits_nothing(filter: SearchFilter) -> bool:
    """An empty status or type set admits no document: the paths answer without asking OpenSearch."""
    return not filter.statuses or (filter.types is not None and not filter.types)


def _term(field: str, value: str) -> Json:
    return {"term": {field: value}}


def scope_filter(filter: SearchFilter) -> Json:
    """The `SearchFilter` as a bool filter: tenant, the scope visibility rule, statuses, types, expiry.

    The visibility rule is `scope_allows`: the caller's own user-scoped documents, the named project's
    documents (only when the request names a project) and the tenant's org and global documents.
    Expiry: no `valid_until`, or one later than `filter.now` (the current time when not given).
    """
    scope = filter.scope
    tenant = _term("tenant_id", scope.tenant_id)
    if admits_nothing(filter):
        return {"bool": {"filter": [tenant], "must_not": [{"match_all": {}}]}}
    visible: list[Json] = [
        {"bool": {"filter": [_term("scope", ScopeKind.USER.value), _term("user_id", scope.user_id)]}}
    ]
    if scope.project_id is not None:
        visible.append(
            {
                "bool": {
                    "filter": [_term("scope", ScopeKind.PROJECT.value), _term("project_id", scope.project_id)]
                }
            }
        )
    visible.append({"terms": {"scope": [ScopeKind.GLOBAL.value, ScopeKind.ORG.value]}})
    clauses: list[Json] = [
        tenant,
        {"bool": {"should": visible, "minimum_should_match": 1}},
        {"terms": {"status": sorted(s.value for s in filter.statuses)}},
    ]
    if filter.types is not None:
        clauses.append({"terms": {"type": sorted(t.value for t in filter.types)}})
    now = iso(filter.now or utcnow())
    not_expired = [
        {"bool": {"must_not": [{"exists": {"field": "valid_until"}}]}},
        {"range": {"valid_until": {"gt": now}}},
    ]
    clauses.append({"bool": {"should": not_expired, "minimum_should_match": 1}})
    return {"bool": {"filter": clauses}}


# -- the recall paths --------------------------------------------------------------------------------


def _match(terms: Sequence[str]) -> Json:
    return {"match": {"text": {"query": " ".join(terms)}}}


def text_query(terms: Sequence[str], filter: SearchFilter, k: int) -> Json:
    """Keyword path: BM25 over the analysed text, best first, ties by memory id."""
    return {
        "size": k,
        "_source": SOURCE_FIELDS,
        "track_total_hits": False,
        "query": {"bool": {"must": [_match(terms)], "filter": [scope_filter(filter)]}},
        "sort": [{"_score": {"order": "desc"}}, {"memory_id": {"order": "asc"}}],
    }


def _knn(vector: Sequence[float], filter: SearchFilter, k: int) -> Json:
    return {"knn": {"vector": {"vector": list(vector), "k": k, "filter": scope_filter(filter)}}}


def knn_query(vector: Sequence[float], filter: SearchFilter, k: int) -> Json:
    """Vector path: the k nearest visible documents (the filter inside the knn clause)."""
    return {"size": k, "_source": SOURCE_FIELDS, "track_total_hits": False, "query": _knn(vector, filter, k)}


def timeline_query(
    filter: SearchFilter,
    k: int,
    entity_keys: Sequence[str] = (),
    start: datetime | None = None,
    end: datetime | None = None,
) -> Json:
    """Timeline path: observed in [start, end]; with entities, mentioning one, scored by how many
    (a constant 1 per matched entity); ties and the entity-less case go to the most recent."""
    clauses = [scope_filter(filter)]
    window = {bound: iso(at) for bound, at in (("gte", start), ("lte", end)) if at is not None}
    if window:
        clauses.append({"range": {"observed_at": window}})
    query: Json = {"filter": clauses}
    sort: list[Json] = [
        {"observed_at": {"order": "desc", "missing": "_last"}},
        {"memory_id": {"order": "asc"}},
    ]
    if entity_keys:
        query["should"] = [
            {"constant_score": {"filter": _term("entities", key), "boost": 1.0}} for key in entity_keys
        ]
        query["minimum_should_match"] = 1
        sort.insert(0, {"_score": {"order": "desc"}})
    return {
        "size": k,
        "_source": SOURCE_FIELDS,
        "track_total_hits": False,
        "query": {"bool": query},
        "sort": sort,
    }


def hybrid_query(terms: Sequence[str], vector: Sequence[float], filter: SearchFilter, k: int) -> Json:
    """Keyword and vector clauses in one `hybrid` query, fused by the search pipeline. Each clause carries
    the filter itself (works on every OpenSearch with hybrid search, 2.10 and later)."""
    keyword = {"bool": {"must": [_match(terms)], "filter": [scope_filter(filter)]}}
    return {
        "size": k,
        "_source": SOURCE_FIELDS,
        "query": {"hybrid": {"queries": [keyword, _knn(vector, filter, k)]}},
    }


def count_query(filter: SearchFilter) -> Json:
    return {"query": scope_filter(filter)}


def user_docs_query(tenant_id: str, user_id: str) -> Json:
    """Every document scoped to one user of one tenant (for `delete_user`), whatever its status."""
    return {
        "query": {
            "bool": {
                "filter": [
                    _term("tenant_id", tenant_id),
                    _term("scope", ScopeKind.USER.value),
                    _term("user_id", user_id),
                ]
            }
        }
    }
