"""Latency of the embedded search index's three recall paths, with a naive vector baseline in the same run.

For one user holding N random documents (384-d unit vectors, synthetic sentences with English-like Zipf word frequencies, a few
entities each, 5% org-wide and 10% hypotheses so the filter has work to do), prints p50/p95 per path, and
the vector path against the naive approach of reading every candidate blob from SQLite per query.

    reverie bench search-index [--sizes 1000 10000 100000] [--queries 200]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.search_sql import STOP_WORDS, filter_sql
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status
from reverie.domain.search import SearchDoc, SearchFilter

DIM = 384
K = 20
NOW = datetime(2025, 1, 1, tzinfo=UTC)
SCOPE = Scope(tenant_id="acme", user_id="u1", project_id="p1")
TYPES = list(MemoryType)


@dataclass(frozen=True)
class Vocabulary:
    """Words with Zipf frequencies (s=1.07, as in English), sampled through their cumulative distribution."""

    words: list[str]
    cdf: np.ndarray

    @classmethod
    def zipf(cls, words: list[str]) -> Vocabulary:
        weights = np.cumsum(1.0 / np.arange(1, len(words) + 1) ** 1.07)
        return cls(words, weights / weights[-1])

    def sample(self, rng: np.random.Generator, count: int) -> list[str]:
        ranks = np.minimum(np.searchsorted(self.cdf, rng.random(count)), len(self.words) - 1)
        return [self.words[int(r)] for r in ranks]


def vocabulary(rng: np.random.Generator, size: int = 20_000) -> list[str]:
    """English stop words at the top ranks, then synthetic words."""
    syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "en", "ar", "ol", "qu", "zen", "pra", "dex"]
    made = {"".join(rng.choice(syllables, size=int(rng.integers(2, 5)))) for _ in range(size * 2)}
    return sorted(STOP_WORDS) + sorted(made - STOP_WORDS)[: size - len(STOP_WORDS)]


def make_docs(rng: np.random.Generator, n: int, words: Vocabulary, names: list[str]) -> list[SearchDoc]:
    vectors = rng.standard_normal((n, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    docs = []
    for i in range(n):
        shared = rng.random() < 0.05
        docs.append(
            SearchDoc(
                memory_id=f"m{i}",
                tenant_id=SCOPE.tenant_id,
                scope=ScopeKind.ORG if shared else ScopeKind.USER,
                user_id=None if shared else SCOPE.user_id,
                type=TYPES[i % len(TYPES)],
                status=Status.HYPOTHESIS if rng.random() < 0.1 else Status.VERIFIED,
                text=" ".join(words.sample(rng, int(rng.integers(8, 20)))),
                vector=vectors[i].tolist(),
                observed_at=NOW - timedelta(minutes=int(rng.integers(0, 525_600))),
                entities=[str(e) for e in rng.choice(names, size=int(rng.integers(0, 4)), replace=False)],
            )
        )
    return docs


def percentiles(run: Callable[[int], object], queries: int) -> tuple[float, float]:
    times = []
    for q in range(queries):
        start = time.perf_counter()
        run(q)
        times.append((time.perf_counter() - start) * 1000)
    return float(np.percentile(times, 50)), float(np.percentile(times, 95))


def naive_vector(db: sqlite3.Connection, query: np.ndarray, filter: SearchFilter) -> list[str]:
    """The baseline: same SQL filter, but every candidate blob read from SQLite and decoded per query."""
    where = filter_sql(filter)
    assert where is not None
    rows = db.execute(
        f"SELECT d.memory_id, v.vector FROM docs d JOIN vectors v ON v.doc_id = d.doc_id WHERE {where[0]}",
        where[1],
    ).fetchall()
    matrix = np.vstack([np.frombuffer(blob, dtype=np.float32) for _, blob in rows])
    scores = (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)) @ query
    return [rows[i][0] for i in np.argsort(-scores)[:K]]


def bench_size(n: int, queries: int, workdir: Path) -> None:
    rng = np.random.default_rng(n)
    all_words = vocabulary(rng)
    words = Vocabulary.zipf(all_words)
    content = Vocabulary.zipf(all_words[len(STOP_WORDS) :])  # what is left of a query after its stop words
    names = [f"Name{i}" for i in range(300)]
    docs = make_docs(rng, n, words, names)
    index = SqliteSearchIndex(workdir / f"bench-{n}.db", dim=DIM)
    start = time.perf_counter()
    for i in range(0, n, 1_000):
        index.upsert(docs[i : i + 1_000])
    load_s = time.perf_counter() - start
    filter = SearchFilter(scope=SCOPE, now=NOW)
    text_queries = [f"what do we know about {' '.join(content.sample(rng, 3))}" for _ in range(queries)]
    common_queries = [f"{content.words[q % 10]} {' '.join(content.sample(rng, 2))}" for q in range(queries)]
    vector_queries = rng.standard_normal((queries, DIM)).astype(np.float32)
    starts = [NOW - timedelta(days=int(rng.integers(30, 365))) for _ in range(queries)]
    picks = [[str(e) for e in rng.choice(names, size=2, replace=False)] for _ in range(queries)]

    start = time.perf_counter()
    index.search_vector(vector_queries[0].tolist(), filter, K)
    cold_ms = (time.perf_counter() - start) * 1000
    results = {
        "text (BM25, 3 content words)": percentiles(
            lambda q: index.search_text(text_queries[q], filter, K), queries
        ),
        "text (one of the 10 commonest words)": percentiles(
            lambda q: index.search_text(common_queries[q], filter, K), queries
        ),
        "vector (cached numpy)": percentiles(
            lambda q: index.search_vector(vector_queries[q].tolist(), filter, K), queries
        ),
        "timeline (2 entities + window)": percentiles(
            lambda q: index.search_timeline(filter, K, picks[q], starts[q], starts[q] + timedelta(days=30)),
            queries,
        ),
        "timeline (window only)": percentiles(
            lambda q: index.search_timeline(filter, K, (), starts[q], None), queries
        ),
    }
    db = sqlite3.connect(workdir / f"bench-{n}.db")
    baseline_queries = max(5, min(queries, 500_000 // n))  # the baseline is slow at 10^5: fewer rounds
    unit = vector_queries / np.linalg.norm(vector_queries, axis=1, keepdims=True)
    results["vector baseline (blobs per query)"] = percentiles(
        lambda q: naive_vector(db, unit[q], filter), baseline_queries
    )
    same = naive_vector(db, unit[1], filter) == [
        hit.memory_id for hit in index.search_vector(vector_queries[1].tolist(), filter, K)
    ]
    db.close()
    index.close()

    print(f"\n{n:,} docs for one user: indexed in {load_s:.1f} s ({n / load_s:,.0f} docs/s); ", end="")
    print(f"first vector query (cache load) {cold_ms:.1f} ms; baseline top-{K} identical: {same}")
    print(f"  {'path':<36}{'p50 ms':>9}{'p95 ms':>9}")
    for path, (p50, p95) in results.items():
        print(f"  {path:<36}{p50:>9.2f}{p95:>9.2f}")
    fast, slow = results["vector (cached numpy)"], results["vector baseline (blobs per query)"]
    print(f"  vector speed-up over baseline: p50 ×{slow[0] / fast[0]:.0f}, p95 ×{slow[1] / fast[1]:.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200, help="queries per path and size")
    args = parser.parse_args(argv)
    print(f"SqliteSearchIndex latency, k={K}, {DIM}-d vectors, {args.queries} queries per path")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            bench_size(n, args.queries, Path(tmp))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
