"""What `OpenSearchIndex` does beyond the `SearchIndex` port, on a real OpenSearch 2.19 (k-NN and
neural-search plugins, tests/contract/engines.py): hybrid recall through the pipeline each search carries
(nothing stored cluster-wide), index generations behind the alias, the embedding dimension guard. Golden request bodies pin the same requests
without an engine (tests/adapters/test_opensearch_index.py); these show OpenSearch accepts and answers them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from reverie.adapters.aws.opensearch_index import OpenSearchIndex
from reverie.adapters.aws.opensearch_queries import Fusion
from reverie.domain.errors import StorageError
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status
from reverie.domain.search import SearchDoc, SearchFilter

pytestmark = pytest.mark.engine

DIM = 4
NOW = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
ME = SearchFilter(scope=Scope(tenant_id="t1", user_id="u1"), now=NOW)
_aliases = (f"reverie-engine-{n}" for n in itertools.count())
OpenIndex = Callable[..., OpenSearchIndex]


def card(memory_id: str, text: str, vector: list[float], tenant: str = "t1") -> SearchDoc:
    return SearchDoc(
        memory_id=memory_id, tenant_id=tenant, scope=ScopeKind.USER, user_id="u1", project_id=None,
        type=MemoryType.FACT, status=Status.VERIFIED, text=text, vector=vector, valid_until=None,
        observed_at=NOW - timedelta(days=1), entities=[],
    )  # fmt: skip


@pytest.fixture
def open_index(opensearch_engine: str) -> Iterator[OpenIndex]:
    """Opens `OpenSearchIndex` instances on fresh aliases of the session's engine; removes what they made."""
    from opensearchpy import OpenSearch

    client = OpenSearch(hosts=[opensearch_engine])
    made: list[str] = []

    def opener(*, alias: str | None = None, dim: int = DIM, **options: Any) -> OpenSearchIndex:
        alias = alias or next(_aliases)
        made.append(alias)
        client_of_this_instance = OpenSearch(hosts=[opensearch_engine])
        return OpenSearchIndex(client=client_of_this_instance, alias=alias, dim=dim, replicas=0, **options)

    yield opener
    for alias in set(made):
        client.indices.delete(index=f"{alias}-v*", expand_wildcards="all", ignore_unavailable=True)
    client.close()


DOCS = [
    card("both", "deploy payments on monday", [1.0, 0.0, 0.0, 0.0]),
    card("words-only", "deploy the billing service", [0.0, 0.0, 1.0, 0.0]),
    card("vector-only", "tea in the morning", [0.9, 0.1, 0.0, 0.0]),
    card("neither", "the office plants", [0.0, 0.0, 0.0, 1.0]),
    card("other-tenant", "deploy payments on monday", [1.0, 0.0, 0.0, 0.0], tenant="t2"),
]


@pytest.mark.parametrize("fusion", ["min_max", "rrf"])
def test_hybrid_search_fuses_keyword_and_vector_recall_in_the_pipeline_it_carries(
    open_index: OpenIndex, fusion: Fusion
) -> None:
    # GIVEN an index set up with nothing cluster-wide: each hybrid search carries its pipeline (this fusion)
    index = open_index(fusion=fusion)
    index.ensure_index()
    index.upsert(DOCS)
    # WHEN one hybrid query asks for "deploy payments" near the first axis
    hits = index.search_hybrid("deploy payments", [1.0, 0.0, 0.0, 0.0], ME, 10)
    # THEN the card both paths find ranks first, each path's own finds follow, another tenant's never
    ids = [hit.memory_id for hit in hits]
    assert ids[0] == "both"
    assert {"words-only", "vector-only"} <= set(ids)
    assert "other-tenant" not in ids
    assert all(a.score >= b.score for a, b in itertools.pairwise(hits))
    if fusion == "min_max":
        assert hits[0].score == pytest.approx(1.0) and all(0.0 <= hit.score <= 1.0 for hit in hits)
    # AND the domain holds no stored pipeline and no index template (a tenant's role needs no cluster right)
    assert stored(index, "/_search/pipeline") == {}
    assert stored(index, "/_index_template") == {"index_templates": []}


def stored(index: OpenSearchIndex, path: str) -> Any:
    """What the engine holds at `path` (its 404 for "none" read as the empty answer)."""
    from opensearchpy.exceptions import NotFoundError

    try:
        return index.client.transport.perform_request("GET", path)
    except NotFoundError:
        return {"index_templates": []} if "template" in path else {}


def test_a_rebuild_switches_readers_to_the_new_generation_at_once(open_index: OpenIndex) -> None:
    # GIVEN the first generation holds an old card, read through the alias
    index = open_index()
    first = index.ensure_index()
    index.upsert([card("old", "deploy with ftp", [1.0, 0.0, 0.0, 0.0])])
    # WHEN the index is rebuilt from the cards held now
    second = index.rebuild([card("new", "deploy with rsync", [1.0, 0.0, 0.0, 0.0])])
    # THEN the alias names the new generation only, and every path answers from it
    assert (first, second) == (f"{index.alias}-v000001", f"{index.alias}-v000002")
    assert [hit.memory_id for hit in index.search_text("deploy", ME, 5)] == ["new"]
    assert [hit.memory_id for hit in index.search_vector([1.0, 0.0, 0.0, 0.0], ME, 5)] == ["new"]
    assert not index.client.indices.exists(index=first)
    assert index.ensure_index() == second  # idempotent: nothing new created
    # AND the new generation has the index's own analyser and strict mapping (no template supplies them)
    mapping = index.client.indices.get_mapping(index=second)[second]["mappings"]
    assert mapping["dynamic"] == "strict" and mapping["properties"]["text"]["analyzer"] == "reverie_english"


def test_opening_an_index_with_another_embedding_size_is_refused(open_index: OpenIndex) -> None:
    # GIVEN an index built for 4-dimensional vectors holding a card
    index = open_index()
    index.ensure_index()
    index.upsert([card("kept", "deploy notes", [1.0, 0.0, 0.0, 0.0])])
    # WHEN a deployment with an 8-dimensional embedder opens the same alias THEN it is told to rebuild
    with pytest.raises(StorageError, match="rebuild"):
        open_index(alias=index.alias, dim=8).ensure_index()
    assert [hit.memory_id for hit in index.search_text("deploy", ME, 5)] == ["kept"]
