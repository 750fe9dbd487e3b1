"""Indices on the session's real OpenSearch for the `SearchIndex` contract suite, reused across tests.

Creating an index costs a cluster-state change and a shard start (0.5-1 s on a loaded 2-core machine);
emptying one costs a delete-by-query (~10 ms). So a test takes one index per storage name it opens, emptied
first, and gives them all back when it ends; the suite creates a handful of indices instead of hundreds.
Every open still goes through `OpenSearchIndex.ensure_index` (idempotent on an existing index).
"""

from __future__ import annotations

import itertools
from typing import Any

from reverie.adapters.aws.opensearch_index import OpenSearchIndex

REFRESH_INTERVAL = "50ms"
"""The adapter keeps its default "wait_for" refresh policy; a refresh every 50 ms instead of every second
(the production interval) makes each write wait less."""


class IndexPool:
    """Empty, reusable aliases (each naming one index) on one OpenSearch at `url`."""

    def __init__(self, url: str, dim: int) -> None:
        from opensearchpy import OpenSearch

        self.url, self.dim = url, dim
        self.client: Any = OpenSearch(hosts=[url])
        self._free: list[str] = []
        self._numbers = itertools.count()

    def take(self) -> str:
        """An alias naming an index that holds no document."""
        if self._free:
            alias = self._free.pop()
            body = {"query": {"match_all": {}}}
            self.client.delete_by_query(index=alias, body=body, refresh=True, conflicts="proceed")
            return alias
        alias = f"reverie-contract-{next(self._numbers)}"
        self.open(alias).ensure_index()
        self.client.indices.put_settings(index=alias, body={"index": {"refresh_interval": REFRESH_INTERVAL}})
        return alias

    def give_back(self, alias: str) -> None:
        self._free.append(alias)

    def open(self, alias: str) -> OpenSearchIndex:
        """A new adapter instance (with its own client, like another process) over `alias`."""
        from opensearchpy import OpenSearch

        return OpenSearchIndex(client=OpenSearch(hosts=[self.url]), alias=alias, dim=self.dim, replicas=0)
