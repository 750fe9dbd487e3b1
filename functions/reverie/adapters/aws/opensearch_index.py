"""The `SearchIndex` on Amazon OpenSearch Service, with opensearch-py (the embedded twin is SQLite).

An alias (`reverie-cards`) names the current generation of the index (`reverie-cards-v000001`, ...); every
generation is created with its own settings and mappings (bodies in `opensearch_queries`). `ensure_index`
creates the first generation; `rebuild` fills a new generation and then moves the alias in one atomic
`_aliases` call, so readers switch from the old documents to the new ones at once (a new embedding model
never yields a mixed index). Reads and writes go through the alias. Retries and error translation live in
`opensearch_transport`: only `StorageError` (and `ValueError` for bad input) leaves this module.

Nothing here creates a cluster-wide object: no index template, no stored search pipeline (hybrid searches
carry theirs in the request). On a domain shared by tenants (infra/search.py) each tenant's OpenSearch roles
then need permissions on its own indices only, and no tenant can overwrite what another one relies on.
"""

from __future__ import annotations

import logging
import math
import random
import re
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any, Literal

from opensearchpy.exceptions import NotFoundError, OpenSearchException, TransportError

from reverie.adapters.aws.opensearch_documents import (
    Json,
    check_docs,
    check_vector,
    cosine_from_knn_score,
    doc_id,
    doc_source,
    entity_key,
    parse_hits,
    query_terms,
)
from reverie.adapters.aws.opensearch_queries import (
    MAX_RESULT_WINDOW,
    Engine,
    Fusion,
    admits_nothing,
    count_query,
    hybrid_pipeline,
    hybrid_query,
    index_body,
    knn_query,
    text_query,
    timeline_query,
    user_docs_query,
)
from reverie.adapters.aws.opensearch_transport import OpenSearchCalls, Refresh, build_client
from reverie.domain.errors import StorageError
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit
from reverie.ports import SearchIndex

__all__ = ["OpenSearchIndex", "build_client"]

logger = logging.getLogger(__name__)


class OpenSearchIndex(SearchIndex):
    """`SearchIndex` over an OpenSearch alias. `client` is a ready opensearch-py client; without one, a
    SigV4-signing client for `endpoint` is built on first use (never at import or construction).

    `refresh` is the bulk refresh policy: "wait_for" (default) returns once writes are searchable, False
    leaves it to the index's refresh interval (faster bulk loads; reads may lag about a second).
    `fusion` and `hybrid_weights` (keyword, vector; summing to 1) configure the hybrid pipeline each hybrid
    search carries.
    """

    def __init__(
        self,
        client: Any | None = None,
        endpoint: str | None = None,
        region: str | None = None,
        alias: str = "reverie-cards",
        dim: int = 1024,
        *,
        service: Literal["es", "aoss"] = "es",
        engine: Engine = "lucene",
        refresh: Refresh = "wait_for",
        fusion: Fusion = "min_max",
        hybrid_weights: tuple[float, float] = (0.5, 0.5),
        shards: int = 1,
        replicas: int = 1,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        timeout_s: float = 10.0,
        bulk_chunk_bytes: int = 5 * 1024 * 1024,
    ) -> None:
        if client is None and not endpoint:
            raise ValueError("OpenSearchIndex needs a client or an endpoint (the domain's https address)")
        if dim < 1:
            raise ValueError(f"dim must be positive, got {dim}")
        if any(w < 0 for w in hybrid_weights) or not math.isclose(sum(hybrid_weights), 1.0):
            raise ValueError(
                f"hybrid_weights must be two non-negative numbers summing to 1: {hybrid_weights}"
            )
        self._client, self._owns_client = client, False
        self.endpoint, self.region, self.service, self.timeout_s = endpoint, region, service, timeout_s
        self.alias, self.dim, self.engine = alias, dim, engine
        self.refresh, self.fusion, self.hybrid_weights = refresh, fusion, hybrid_weights
        self.shards, self.replicas, self.bulk_chunk_bytes = shards, replicas, bulk_chunk_bytes
        self._calls = OpenSearchCalls(alias, max_attempts=max_attempts, sleep=sleep, rng=rng)
        self._generation = re.compile(rf"^{re.escape(alias)}-v(\d{{6}})$")

    @property
    def client(self) -> Any:
        if self._client is None:
            assert self.endpoint is not None
            self._client = build_client(self.endpoint, self.region, self.service, self.timeout_s)
            self._owns_client = True
        return self._client

    def close(self) -> None:
        """Close the client if this index built it (an injected client belongs to the caller)."""
        if self._owns_client and self._client is not None:
            self._client.close()
            self._client = None

    # -- administration --------------------------------------------------------------------------------

    def ensure_index(self) -> str:
        """Create the first generation behind the alias if there is none. Idempotent and safe to run
        concurrently. Returns the index the alias names."""
        generations = self._generations()
        current = sorted(name for name, aliased in generations.items() if aliased)
        if current:
            self._check_dimension(current[-1])
            return current[-1]
        first = self._next_name(generations)
        body: Json = {**self._index_body(), "aliases": {self.alias: {"is_write_index": True}}}

        def create() -> None:
            try:
                self.client.indices.create(index=first, body=body)
            except TransportError as exc:
                if "resource_already_exists" not in str(exc):  # another process created it first
                    raise

        self._call(f"create index {first}", create)
        return first

    def rebuild(self, docs: Sequence[SearchDoc], keep_old: bool = False) -> str:
        """Index `docs` into a new generation, then switch the alias to it atomically and drop the old ones.

        Until the switch, readers see the old generation; if anything fails before it, the new index is
        removed and the alias is untouched. Writes made through the alias during a rebuild land in the old
        generation: run it while the dream's lease is held, or sync the cards changed meanwhile afterwards.
        Returns the new index's name.
        """
        actions = self._index_actions(docs, index=None)  # validates before anything is created
        generations = self._generations()
        new = self._next_name(generations)
        create = partial(self.client.indices.create, index=new, body=self._index_body())
        self._call(f"create index {new}", create)
        try:
            actions = [{**action, "_index": new} for action in actions]
            self._calls.bulk(self.client, actions, f"rebuild into {new}", False, self.bulk_chunk_bytes)
            self._call(f"refresh {new}", partial(self.client.indices.refresh, index=new))
            switch: list[Json] = [
                {"remove": {"index": name, "alias": self.alias}}
                for name, aliased in sorted(generations.items())
                if aliased
            ]
            switch.append({"add": {"index": new, "alias": self.alias, "is_write_index": True}})
            body = {"actions": switch}
            self._call("switch alias", partial(self.client.indices.update_aliases, body=body))
        except BaseException:
            try:
                self.client.indices.delete(index=new)
            except OpenSearchException:  # best effort: the next rebuild takes the next name anyway
                logger.warning("could not remove the unfinished index %s", new)
            raise
        for name in [] if keep_old else sorted(generations):
            self._call(f"delete index {name}", partial(self.client.indices.delete, index=name))
        return new

    # -- writes ------------------------------------------------------------------------------------------

    def upsert(self, docs: Sequence[SearchDoc]) -> None:
        actions = self._index_actions(docs, index=self.alias)
        if actions:
            self._calls.bulk(self.client, actions, "upsert", self.refresh, self.bulk_chunk_bytes)

    def delete(self, tenant_id: str, memory_ids: Sequence[str]) -> None:
        actions: list[Json] = [
            {"_op_type": "delete", "_index": self.alias, "_id": doc_id(tenant_id, memory_id)}
            for memory_id in memory_ids
        ]
        if actions:
            self._calls.bulk(self.client, actions, "delete", self.refresh, self.bulk_chunk_bytes)

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        request = partial(
            self.client.delete_by_query,
            index=self.alias,
            body=user_docs_query(tenant_id, user_id),
            refresh=self.refresh is not False,
            conflicts="proceed",
        )
        return int(self._call("delete user documents", request).get("deleted", 0))

    def compact(self) -> bool:
        """Merge away the segments that still hold deleted documents (a delete only marks them in Lucene):
        a force merge of the alias's index with `only_expunge_deletes`, started as a background task
        (`wait_for_completion=false`) so a deletion request never waits for a merge. True once accepted."""
        request = partial(
            self.client.indices.forcemerge,
            index=self.alias,
            only_expunge_deletes=True,
            wait_for_completion=False,
        )
        self._call("expunge deleted documents", request)
        return True

    # -- searches ----------------------------------------------------------------------------------------

    def search_text(self, query: str, filter: SearchFilter, k: int) -> list[SearchHit]:
        terms = query_terms(query)
        if not terms or k <= 0 or admits_nothing(filter):
            return []
        return self._search("keyword search", text_query(terms, filter, min(k, MAX_RESULT_WINDOW)))

    def search_vector(self, vector: Sequence[float], filter: SearchFilter, k: int) -> list[SearchHit]:
        check_vector(vector, self.dim, "the query vector")
        if k <= 0 or admits_nothing(filter):
            return []
        hits = self._search("vector search", knn_query(vector, filter, min(k, MAX_RESULT_WINDOW)))
        found = [SearchHit(memory_id=h.memory_id, score=cosine_from_knn_score(h.score)) for h in hits]
        return sorted(found, key=lambda hit: (-hit.score, hit.memory_id))

    def search_timeline(
        self,
        filter: SearchFilter,
        k: int,
        entities: Sequence[str] = (),
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[SearchHit]:
        keys = sorted({entity_key(name) for name in entities} - {""})
        if k <= 0 or admits_nothing(filter) or (entities and not keys):
            return []
        hits = self._search(
            "timeline search", timeline_query(filter, min(k, MAX_RESULT_WINDOW), keys, start, end)
        )
        return hits if keys else [SearchHit(memory_id=h.memory_id, score=0.0) for h in hits]

    def search_hybrid(
        self, query: str, vector: Sequence[float], filter: SearchFilter, k: int
    ) -> list[SearchHit]:
        """Keyword and vector recall fused inside OpenSearch by the hybrid pipeline (scores in [0, 1] for
        `min_max`, summed reciprocal ranks for `rrf`). A query without searchable words is a vector search."""
        check_vector(vector, self.dim, "the query vector")
        terms = query_terms(query)
        if not terms:
            return self.search_vector(vector, filter, k)
        if k <= 0 or admits_nothing(filter):
            return []
        body = {
            **hybrid_query(terms, vector, filter, min(k, MAX_RESULT_WINDOW)),
            "search_pipeline": hybrid_pipeline(self.fusion, self.hybrid_weights),
        }
        return self._search("hybrid search", body)

    def count(self, filter: SearchFilter) -> int:
        if admits_nothing(filter):
            return 0
        response = self._call("count", partial(self.client.count, index=self.alias, body=count_query(filter)))
        return int(response["count"])

    # -- internals ---------------------------------------------------------------------------------------

    def _call(self, what: str, request: Callable[[], Any]) -> Any:
        return self._calls.call(what, request)

    def _search(self, what: str, body: Json) -> list[SearchHit]:
        response = self._call(what, partial(self.client.search, index=self.alias, body=body))
        return [SearchHit(memory_id=memory_id, score=score) for memory_id, score in parse_hits(response)]

    def _index_body(self) -> Json:
        return index_body(self.dim, self.engine, self.shards, self.replicas)

    def _generations(self) -> dict[str, bool]:
        """The existing generations of the index, each with whether the alias names it."""

        def get() -> dict[str, Any]:
            try:
                return dict(self.client.indices.get_alias(index=f"{self.alias}-v*"))
            except NotFoundError:
                return {}

        found: dict[str, Any] = self._call("list index generations", get)
        return {
            name: self.alias in (info.get("aliases") or {})
            for name, info in found.items()
            if self._generation.match(name)
        }

    def _next_name(self, generations: dict[str, bool]) -> str:
        numbers = [int(m.group(1)) for name in generations if (m := self._generation.match(name))]
        return f"{self.alias}-v{max(numbers, default=0) + 1:06d}"

    def _check_dimension(self, index: str) -> None:
        mapping = self._call("read mapping", partial(self.client.indices.get_mapping, index=index))
        properties = (mapping.get(index) or {}).get("mappings", {}).get("properties", {})
        stored = (properties.get("vector") or {}).get("dimension")
        if stored is not None and int(stored) != self.dim:
            raise StorageError(
                f"index {index} holds {stored}-dimensional vectors but the embedder gives {self.dim}: "
                "rebuild() the index for the new embedding model"
            )

    def _index_actions(self, docs: Sequence[SearchDoc], index: str | None) -> list[Json]:
        """Bulk index actions, after checking every document (bad input never loses stored data)."""
        check_docs(docs, self.dim)
        return [
            {
                "_op_type": "index",
                "_index": index,
                "_id": doc_id(d.tenant_id, d.memory_id),
                "_source": doc_source(d),
            }
            for d in docs
        ]
