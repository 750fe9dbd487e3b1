"""Recall's vector and keyword paths on shared worker threads (`services.query_vector`), and recall that uses them."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.domain.models import Scope
from reverie.domain.search import SearchFilter, SearchHit
from reverie.ports import Embedder
from reverie.services.backends import Backends
from reverie.services.query_vector import WORKERS, Prefetched, start_paths
from reverie.services.recall import build_context
from tests.fakes.embedder import HashEmbedder
from tests.unit.helpers import remember


class GatedEmbedder(Embedder):
    """The hash embedder's vectors, each computed only once `gate` is open; says which threads embedded."""

    model_id = "test/gated"

    def __init__(self) -> None:
        self.inner = HashEmbedder()
        self.dim = self.inner.dim
        self.gate = threading.Event()
        self.started = threading.Semaphore(0)
        self.threads: list[int] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.threads.append(threading.get_ident())
        self.started.release()
        self.gate.wait(timeout=30)  # a bound, not a measure: a broken pool fails instead of hanging
        return self.inner.embed(texts)


class GatedIndex(SqliteSearchIndex):
    """The in-memory index standing for a server's (its search a wait, not the caller's CPU), its keyword
    search run only once `gate` is open; says which threads searched."""

    in_process = False

    def __init__(self, dim: int) -> None:
        super().__init__(":memory:", dim=dim)
        self.gate = threading.Event()
        self.started = threading.Semaphore(0)
        self.threads: list[int] = []

    def search_text(self, query: str, filter: SearchFilter, k: int) -> list[SearchHit]:
        self.threads.append(threading.get_ident())
        self.started.release()
        self.gate.wait(timeout=30)  # a bound, not a measure: a broken pool fails instead of hanging
        return super().search_text(query, filter, k)


class FailingEmbedder(HashEmbedder):
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        raise RuntimeError("embedding service unavailable")


@pytest.fixture
def busy() -> Iterator[GatedEmbedder]:
    """Every worker embedding for another request, held until the test ends."""
    gated = GatedEmbedder()
    held = [Prefetched(lambda n=n: gated.embed([f"other request {n}"])) for n in range(WORKERS)]
    for _ in held:
        gated.started.acquire()
    yield gated
    gated.gate.set()
    for vector in held:
        vector.result()


def test_the_work_runs_on_a_worker_while_the_caller_goes_on() -> None:
    # GIVEN an embedder that waits for the test's signal
    gated = GatedEmbedder()

    # WHEN a query's vector is asked for, and the embedding has started
    vector = Prefetched(lambda: gated.embed(["where does Alice live?"])[0])
    gated.started.acquire()  # the caller is free while the worker embeds: it got here
    gated.gate.set()

    # THEN it ran on another thread and gives the embedder's vector for that text
    assert gated.threads[0] != threading.get_ident()
    assert vector.result() == HashEmbedder().embed(["where does Alice live?"])[0]


def test_a_request_never_waits_behind_busy_workers(busy: GatedEmbedder) -> None:
    # GIVEN every worker busy with another request (held by `busy`)
    # WHEN a new query's vector is needed
    caller = threading.get_ident()
    vector = Prefetched(lambda: (threading.get_ident(), HashEmbedder().embed(["what does Bob drink?"])[0]))

    # THEN the caller computes it itself, the same vector
    assert vector.result() == (caller, HashEmbedder().embed(["what does Bob drink?"])[0])


def test_work_taken_back_from_busy_workers_runs_once_however_often_it_is_read(busy: GatedEmbedder) -> None:
    # GIVEN every worker busy, so the caller computes the vector itself
    runs: list[int] = []
    vector = Prefetched(lambda: (runs.append(1), HashEmbedder().embed(["where is Ghent?"])[0])[1])

    # WHEN recall reads it twice (the raw turns' meaning path, then the vector path)
    first, second = vector.result(), vector.result()

    # THEN it was computed once, the same vector both times
    assert runs == [1] and first == second


def test_an_embedding_error_reaches_the_caller() -> None:
    vector = Prefetched(lambda: FailingEmbedder().embed(["anything"]))
    with pytest.raises(RuntimeError, match="embedding service unavailable"):
        vector.result()


def test_no_thread_is_created_per_request() -> None:
    # GIVEN the workers started
    Prefetched(lambda: HashEmbedder().embed(["warm up"])).result()
    before = threading.active_count()

    # WHEN many vectors are computed
    for n in range(3 * WORKERS):
        Prefetched(lambda n=n: HashEmbedder().embed([f"question {n}"])).result()

    # THEN no thread was added beyond the pool's bound
    assert threading.active_count() <= before + WORKERS


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_process_gets_workers_of_its_own() -> None:
    # GIVEN the parent's workers started
    Prefetched(lambda: 1).result()

    # WHEN a forked child prefetches something and waits for a worker to start on it
    pid = os.fork()
    if pid == 0:  # the child: exit 0 when a worker of its own ran the job
        started = threading.Event()
        job = Prefetched(lambda: (started.set(), threading.get_ident())[1])
        ran = started.wait(timeout=30)  # a bound, not a measure: without workers it never starts
        os._exit(0 if ran and job.result() != threading.get_ident() else 1)
    _, status = os.waitpid(pid, 0)

    # THEN it did
    assert os.waitstatus_to_exitcode(status) == 0


def test_recall_gives_the_same_context_whichever_thread_embeds(
    backends: Backends, alice: Scope, busy: GatedEmbedder
) -> None:
    # GIVEN memories found by words and by similarity
    for statement in (
        "Alice moved to Lisbon in March",
        "Alice's sister lives in Porto",
        "The payments service deploys through ArgoCD",
        "Alice prefers short answers about deployments",
    ):
        remember(backends, alice, statement)
    query = "where does Alice live now?"

    # WHEN recall runs with every worker busy (the caller embeds), then with workers free (one of them
    # embeds unless the caller asks first)
    inline = build_context(backends, query, alice, 500, record_hits=False)
    busy.gate.set()
    gated = GatedEmbedder()
    gated.gate.set()
    threaded = build_context(replace(backends, embedder=gated), query, alice, 500, record_hits=False)

    # THEN the contexts are the same
    assert threaded.text == inline.text and threaded.ranked_ids == inline.ranked_ids
    assert inline.memory_ids and gated.threads


def test_the_keyword_search_runs_on_a_worker_beside_the_embedding(backends: Backends, alice: Scope) -> None:
    # GIVEN an index whose keyword search waits for the test's signal, holding memories
    index = GatedIndex(backends.embedder.dim)
    gated = replace(backends, index=index)
    for statement in ("Alice moved to Lisbon in March", "Bob drinks sencha every afternoon"):
        remember(gated, alice, statement)
    filt = SearchFilter(scope=alice, now=backends.clock())

    # WHEN recall starts its paths, and the keyword search has started
    started = start_paths(gated, "where did Alice move?", filt, 10)
    assert index.started.acquire(timeout=30)  # the caller is free while a worker searches: it got here
    vector = started.vector.vector()  # and the embedding needs no keyword search to finish
    index.gate.set()

    # THEN the search ran on another thread and gives the index's hits for that query
    assert index.threads[0] != threading.get_ident()
    assert started.text.result() == index.search_text("where did Alice move?", filt, 10) != []
    assert vector == backends.embedder.embed(["where did Alice move?"])[0]


def test_an_in_process_index_searches_on_the_callers_thread_when_asked(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN an embedded index (its keyword search is work on this machine's CPU), holding memories
    index = GatedIndex(backends.embedder.dim)
    index.in_process = True
    index.gate.set()
    embedded = replace(backends, index=index)
    remember(embedded, alice, "Alice moved to Lisbon in March")
    filt = SearchFilter(scope=alice, now=backends.clock())

    # WHEN recall starts its paths
    started = start_paths(embedded, "where did Alice move?", filt, 10)

    # THEN no worker searched; the caller does when it asks, and gets the index's hits
    assert index.threads == []
    assert started.text.result() == index.search_text("where did Alice move?", filt, 10) != []
    assert index.threads[0] == threading.get_ident()
