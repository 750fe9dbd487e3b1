"""Local embedder throughput and query latency, each next to a baseline measured in the same run.

    reverie bench embedder [--sentences 500] [--queries 200]

Batch: sorted-by-length batches (what `MiniLMEmbedder.embed` does) against the naive paths: one text at a
time, and fixed batches of 32 in arrival order padded to their longest text. Query: one short text, cold
(computed) and from the LRU cache.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

from reverie.adapters.local.embedder import MiniLMEmbedder, _encode

SUBJECTS = ["the user", "the deploy", "our agent", "the staging pipeline", "Alice", "the nightly dream job"]
VERBS = ["prefers", "failed on", "rolled back", "asked about", "needs", "verified", "forgot"]
OBJECTS = ["dark mode", "the IAM role for s3:PutObject", "Tuesday's migration", "a 2,000-token budget",
           "the Berlin office", "short answers in German", "retries with exponential backoff"]  # fmt: skip


def make_sentences(n: int, seed: int = 7) -> list[str]:
    """Sentences of 5 to ~120 tokens, lengths mixed the way memory cards and notes are."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        clauses = rng.choice([1, 1, 1, 2, 2, 3, 5, 8])
        out.append(" and ".join(f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}"
                                for _ in range(clauses)) + ".")  # fmt: skip
    return out


def unsorted_batches(model: MiniLMEmbedder, texts: Sequence[str], size: int = 32) -> np.ndarray:
    """Baseline: batches in arrival order, each padded to its longest text."""
    weights, tokenizer = model._model()
    rows = []
    for start in range(0, len(texts), size):
        encodings = [e.ids for e in tokenizer.encode_batch(list(texts[start : start + size]))]
        width = max(map(len, encodings))
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.bool_)
        for row, e in enumerate(encodings):
            ids[row, : len(e)] = e
            mask[row, : len(e)] = True
        rows.append(_encode(weights, ids, mask))
    return np.concatenate(rows)


def throughput(label: str, run: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    run()
    rate = n / (time.perf_counter() - start)
    print(f"  {label:<44} {rate:8.0f} sentences/s")
    return rate


def latency(label: str, call: Callable[[str], object], queries: Sequence[str]) -> None:
    times = []
    for q in queries:
        start = time.perf_counter()
        call(q)
        times.append((time.perf_counter() - start) * 1000)
    p50, p95 = statistics.quantiles(times, n=100)[49], statistics.quantiles(times, n=100)[94]
    print(f"  {label:<44} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=500)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args(argv)

    model = MiniLMEmbedder(cache_size=0)
    start = time.perf_counter()
    model.load()
    print(f"model load {1000 * (time.perf_counter() - start):.0f} ms; cpus {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f} (other work on the machine skews every number)")  # fmt: skip
    texts = make_sentences(args.sentences)
    tokens = [len(e.ids) for e in model._model()[1].encode_batch(texts)]
    print(f"{len(texts)} sentences, {statistics.mean(tokens):.0f} tokens on average (max {max(tokens)})")
    model.embed(texts[:40])  # warm up

    print("batch embedding")
    rate = throughput("sorted by length, padded per batch (embed)", lambda: model.embed(texts), len(texts))
    base = throughput(
        "baseline: arrival order, batches of 32", lambda: unsorted_batches(model, texts), len(texts)
    )
    one = throughput("baseline: one text at a time", lambda: [model.embed([t]) for t in texts], len(texts))
    print(f"  speed-up {rate / base:.1f}x over unsorted batches, {rate / one:.1f}x over one at a time")

    queries = [f"what did {s.split('.')[0][:60]}?" for s in make_sentences(args.queries, seed=11)]
    cached = MiniLMEmbedder()
    cached._weights, cached._tokenizer = model._model()  # share the loaded weights
    for q in queries[:20]:
        model.embed([q])
    print("single query")
    latency("cold (computed)", lambda q: model.embed([q]), queries)
    latency("baseline: through the padded batch path", lambda q: unsorted_batches(model, [q]), queries)
    for q in queries:
        cached.embed([q])
    latency("repeated query (LRU cache)", lambda q: cached.embed([q]), queries)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
