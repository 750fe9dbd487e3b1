"""A large partition of the embedded index searches a neighbour graph (adapters/local/vector_graph.py) instead
of scanning every row: on a small set it must find what the exact scan finds, with the exact cosines; it
must never show one user's memory to another, nor a row its filter excludes; and it must follow every
write, including the writes made while it was being built."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.vector_cache import unit_rows
from reverie.adapters.local.vector_scan import FloatArray
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit

DIM = 384
NOW = datetime(2025, 1, 1, tzinfo=UTC)
GRAPH_FROM = 500
ALICE = Scope(tenant_id="t1", user_id="alice")
BOB = Scope(tenant_id="t1", user_id="bob")


def clustered(rng: np.random.Generator, rows: int, clusters: int = 20) -> FloatArray:
    """Unit vectors bunched around a few centres, as sentence embeddings are (many near-ties)."""
    centres = rng.standard_normal((clusters, DIM))
    noise = rng.standard_normal((rows, DIM)) * 0.4
    return unit_rows((centres[rng.integers(0, clusters, rows)] + noise).astype(np.float32))


def near(rng: np.random.Generator, vectors: FloatArray, rows: int) -> FloatArray:
    """Queries close to some of `vectors` (as a question is to the memory that answers it)."""
    noise = rng.standard_normal((rows, DIM)).astype(np.float32) * 0.05
    return unit_rows(vectors[rng.integers(0, len(vectors), rows)] + noise)


def docs(
    prefix: str, vectors: FloatArray, *, user: str | None = "alice", scope: ScopeKind = ScopeKind.USER
) -> list[SearchDoc]:
    return [
        SearchDoc(
            memory_id=f"{prefix}{i}", tenant_id="t1", scope=scope, user_id=user, type=MemoryType.FACT,
            status=Status.VERIFIED, text="note", vector=vector.tolist(),
        )
        for i, vector in enumerate(vectors)
    ]  # fmt: skip


def view(scope: Scope = ALICE) -> SearchFilter:
    return SearchFilter(scope=scope, now=NOW)


def pairs(hits: list[SearchHit]) -> list[tuple[str, float]]:
    return [(hit.memory_id, hit.score) for hit in hits]


def found_share(answers: list[tuple[list[SearchHit], list[SearchHit]]]) -> float:
    """The share of the exact answers' (id, cosine) pairs that the graph's answers hold."""
    return sum(len(set(pairs(g)) & set(pairs(e))) for g, e in answers) / sum(len(e) for _, e in answers)


@pytest.fixture
def indexes(tmp_path: Path) -> tuple[SqliteSearchIndex, SqliteSearchIndex]:
    """One index file opened twice: with a graph from `GRAPH_FROM` rows, and always exact."""
    graph = SqliteSearchIndex(tmp_path / "index.db", dim=DIM, graph_from_rows=GRAPH_FROM)
    exact = SqliteSearchIndex(tmp_path / "index.db", dim=DIM, graph_from_rows=None)
    yield graph, exact
    graph.close()
    exact.close()


def built(index: SqliteSearchIndex, scope: Scope = ALICE) -> None:
    """Load the scope's partitions (the first search does) and wait until their graphs answer."""
    index.search_vector([1.0] * DIM, view(scope), 1)
    assert index.wait_for_graphs(timeout=120), "the graph of a partition over GRAPH_FROM rows was not built"


def test_on_a_small_set_the_graph_finds_the_exact_neighbours_with_their_exact_cosines(
    indexes: tuple[SqliteSearchIndex, SqliteSearchIndex],
) -> None:
    # GIVEN 1,500 clustered vectors of alice's, and her partition's graph built
    graph, exact = indexes
    rng = np.random.default_rng(1)
    vectors = clustered(rng, 1_500)
    graph.upsert(docs("a", vectors))
    built(graph)
    # WHEN 40 queries (near the data and far from it) ask for the 10 nearest through the graph and exactly
    queries = [*near(rng, vectors, 20), *unit_rows(rng.standard_normal((20, DIM)).astype(np.float32))]
    answers = [
        (graph.search_vector(q.tolist(), view(), 10), exact.search_vector(q.tolist(), view(), 10))
        for q in queries
    ]
    # THEN it finds nearly all the exact scan's rows (it is approximate: a miss is a near-tie at the tail),
    # and every cosine it gives is the exact one
    assert found_share(answers) >= 0.95
    assert all(pairs(g)[0] == pairs(e)[0] for g, e in answers[:20]), (
        "a query near the data missed its nearest"
    )
    for query, (g, _) in zip(queries, answers, strict=True):
        cosines = [float(vectors[int(hit.memory_id[1:])] @ query) for hit in g]
        assert [hit.score for hit in g] == pytest.approx(cosines, abs=1e-6)
        assert cosines == sorted(cosines, reverse=True)


def test_the_graph_of_one_users_memory_never_answers_another(
    indexes: tuple[SqliteSearchIndex, SqliteSearchIndex],
) -> None:
    # GIVEN alice and bob holding the very same 800 vectors, each partition with its own graph
    graph, _ = indexes
    vectors = clustered(np.random.default_rng(2), 800)
    graph.upsert(docs("alice-", vectors) + docs("bob-", vectors, user="bob"))
    built(graph, ALICE)
    built(graph, BOB)
    for i in range(0, 800, 40):
        # WHEN each searches with one of those vectors
        mine = graph.search_vector(vectors[i].tolist(), view(ALICE), 20)
        theirs = graph.search_vector(vectors[i].tolist(), view(BOB), 20)
        # THEN each finds that vector in their own memory first, and nothing of the other's
        assert mine[0].memory_id == f"alice-{i}" and theirs[0].memory_id == f"bob-{i}"
        assert all(hit.memory_id.startswith("alice-") for hit in mine)
        assert all(hit.memory_id.startswith("bob-") for hit in theirs)


def test_rows_the_filter_excludes_never_come_from_the_graph(
    indexes: tuple[SqliteSearchIndex, SqliteSearchIndex],
) -> None:
    # GIVEN 1,000 of alice's cards, one in three superseded, and her graph built
    graph, exact = indexes
    vectors = clustered(np.random.default_rng(3), 1_000)
    held = docs("a", vectors)
    for i in range(0, 1_000, 3):
        held[i] = held[i].model_copy(update={"status": Status.SUPERSEDED})
    graph.upsert(held)
    built(graph)
    for i in range(0, 1_000, 30):
        # WHEN she searches with a superseded card's own vector
        hits = graph.search_vector(vectors[i].tolist(), view(), 15)
        # THEN that card and every other superseded one stay out, and the answer is the exact scan's
        assert all(int(hit.memory_id[1:]) % 3 for hit in hits)
        assert pairs(hits) == pairs(exact.search_vector(vectors[i].tolist(), view(), 15))


def test_the_graph_follows_writes_made_while_it_was_built_and_after(
    indexes: tuple[SqliteSearchIndex, SqliteSearchIndex],
) -> None:
    # GIVEN 2,000 of alice's cards, her partition loaded (its graph starts building)
    graph, exact = indexes
    rng = np.random.default_rng(4)
    held = docs("a", clustered(rng, 2_000))
    graph.upsert(held)
    graph.search_vector([1.0] * DIM, view(), 1)
    # WHEN, at once and again once the graph is built, cards get new vectors, are deleted and are added
    changed: dict[str, FloatArray] = {}
    deleted: set[str] = set()
    for round_ in (0, 1):
        moved, new = clustered(rng, 30, clusters=3), clustered(rng, 30, clusters=3)
        rewritten = held[100 * round_ : 100 * round_ + 30]
        graph.upsert(
            [d.model_copy(update={"vector": v.tolist()}) for d, v in zip(rewritten, moved, strict=True)]
        )
        graph.upsert(docs(f"new{round_}-", new))
        gone = [f"a{i}" for i in range(1_000 + 100 * round_, 1_050 + 100 * round_)]
        graph.delete("t1", gone)
        changed |= {d.memory_id: v for d, v in zip(rewritten, moved, strict=True)}
        changed |= {f"new{round_}-{i}": v for i, v in enumerate(new)}
        deleted |= set(gone)
        assert graph.wait_for_graphs(timeout=120)
    # THEN each changed or added card is the nearest to its own vector, no deleted card is found, and
    # the graph finds nearly all of the exact scan's answers
    for memory_id, vector in changed.items():
        hits = graph.search_vector(vector.tolist(), view(), 10)
        assert hits[0].memory_id == memory_id and hits[0].score == pytest.approx(1.0, abs=1e-5)
    answers = []
    for query in near(rng, np.array([d.vector for d in held], dtype=np.float32), 20):
        hits = graph.search_vector(query.tolist(), view(), 10)
        assert not deleted & {hit.memory_id for hit in hits}
        answers.append((hits, exact.search_vector(query.tolist(), view(), 10)))
    assert found_share(answers) >= 0.95
