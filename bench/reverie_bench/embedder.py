"""Local embedder: onnxruntime next to the numpy forward pass it replaces, measured in the same run.

    reverie bench embedder [--sentences 500] [--queries 200]

Prints, for each runtime, batch throughput (sentences/s, sorted-by-length batches: what
`MiniLMEmbedder.embed` does) and single-query latency (p50/p95), the ratios between them, the two runtimes'
agreement (least cosine over the sample) and what the content-hash cache saves on a repeated query.
onnxruntime runs on one thread; numpy on the BLAS threads it was installed with. Numbers move with the
machine's load; the ratios (each measured with the two taking turns) hold better.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence

import numpy as np

from reverie.adapters.local.embedder import MiniLMEmbedder, Runtime

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


def _loaded(runtime: Runtime, cache_size: int = 0) -> tuple[MiniLMEmbedder, float]:
    model = MiniLMEmbedder(cache_size=cache_size, runtime=runtime)
    start = time.perf_counter()
    model.load()
    return model, 1000 * (time.perf_counter() - start)


def batch_rates(models: dict[str, MiniLMEmbedder], texts: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Sentences per second of wall clock and of process CPU time for each model, the models taking turns
    on slices of `texts` (so a burst of load elsewhere hits them alike)."""
    wall = dict.fromkeys(models, 0.0)
    cpu = dict.fromkeys(models, 0.0)
    for start in range(0, len(texts), 50):
        for name, model in models.items():
            w, c = time.perf_counter(), time.process_time()
            model.embed_array(texts[start : start + 50])
            wall[name] += time.perf_counter() - w
            cpu[name] += time.process_time() - c
    return {name: (len(texts) / wall[name], len(texts) / max(cpu[name], 1e-9)) for name in models}


def _quantiles(times: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(times, n=100)
    return cuts[49], cuts[94]


def query_latency(
    models: dict[str, MiniLMEmbedder], queries: Sequence[str]
) -> dict[str, tuple[float, float]]:
    """p50/p95 ms of one query, the models taking turns on each query (so load hits them alike)."""
    times: dict[str, list[float]] = {name: [] for name in models}
    for q in queries:
        for name, model in models.items():
            start = time.perf_counter()
            model.embed([q])
            times[name].append((time.perf_counter() - start) * 1000)
    return {name: _quantiles(t) for name, t in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=500)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args(argv)

    onnx, onnx_load = _loaded("onnx")
    numpy_, numpy_load = _loaded("numpy")
    print(f"model load: onnxruntime {onnx_load:.0f} ms, numpy {numpy_load:.0f} ms; cpus {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.1f} (other work on the machine skews every number)")  # fmt: skip
    texts = make_sentences(args.sentences)
    tokens = [len(e.ids) for e in onnx._model()[1].encode_batch(texts)]
    print(f"{len(texts)} sentences, {statistics.mean(tokens):.0f} tokens on average (max {max(tokens)})")
    onnx.embed_array(texts[:40])  # warm up
    numpy_.embed_array(texts[:40])

    a, b = onnx.embed_array(texts), numpy_.embed_array(texts)
    agreement = float(np.min(np.einsum("ij,ij->i", a, b)))
    print(f"agreement: least cosine between the two runtimes' vectors {agreement:.7f}")

    print("batch embedding (sentences/s; wall clock, and per second of this process's CPU time)")
    rates = batch_rates({"onnxruntime": onnx, "numpy": numpy_}, texts)
    for label, (wall, cpu) in rates.items():
        print(f"  {label:<44} {wall:8.0f} {cpu:8.0f} per CPU second")
    print(f"  onnxruntime / numpy: {rates['onnxruntime'][0] / rates['numpy'][0]:.1f}x wall clock")

    queries = [f"what did {s.split('.')[0][:60]}?" for s in make_sentences(args.queries, seed=11)]
    cached = MiniLMEmbedder(runtime="onnx")
    cached._encoder, cached._tokenizer = onnx._model()  # share the loaded session
    for q in queries:
        cached.embed([q])
    print("single query (ms)")
    lat = query_latency({"onnxruntime": onnx, "numpy": numpy_, "repeated query (cache)": cached}, queries)
    for label, (p50, p95) in lat.items():
        print(f"  {label:<44} p50 {p50:6.2f}   p95 {p95:6.2f}")
    print(f"  numpy / onnxruntime at p50: {lat['numpy'][0] / lat['onnxruntime'][0]:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
