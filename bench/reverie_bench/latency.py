"""`reverie bench latency`: capture and recall for one user as their memory grows (1k → 10k → 100k cards),
next to a naive full-scan recall (every card loaded from the note store, scored by word overlap) measured
in the same run.

Each size is a user's memory in a data folder of its own, all built first; then recall is timed on every
size query by query, the sizes taking turns, so the growth ratios (issue 14: p95 ×1.5 at most from 10k to
100k) compare times taken under the same load.

Cards are synthetic sentences from a fixed vocabulary (seeded). A sample of each step is written through
`create_memories` (the ingest rate reported); the bulk is written straight to the note store and the
index. Every card carries its own sentence's MiniLM vector, as in a real memory: with vectors reused
from a small pool, most cards would have a hundred exact twins, which no embedding model produces and
which no nearest-neighbour graph is built for. Embedding 10^5 sentences takes minutes here, so the
bulk's vectors are kept in the cache folder (`onnx_cache.default_cache_dir`) under a digest of the
texts and the embedder, and embedded again only when either changes.

A partition large enough for a neighbour graph (`vector_cache.GRAPH_FROM_ROWS`) searches the exact scan
until its graph is built in the background; recall is timed once it is (a service in its steady state),
and the output says how long the build took and what share of the exact nearest the graph found.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from reverie.adapters.local.embedder import MiniLMEmbedder
from reverie.adapters.local.onnx_cache import default_cache_dir
from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.vector_cache import GRAPH_FROM_ROWS
from reverie.domain.events import MessageEvent
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    Scope,
    Source,
    SourceKind,
    Status,
)
from reverie.domain.search import SearchDoc, SearchFilter, card_search_text
from reverie.domain.text import entities
from reverie.ports import CardQuery
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.capture import append_events
from reverie.services.recall import build_context
from reverie_bench.common import (
    format_table,
    local_backends,
    metric_words,
    percentile,
    progress_bar,
    timed,
)

SCOPE = Scope(tenant_id="bench", user_id="grower")
BUDGET = 1000
QUERIES = 100
REAL_SAMPLE = 400  # cards per step written through create_memories
START = datetime(2023, 1, 1, 9, 0, tzinfo=UTC)

NAMES = "Ana Ben Chloe Dev Elena Farid Grace Hiro Ines Jonas Kofi Lena Mateo Nadia Omar Priya".split()
VERBS = (
    "moved fixed deployed reviewed postponed migrated broke tested documented cancelled scheduled "
    "rolled-back benchmarked approved rejected refactored monitored archived renamed upgraded"
).split()
THINGS = (
    (
        "payments-service billing-job search-index login-page staging-cluster backup-script release-train "
        "api-gateway data-pipeline mobile-app invoice-export vpn-config dns-records cache-layer ci-runner "
        "feature-flag onboarding-flow audit-log email-queue report-dashboard tax-module pricing-page "
        "sso-integration load-balancer metrics-agent schema-migration web-hooks docs-site sandbox quota"
    )
    .replace("-", " ")
    .split(" ")
)
PLACES = "Lisbon Berlin Nairobi Osaka Toronto Lima Oslo Pune Austin Cork".split()
REASONS = (
    "after the outage|because the tests were flaky|to cut costs|before the audit|at the customer's request|"
    "since latency doubled|to unblock the launch|after a security review|for the quarterly report|"
    "because the vendor changed its API"
).split("|")
WHEN = "on Monday|last week|yesterday|this morning|before the holidays|on Friday night|after lunch".split("|")


def sentence(rng: random.Random) -> str:
    thing = " ".join(rng.sample(THINGS, 2))
    return (
        f"{rng.choice(NAMES)} {rng.choice(VERBS).replace('-', ' ')} the {thing} in {rng.choice(PLACES)} "
        f"{rng.choice(WHEN)} {rng.choice(REASONS)}"
    )


def question(rng: random.Random) -> str:
    thing = " ".join(rng.sample(THINGS, 2))
    return f"What happened to the {thing} in {rng.choice(PLACES)} and why did {rng.choice(NAMES)} do it?"


def _card(i: int, text: str) -> tuple[NewMemory, datetime]:
    when = START + timedelta(hours=6 * (i // 20), minutes=i % 20)  # sessions of 20 cards, 6 h apart
    kind = MemoryType.EPISODE if i % 4 else MemoryType.FACT
    ref = EvidenceRef(session_id=f"s{i // 20}", event_id=f"e{i}")
    return NewMemory(type=kind, statement=text, evidence_refs=[ref], observed_at=when), when


def capture(b: Backends, first: int, count: int, rng: random.Random) -> float:
    """Append `count` message events in batches of 100; returns events per second."""
    start = time.perf_counter()
    for batch in range(first, first + count, 100):
        events = [
            MessageEvent(
                event_id=f"e{i}",
                tenant_id=SCOPE.tenant_id,
                user_id=SCOPE.user_id,
                session_id=f"s{i // 20}",
                ts=START + timedelta(minutes=i),
                role="user",
                text=sentence(rng),
            )
            for i in range(batch, min(batch + 100, first + count))
        ]
        append_events(b, SCOPE, events)
    return count / (time.perf_counter() - start)


def ingest_real(b: Backends, first: int, count: int, rng: random.Random) -> float:
    """`create_memories` in batches of 50 (real embeddings, the product path); returns cards per second."""
    start = time.perf_counter()
    for batch in range(first, first + count, 50):
        items = [_card(i, sentence(rng))[0] for i in range(batch, min(batch + 50, first + count))]
        create_memories(b, SCOPE, items)
    return count / (time.perf_counter() - start)


def bulk_vectors(embedder: MiniLMEmbedder, texts: Sequence[str]) -> np.ndarray:
    """The embedder's vectors of `texts` (float32 rows), read from the cache folder when this embedder
    embedded these texts before, else embedded now (with a progress bar) and kept there."""
    digest = hashlib.sha256(f"{embedder.runtime} {embedder.precision}\n".encode())
    for text in texts:
        digest.update(text.encode() + b"\n")
    path = default_cache_dir() / f"bench-latency-{digest.hexdigest()[:16]}.npy"
    if path.is_file():
        return np.load(path)
    parts = []
    with progress_bar(f"embedding {len(texts):,} sentences (kept for the next run)", len(texts)) as advance:
        for first in range(0, len(texts), 2_000):
            parts.append(embedder.embed_array(texts[first : first + 2_000]))
            advance(len(parts[-1]))
    vectors = np.concatenate(parts) if parts else np.empty((0, embedder.dim), dtype=np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial.npy")
    np.save(partial, vectors)
    os.replace(partial, path)
    return vectors


def ingest_bulk(
    b: Backends,
    first: int,
    texts: Sequence[str],
    vectors: np.ndarray,
    advance: Callable[[int], None],
) -> float:
    """Cards `first`, `first + 1`, ... of `texts` written straight to the note store and the index with
    their `vectors`; cards/s."""
    now = b.clock()
    start = time.perf_counter()
    for batch in range(0, len(texts), 500):
        docs = []
        for j in range(batch, min(batch + 500, len(texts))):
            item, when = _card(first + j, texts[j])
            card = b.notes.create(
                MemoryCard(
                    layer=Layer.KNOWLEDGE,
                    status=Status.VERIFIED,
                    type=item.type,
                    tenant_id=SCOPE.tenant_id,
                    user_id=SCOPE.user_id,
                    statement=item.statement,
                    evidence_refs=list(item.evidence_refs),
                    source=Source(kind=SourceKind.USER),
                    confidence=0.8,
                    observed_at=when,
                    last_verified_at=now,
                )
            )
            text = card_search_text(card)
            docs.append(SearchDoc.from_card(card, vectors[j].tolist(), entities(text)))
        b.index.upsert(docs)
        advance(len(docs))
    return len(texts) / (time.perf_counter() - start)


def naive_recall(b: Backends, query: str, budget: int) -> list[str]:
    """The baseline: load every card of the user, score by words shared with the query, fill the budget."""
    cards = b.notes.query(CardQuery(scope=SCOPE, limit=10_000_000))
    wanted = set(metric_words(query))
    scored = sorted(cards, key=lambda c: -len(wanted & set(metric_words(c.statement))))
    taken, used, misses = [], 0, 0
    for card in scored:
        cost = b.tokens.count(card.statement)
        if used + cost <= budget:
            taken.append(card.memory_id)
            used, misses = used + cost, 0
        elif (misses := misses + 1) >= 5:  # the same stopping rule as recall's fill
            break
    return taken


def stages(b: Backends, queries: Sequence[str], old: Baselines) -> dict[str, float]:
    """p50 of each port call recall makes, alone: where the time of a recall goes as memory grows; beside
    the embedding, keyword and vector searches, the paths they replaced (numpy MiniLM, every keyword match
    ranked, every vector scored exactly: int8 codes, or float32); and the share of the exact 60 nearest
    that the vector search found (below 1 only where a neighbour graph answers)."""
    filt = SearchFilter(scope=SCOPE, now=b.clock())
    kinds = filt.model_copy(update={"types": frozenset({MemoryType.PREFERENCE, MemoryType.PLAN})})
    vectors = {q: b.embedder.embed([q])[0] for q in queries[:20]}
    calls: dict[str, Callable[[str], object]] = {
        "embed_query": lambda q: b.embedder.embed([q]),
        "embed_query_numpy": lambda q: old.embedder.embed([q]),
        "search_text": lambda q: b.index.search_text(q, filt, 60),
        "search_text_every_match": lambda q: old.index.search_text(q, filt, 60),
        "search_vector": lambda q: b.index.search_vector(vectors[q], filt, 60),
        "search_vector_exact": lambda q: old.exact.search_vector(vectors[q], filt, 60),
        "search_vector_float32": lambda q: old.index.search_vector(vectors[q], filt, 60),
        "search_timeline_by_type": lambda q: b.index.search_timeline(kinds, 200),
    }
    found = []
    for q in queries:
        vector = b.embedder.embed([q])[0]
        exact = {hit.memory_id for hit in old.exact.search_vector(vector, filt, 60)}
        found.append(
            len(exact & {hit.memory_id for hit in b.index.search_vector(vector, filt, 60)}) / len(exact)
        )
    return {
        **{f"{name}_p50_ms": timed(call, queries[:20])[0] for name, call in calls.items()},
        "vector_found_share": round(sum(found) / len(found), 4),
    }


@dataclass(frozen=True)
class Baselines:
    """The paths issue 14 replaced, measured in the same run: the numpy forward pass, and the same index
    file searched with every keyword match ranked (no candidate bound) and every vector scored in float32
    (no int8 scan), and searched with the exact int8 scan and no neighbour graph (`exact`)."""

    embedder: MiniLMEmbedder
    index: SqliteSearchIndex
    exact: SqliteSearchIndex

    @classmethod
    def open(cls, home: Path) -> Baselines:
        embedder = MiniLMEmbedder(cache_size=0, runtime="numpy")
        embedder.load()
        return cls(
            embedder,
            SqliteSearchIndex(
                home / "index.db", max_keyword_candidates=10**12, int8_scan=False, graph_from_rows=None
            ),
            SqliteSearchIndex(home / "index.db", graph_from_rows=None),
        )


def interleaved(calls: dict[str, Callable[[str], object]], queries: Sequence[str]) -> dict[str, list[float]]:
    """Each query's time (ms) on every size, the sizes taking turns query by query (in alternating order), so
    a burst of load elsewhere on the machine falls on every size alike."""
    times: dict[str, list[float]] = {size: [] for size in calls}
    order = list(calls)
    for i, q in enumerate(queries):
        for size in order if i % 2 == 0 else reversed(order):
            start = time.perf_counter()
            calls[size](q)
            times[size].append((time.perf_counter() - start) * 1000)
    return times


def exact_backends(b: Backends, home: Path, warm_up: str) -> Backends:
    """`b` with a second handle on its index file that never builds a neighbour graph (the exact int8 scan
    at every size), warmed with one recall: the largest size's recall as it was without the graph."""
    exact = replace(b, index=SqliteSearchIndex(home / "index.db", graph_from_rows=None))
    build_context(exact, warm_up, SCOPE, BUDGET)
    return exact


def recall(b: Backends, query: str) -> object:
    return build_context(b, query, SCOPE, BUDGET)


@dataclass(frozen=True)
class Grown:
    """One size's backends after growing, with its write rates and how long its vector graph took to be
    ready after the warm-up recall (0 when the partition is searched exactly)."""

    b: Backends
    capture_rate: float
    real_rate: float
    bulk_rate: float
    graph_seconds: float


def grown(size: int, home: Path, shared: MiniLMEmbedder, questions: Sequence[str]) -> Grown:
    """One user's memory grown to `size` cards in a data folder of its own (the embedder shared), warmed
    with one recall as a long-running service would be, and its vector graph (if it is that large) built."""
    rng = random.Random(20240601 + size)
    b = replace(local_backends(home), embedder=shared)
    prefs = [
        NewMemory(type=MemoryType.PREFERENCE, statement=s) for s in ("prefers short answers", "uses UTC")
    ]
    create_memories(
        b, SCOPE, [*prefs, NewMemory(type=MemoryType.PLAN, statement="plan: finish the migration")]
    )
    real = min(REAL_SAMPLE, size)
    bulk_rng = random.Random(20240602 + size)
    texts = [sentence(bulk_rng) for _ in range(size - real)]
    vectors = bulk_vectors(shared, texts)
    with progress_bar(f"growing to {size:,} cards", size) as advance:
        capture_rate = capture(b, 0, size, rng)
        real_rate = ingest_real(b, 0, real, rng)
        advance(real)
        bulk_rate = ingest_bulk(b, real, texts, vectors, advance) if texts else 0.0
    build_context(b, questions[0], SCOPE, BUDGET)
    start = time.perf_counter()
    if isinstance(b.index, SqliteSearchIndex):
        b.index.wait_for_graphs()
    return Grown(b, capture_rate, real_rate, bulk_rate, time.perf_counter() - start)


def run(sizes: Sequence[int], home: Path, repeats: int = 2) -> dict[str, Any]:
    rng = random.Random(20240601)
    questions = [question(rng) for _ in range(QUERIES)]
    shared = MiniLMEmbedder(cache_size=0)
    shared.load()
    ordered = sorted(set(sizes))
    built = {size: grown(size, home / str(size), shared, questions) for size in ordered}
    calls: dict[str, Callable[[str], object]] = {str(s): partial(recall, built[s].b) for s in ordered}
    exact = None
    if ordered[-1] >= GRAPH_FROM_ROWS:  # the largest size once more, its vectors scanned exactly (no graph)
        exact = exact_backends(built[ordered[-1]].b, home / str(ordered[-1]), questions[0])
        calls["exact"] = partial(recall, exact)
    recalls = interleaved(calls, [q for _ in range(repeats) for q in questions])
    steps: dict[str, dict[str, float]] = {}
    for size in ordered:
        g = built[size]
        parts = stages(g.b, questions, Baselines.open(home / str(size)))
        baseline_queries = questions[: max(5, min(QUERIES, 30_000 // size))]
        b50, b95 = timed(partial(naive_recall, g.b, budget=BUDGET), baseline_queries)
        steps[str(size)] = {
            "capture_events_per_s": round(g.capture_rate, 1),
            "create_memories_cards_per_s": round(g.real_rate, 1),
            "bulk_cards_per_s": round(g.bulk_rate, 1),
            "real_cards": float(min(REAL_SAMPLE, size)),
            "graph_build_s": round(g.graph_seconds, 1),
            "recall_p50_ms": round(percentile(recalls[str(size)], 50), 2),
            "recall_p95_ms": round(percentile(recalls[str(size)], 95), 2),
            "baseline_p50_ms": b50,
            "baseline_p95_ms": b95,
            "baseline_queries": float(len(baseline_queries)),
            **parts,
        }
    first, last = steps[str(min(sizes))], steps[str(max(sizes))]
    growth = {
        key: round(last[key] / first[key], 2) if first[key] else 0.0
        for key in (
            "capture_events_per_s",
            "recall_p50_ms",
            "recall_p95_ms",
            "baseline_p50_ms",
            "baseline_p95_ms",
        )
    }
    notes = [
        f"per step, {REAL_SAMPLE} cards go through create_memories and the rest are written to the note store "
        "and index directly, each with its own sentence's MiniLM vector (kept in the cache folder between runs)",
        f"recall: build_context at a {BUDGET}-token budget, {QUERIES} queries x{repeats}, query embedding "
        "included (no query cache), the sizes taking turns query by query (one data folder each, one "
        "embedder), each partition's vector graph built first; baseline: load all cards of the user, score by "
        "shared words, fill the budget",
        "vector graph (partitions of {:,} rows or more): built in {} s after the warm-up recall; the search "
        "found {} of the exact 60 nearest".format(
            GRAPH_FROM_ROWS,
            " / ".join(f"{steps[str(size)]['graph_build_s']} ({size:,})" for size in ordered),
            " / ".join(f"{steps[str(size)]['vector_found_share']:.3f} ({size:,})" for size in ordered),
        ),
    ]
    notes.append(f"machine load (1-min average, {os.cpu_count()} CPUs) at the end: {os.getloadavg()[0]:.2f}")
    before = steps[str(ordered[-2] if len(ordered) > 1 else ordered[-1])]
    last_step = {key: round(last[key] / before[key], 2) for key in ("recall_p50_ms", "recall_p95_ms")}
    exact_step = {}
    if exact is not None:
        exact_step = {
            f"recall_{q}_ms": round(percentile(recalls["exact"], int(q[1:])), 2) for q in ("p50", "p95")
        }
    return {
        "exact_scan": exact_step,
        "sizes": steps,
        "growth": growth,
        "last_step": last_step,
        "from": min(sizes),
        "before": ordered[-2] if len(ordered) > 1 else ordered[-1],
        "to": max(sizes),
        "notes": notes,
    }


def render(doc: dict[str, Any]) -> str:
    columns = {
        "capture ev/s": "capture_events_per_s",
        "create_memories cards/s": "create_memories_cards_per_s",
        "bulk cards/s": "bulk_cards_per_s",
        "recall p50 ms": "recall_p50_ms",
        "recall p95 ms": "recall_p95_ms",
        "full-scan p50 ms": "baseline_p50_ms",
        "full-scan p95 ms": "baseline_p95_ms",
    }
    headers, keys = ["cards", *columns], list(columns.values())
    rows = [[f"{int(size):,}", *(row[k] for k in keys)] for size, row in doc["sizes"].items()]
    parts = [
        "embed_query",
        "embed_query_numpy",
        "search_text",
        "search_text_every_match",
        "search_vector",
        "search_vector_exact",
        "search_vector_float32",
        "search_timeline_by_type",
    ]
    part_rows = [
        [f"{int(size):,}", *(row[f"{p}_p50_ms"] for p in parts)] for size, row in doc["sizes"].items()
    ]
    g, step = doc["growth"], doc["last_step"]
    last_step = [
        f"growth {doc['before']:,} → {doc['to']:,}: recall p50 ×{step['recall_p50_ms']}, "
        f"p95 ×{step['recall_p95_ms']} (issue 14: p95 ×1.5 at most from 10k to 100k cards)"
    ]
    if doc["before"] == doc["from"]:
        last_step = []
    if doc["exact_scan"]:
        e, top = doc["exact_scan"], doc["sizes"][str(doc["to"])]
        last_step.append(
            f"{doc['to']:,} cards with the exact vector scan instead of the graph (same run, interleaved): recall "
            f"p50 {e['recall_p50_ms']} ms, p95 {e['recall_p95_ms']} ms; growth {doc['before']:,} → {doc['to']:,} "
            f"with it: p50 ×{round(e['recall_p50_ms'] / doc['sizes'][str(doc['before'])]['recall_p50_ms'], 2)}, "
            f"p95 ×{round(e['recall_p95_ms'] / doc['sizes'][str(doc['before'])]['recall_p95_ms'], 2)}; "
            f"graph over exact: p95 ×{round(top['recall_p95_ms'] / e['recall_p95_ms'], 2)}"
        )
    lines = [
        f"Latency for one user as memory grows ({doc['from']:,} → {doc['to']:,} cards)",
        "",
        format_table(headers, rows),
        "",
        "where recall's time goes (p50 ms of each port call alone; *_numpy, *_every_match, *_exact and *_float32: the"
        " paths they replaced, same run)",
        format_table(["cards", *parts], part_rows),
        "",
        f"growth {doc['from']:,} → {doc['to']:,}: recall p50 ×{g['recall_p50_ms']}, p95 ×{g['recall_p95_ms']}; "
        f"full scan p50 ×{g['baseline_p50_ms']}, p95 ×{g['baseline_p95_ms']}; "
        f"capture rate ×{g['capture_events_per_s']}",
        *last_step,
        *(f"note: {n}" for n in doc["notes"]),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reverie bench latency", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000], help="cards per step"
    )
    parser.add_argument("--repeats", type=int, default=2, help="times each query is timed on every size")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    if any(size < 1 for size in args.sizes):
        parser.error("--sizes must be positive card counts")
    with tempfile.TemporaryDirectory(prefix="reverie-latency-") as home:
        doc = run(args.sizes, Path(home), args.repeats)
    print(json.dumps(doc) if args.json else render(doc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
