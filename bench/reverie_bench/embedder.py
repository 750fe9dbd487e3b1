"""Local embedder: onnxruntime int8 (the default) next to onnxruntime float32 and the numpy forward pass.

    reverie bench embedder [--sentences 500] [--queries 200]

Prints, for each forward pass, batch throughput (sentences/s of wall clock and of process CPU time, what
`MiniLMEmbedder.embed_array` does: sorted-by-length padded batches, for int8 too since its activation
scales are fixed) and the latency of one text (p50/p95) for question-length queries and for card-length
sentences, the ratios between them, their agreement with the numpy path (least and mean cosine over the sample) and what
the content-hash cache saves on a repeated query. onnxruntime runs on one thread; numpy on the BLAS
threads it was installed with. Numbers move with the machine's load; the ratios (each measured with the
three taking turns) hold better.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence

import numpy as np

from reverie.adapters.local.embedder import MiniLMEmbedder, default_model_dir

SUBJECTS = ["the user", "the deploy", "our agent", "the staging pipeline", "Alice", "the nightly dream job"]
VERBS = ["prefers", "failed on", "rolled back", "asked about", "needs", "verified", "forgot"]
OBJECTS = ["dark mode", "the IAM role for s3:PutObject", "Tuesday's migration", "a 2,000-token budget",
           "the Berlin office", "short answers in German", "retries with exponential backoff"]  # fmt: skip

INT8, FP32, NUMPY = "onnxruntime int8 (default)", "onnxruntime fp32", "numpy fp32"


def make_sentences(n: int, seed: int = 7) -> list[str]:
    """Sentences of 5 to ~120 tokens, lengths mixed the way memory cards and notes are."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        clauses = rng.choice([1, 1, 1, 2, 2, 3, 5, 8])
        out.append(" and ".join(f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}"
                                for _ in range(clauses)) + ".")  # fmt: skip
    return out


def _loaded(model: MiniLMEmbedder) -> tuple[MiniLMEmbedder, float]:
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


def token_counts(texts: Sequence[str]) -> list[int]:
    """Tokens the model reads per text, [CLS] and [SEP] included."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
    tokenizer.no_padding()  # tokenizer.json pads to 128; the embedder does not
    tokenizer.enable_truncation(max_length=256)
    return [len(e.ids) for e in tokenizer.encode_batch(list(texts))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=500)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args(argv)

    loads = {
        INT8: _loaded(MiniLMEmbedder(cache_size=0, runtime="onnx", precision="int8")),
        FP32: _loaded(MiniLMEmbedder(cache_size=0, runtime="onnx", precision="fp32")),
        NUMPY: _loaded(MiniLMEmbedder(cache_size=0, runtime="numpy")),
    }
    models = {name: model for name, (model, _) in loads.items()}
    print("model load: " + ", ".join(f"{name} {ms:.0f} ms" for name, (_, ms) in loads.items()))
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} (other work on the machine skews "
          "every number; the ratios hold better)")  # fmt: skip
    texts = make_sentences(args.sentences)
    tokens = token_counts(texts)
    print(f"{len(texts)} sentences, {statistics.mean(tokens):.0f} tokens on average (max {max(tokens)})")
    for model in models.values():
        model.embed_array(texts[:40])  # warm up

    vectors = {name: model.embed_array(texts) for name, model in models.items()}
    print("agreement with the numpy path (cosine over the sample: least, mean)")
    for name in (INT8, FP32):
        cosines = np.einsum("ij,ij->i", vectors[name], vectors[NUMPY])
        print(f"  {name:<44} {cosines.min():.7f} {cosines.mean():.7f}")

    print("batch embedding (sentences/s; wall clock, and per second of this process's CPU time)")
    rates = batch_rates(models, texts)
    for label, (wall, cpu) in rates.items():
        print(f"  {label:<44} {wall:8.0f} {cpu:8.0f} per CPU second")
    for base in (FP32, NUMPY):
        print(f"  int8 / {base}: {rates[INT8][0] / rates[base][0]:.2f}x wall clock, "
              f"{rates[INT8][1] / rates[base][1]:.2f}x per CPU second")  # fmt: skip

    questions = [f"what did {s.split('.')[0][:60]}?" for s in make_sentences(args.queries, seed=11)]
    cards = make_sentences(args.queries, seed=13)
    for label, sample in (("question", questions), ("card sentence", cards)):
        print(f"one {label} at a time ({statistics.mean(token_counts(sample)):.0f} tokens on average), ms")
        latency = query_latency(models, sample)
        for name, (p50, p95) in latency.items():
            print(f"  {name:<44} p50 {p50:6.2f}   p95 {p95:6.2f}")
        print(f"  p50 ratios: fp32 / int8 {latency[FP32][0] / latency[INT8][0]:.2f}x, "
              f"numpy / int8 {latency[NUMPY][0] / latency[INT8][0]:.2f}x")  # fmt: skip

    cached = MiniLMEmbedder(encoder=models[INT8].encoder())  # the same session, behind the content cache
    for q in questions:
        cached.embed([q])
    p50, p95 = query_latency({"repeated query (cache)": cached}, questions)["repeated query (cache)"]
    print(f"  {'repeated query (content-hash cache)':<44} p50 {p50:6.2f}   p95 {p95:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
