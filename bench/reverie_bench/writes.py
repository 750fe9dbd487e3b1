"""Direct memory writes (`POST /users/{user}/memories`): one memory per request beside batches, in one run.

    reverie bench writes [--cards 1000] [--batch 100] [--rounds 6] [--workers 2]

Every way sends the same new memories (the latency bench's synthetic sentences, no evidence given, so
each write is also recorded in L1) to the API's resolver in process, as the Lambda function and the local
server resolve them, over the embedded backends (SQLite, MiniLM with no embedding cache), each in a data
folder of its own, sharing one loaded model: one memory per request and batches embed on one thread
(the embedder's default), and batches once more with `--workers` forward passes at once (the local
server's default, `REVERIE_EMBEDDER_WORKERS`: both cores of this machine). They take turns, in
alternating order, in `--rounds` rounds of equal size, so a burst of load elsewhere falls on each alike;
each round ends with the embedder alone, one call on the texts the batched writes embedded in it (a card
is searched by its text and its evidence's; the L1 record of the same words adds nothing), on one thread
and on `--workers`, the two taking turns: the ceiling of any write path on this machine, in cards per
second. A batch's embedding runs on a worker beside its L1 append and note store write, so a batch can
come near that ceiling but not pass it.
Printed per way: cards per second, p50 request time, and the share of the time spent embedding (the
rest: validation, masking, the L1 record, the note store, the index); then the embedder alone; then,
as medians over the rounds (each round's write rate over the embedder alone in that round, with the same
workers), how near each batched way comes to its ceiling, and the gain of `--workers` over one (with no
idle core, as at a load average above the CPU count, it cannot gain). The load average is printed at
the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.adapters.local.embedder import MiniLMEmbedder
from reverie.api.local_server import LambdaContextStub
from reverie.api.routes import create_app
from reverie.ports import Embedder
from reverie.services.backends import Backends
from reverie_bench.common import local_backends, percentile
from reverie_bench.latency import sentence

EVENT = Path(__file__).resolve().parents[2] / "events" / "apigw" / "create_memory.json"
USER = "bench"


class TimedEmbedder(Embedder):
    """Another embedder, with the seconds spent in `embed` and the texts it was given kept."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.dim = inner, inner.dim
        self.seconds, self.texts = 0.0, list[str]()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start
            self.texts += texts


class Way:
    """One way of writing: memories `per_request` at a time, into backends of its own."""

    def __init__(self, label: str, per_request: int, b: Backends, embedder: TimedEmbedder) -> None:
        self.label, self.per_request, self.embedder = label, per_request, embedder
        self.app = create_app(lambda: b, "local")
        self.event: dict[str, Any] = json.loads(EVENT.read_text(encoding="utf-8"))
        self.event["path"] = self.event["requestContext"]["path"] = f"/users/{USER}/memories"
        self.event["pathParameters"] = {"proxy": f"users/{USER}/memories"}
        self.event["requestContext"].pop("authorizer", None)  # IAM-authorised: an admin
        self.context = cast(LambdaContext, LambdaContextStub())
        self.seconds, self.cards, self.requests = 0.0, 0, []  # type: ignore[var-annotated]
        self.rounds: list[float] = []  # cards per second of each round

    def write(self, statements: Sequence[str]) -> None:
        """Send `statements` as new facts, `per_request` to a request; every answer must be 201."""
        for start in range(0, len(statements), self.per_request):
            chunk = statements[start : start + self.per_request]
            body = {"memories": [{"type": "fact", "statement": text} for text in chunk]}
            began = time.perf_counter()
            reply = self.app.resolve({**self.event, "body": json.dumps(body)}, self.context)
            took = time.perf_counter() - began
            if reply["statusCode"] != 201:
                raise RuntimeError(f"{self.label}: answered {reply['statusCode']}: {reply['body'][:300]}")
            self.seconds += took
            self.cards += len(chunk)
            self.requests.append(took)

    def line(self) -> str:
        share = self.embedder.seconds / self.seconds if self.seconds else 0.0
        p50 = percentile(self.requests, 50) * 1000
        return (
            f"{self.label:<34} {self.cards:>6} {self.cards / self.seconds:>9.0f} {p50:>11.1f} {share:>10.0%}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="memories written by each way")
    parser.add_argument("--batch", type=int, default=100, help="memories per request when batched")
    parser.add_argument("--rounds", type=int, default=6, help="turns each way takes")
    parser.add_argument("--workers", type=int, default=2, help="forward passes at once in the last way")
    args = parser.parse_args(argv)
    rng = random.Random(14)
    statements = [f"{sentence(rng)} (note {i})" for i in range(args.cards)]
    with tempfile.TemporaryDirectory(prefix="reverie-writes-") as tmp:
        first = local_backends(Path(tmp) / "one")
        model = first.embedder
        assert isinstance(model, MiniLMEmbedder)
        wide = MiniLMEmbedder(cache_size=0, workers=args.workers, encoder=model.encoder())
        ways = []
        for label, per_request, b, embedder in (
            ("one memory per request", 1, first, model),
            (f"batches of {args.batch}", args.batch, local_backends(Path(tmp) / "batch"), model),
            (
                f"batches of {args.batch}, {args.workers} at once",
                args.batch,
                local_backends(Path(tmp) / "wide"),
                wide,
            ),
        ):
            timed = TimedEmbedder(embedder)
            ways.append(Way(label, per_request, replace(b, embedder=timed), timed))
        for way in ways:  # warm the model and the resolvers; not counted
            way.write([f"warm-up {i}" for i in range(way.per_request)])
            way.seconds, way.cards, way.requests, way.embedder.seconds = 0.0, 0, [], 0.0
            way.embedder.texts.clear()
        load_before = os.getloadavg()[0]
        size = -(-len(statements) // args.rounds)
        alone: dict[int, list[float]] = {1: [], args.workers: []}
        for turn, start in enumerate(range(0, len(statements), size)):
            embedded = len(ways[1].embedder.texts)
            for way in ways if turn % 2 == 0 else ways[::-1]:
                seconds, cards = way.seconds, way.cards
                way.write(statements[start : start + size])
                way.rounds.append((way.cards - cards) / (way.seconds - seconds))
            texts = ways[1].embedder.texts[embedded:]  # what this round's batches embedded
            for workers, embedder in ((1, model), (args.workers, wide))[:: 1 if turn % 2 == 0 else -1]:
                began = time.perf_counter()
                embedder.embed(texts)
                alone[workers].append(len(texts) / (time.perf_counter() - began))
    print(
        f"{'POST /users/{user}/memories':<34} {'cards':>6} {'cards/s':>9} {'p50 req ms':>11} {'embedding':>10}"
    )
    for way in ways:
        print(way.line())
    for workers, rates in alone.items():
        label = f"embedder alone, {workers} at once"
        print(
            f"{label:<34} {len(statements):>6} {statistics.median(rates):>9.0f}  (median of {len(rates)} rounds)"
        )

    def near(way: Way, ceiling: list[float]) -> str:
        ratios = sorted(w / c for w, c in zip(way.rounds, ceiling, strict=True))
        return f"{statistics.median(ratios):.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"

    rates = [way.cards / way.seconds for way in ways]
    wide_over_one = sorted(w / o for w, o in zip(ways[2].rounds, ways[1].rounds, strict=True))
    print(
        f"of the embedder alone, per round: {ways[1].label} {near(ways[1], alone[1])}, "
        f"{ways[2].label} {near(ways[2], alone[args.workers])}"
    )
    print(
        f"batched / one per request: {rates[1] / rates[0]:.1f}x; {args.workers} at once / one, per round: "
        f"median {statistics.median(wide_over_one):.2f}x ({wide_over_one[0]:.2f}-{wide_over_one[-1]:.2f}); "
        f"cpus {os.cpu_count()}, load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at "
        "the end (with no idle core, more threads cannot help)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
