"""`reverie bench latency`: capture and recall for one user as their memory grows (1k → 10k → 100k cards),
next to a naive full-scan recall (every card loaded from the note store, scored by word overlap) measured
in the same run.

Each size is a user's memory in a data folder of its own, all built first; then recall is timed on every
size query by query, the sizes taking turns, so the growth ratios (issue 14: p95 ×1.5 at most from 10k to
100k) compare times taken under the same load.

Cards are synthetic sentences from a fixed vocabulary (seeded). A sample of each step is written through
`create_memories` with real MiniLM embeddings (the ingest rate reported); the bulk is written card by card
to the note store and to the index with vectors reused from a pool of embedded sentences, because
embedding 100k cards here would take far longer than the rest of the run (the output says how many).
"""

from __future__ import annotations

import argparse
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

from reverie.adapters.local.embedder import MiniLMEmbedder
from reverie.adapters.local.search_index import SqliteSearchIndex
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
REAL_SAMPLE = 400  # cards per step written through create_memories with real embeddings
POOL = 1000  # embedded sentences whose vectors the bulk cards reuse
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


def ingest_bulk(
    b: Backends,
    first: int,
    count: int,
    rng: random.Random,
    pool: Sequence[list[float]],
    advance: Callable[[int], None],
) -> float:
    """Cards written straight to the note store and the index, vectors reused from `pool`; cards/s."""
    now = b.clock()
    start = time.perf_counter()
    for batch in range(first, first + count, 500):
        docs = []
        for i in range(batch, min(batch + 500, first + count)):
            item, when = _card(i, sentence(rng))
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
            docs.append(SearchDoc.from_card(card, pool[i % len(pool)], entities(text)))
        b.index.upsert(docs)
        advance(len(docs))
    return count / (time.perf_counter() - start)


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
    ranked, every vector scored in float32)."""
    filt = SearchFilter(scope=SCOPE, now=b.clock())
    kinds = filt.model_copy(update={"types": frozenset({MemoryType.PREFERENCE, MemoryType.PLAN})})
    vectors = {q: b.embedder.embed([q])[0] for q in queries[:20]}
    calls: dict[str, Callable[[str], object]] = {
        "embed_query": lambda q: b.embedder.embed([q]),
        "embed_query_numpy": lambda q: old.embedder.embed([q]),
        "search_text": lambda q: b.index.search_text(q, filt, 60),
        "search_text_every_match": lambda q: old.index.search_text(q, filt, 60),
        "search_vector": lambda q: b.index.search_vector(vectors[q], filt, 60),
        "search_vector_float32": lambda q: old.index.search_vector(vectors[q], filt, 60),
        "search_timeline_by_type": lambda q: b.index.search_timeline(kinds, 200),
    }
    return {f"{name}_p50_ms": timed(call, queries[:20])[0] for name, call in calls.items()}


@dataclass(frozen=True)
class Baselines:
    """The paths issue 14 replaced, measured in the same run: the numpy forward pass, and the same index
    file searched with every keyword match ranked (no candidate bound) and every vector scored in float32
    (no int8 scan)."""

    embedder: MiniLMEmbedder
    index: SqliteSearchIndex

    @classmethod
    def open(cls, home: Path) -> Baselines:
        embedder = MiniLMEmbedder(cache_size=0, runtime="numpy")
        embedder.load()
        return cls(
            embedder, SqliteSearchIndex(home / "index.db", max_keyword_candidates=10**12, int8_scan=False)
        )


def interleaved(calls: dict[int, Callable[[str], object]], queries: Sequence[str]) -> dict[int, list[float]]:
    """Each query's time (ms) on every size, the sizes taking turns query by query (in alternating order), so
    a burst of load elsewhere on the machine falls on every size alike."""
    times: dict[int, list[float]] = {size: [] for size in calls}
    order = list(calls)
    for i, q in enumerate(queries):
        for size in order if i % 2 == 0 else reversed(order):
            start = time.perf_counter()
            calls[size](q)
            times[size].append((time.perf_counter() - start) * 1000)
    return times


def recall(b: Backends, query: str) -> object:
    return build_context(b, query, SCOPE, BUDGET)


def grown(
    size: int, home: Path, shared: MiniLMEmbedder, pool: Sequence[list[float]], questions: Sequence[str]
) -> tuple[Backends, float, float, float]:
    """One user's memory grown to `size` cards in a data folder of its own (the embedder shared), warmed
    with one recall as a long-running service would be; with its capture, real and bulk write rates."""
    rng = random.Random(20240601 + size)
    b = replace(local_backends(home), embedder=shared)
    prefs = [
        NewMemory(type=MemoryType.PREFERENCE, statement=s) for s in ("prefers short answers", "uses UTC")
    ]
    create_memories(
        b, SCOPE, [*prefs, NewMemory(type=MemoryType.PLAN, statement="plan: finish the migration")]
    )
    real = min(REAL_SAMPLE, size)
    with progress_bar(f"growing to {size:,} cards", size) as advance:
        capture_rate = capture(b, 0, size, rng)
        real_rate = ingest_real(b, 0, real, rng)
        advance(real)
        bulk_rate = ingest_bulk(b, real, size - real, rng, pool, advance) if size > real else 0.0
    build_context(b, questions[0], SCOPE, BUDGET)
    return b, capture_rate, real_rate, bulk_rate


def run(sizes: Sequence[int], home: Path, repeats: int = 2) -> dict[str, Any]:
    rng = random.Random(20240601)
    questions = [question(rng) for _ in range(QUERIES)]
    shared = MiniLMEmbedder(cache_size=0)
    shared.load()
    start = time.perf_counter()
    pool = shared.embed([sentence(rng) for _ in range(POOL)])
    pool_seconds = time.perf_counter() - start
    ordered = sorted(set(sizes))
    built = {size: grown(size, home / str(size), shared, pool, questions) for size in ordered}
    recalls = interleaved(
        {size: partial(recall, built[size][0]) for size in ordered},
        [q for _ in range(repeats) for q in questions],
    )
    steps: dict[str, dict[str, float]] = {}
    for size in ordered:
        b, capture_rate, real_rate, bulk_rate = built[size]
        parts = stages(b, questions, Baselines.open(home / str(size)))
        baseline_queries = questions[: max(5, min(QUERIES, 30_000 // size))]
        b50, b95 = timed(partial(naive_recall, b, budget=BUDGET), baseline_queries)
        steps[str(size)] = {
            "capture_events_per_s": round(capture_rate, 1),
            "create_memories_cards_per_s": round(real_rate, 1),
            "bulk_cards_per_s": round(bulk_rate, 1),
            "real_cards": float(min(REAL_SAMPLE, size)),
            "recall_p50_ms": round(percentile(recalls[size], 50), 2),
            "recall_p95_ms": round(percentile(recalls[size], 95), 2),
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
        f"{POOL} pool sentences embedded in {pool_seconds:.1f} s ({POOL / pool_seconds:.0f}/s); per step, "
        f"{REAL_SAMPLE} cards go through create_memories with real MiniLM embeddings and the rest are written "
        "to the note store and index directly with pooled vectors",
        f"recall: build_context at a {BUDGET}-token budget, {QUERIES} queries x{repeats}, query embedding "
        "included (no query cache), the sizes taking turns query by query (one data folder each, one "
        "embedder); baseline: load all cards of the user, score by shared words, fill the budget",
    ]
    notes.append(f"machine load (1-min average, {os.cpu_count()} CPUs) at the end: {os.getloadavg()[0]:.2f}")
    before = steps[str(ordered[-2] if len(ordered) > 1 else ordered[-1])]
    last_step = {key: round(last[key] / before[key], 2) for key in ("recall_p50_ms", "recall_p95_ms")}
    return {
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
    lines = [
        f"Latency for one user as memory grows ({doc['from']:,} → {doc['to']:,} cards)",
        "",
        format_table(headers, rows),
        "",
        "where recall's time goes (p50 ms of each port call alone; *_numpy, *_every_match and *_float32: the"
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
