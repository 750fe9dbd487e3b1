"""`reverie bench pending-latency`: recall while a session waits for its dream, pending turns found by meaning.

A user has `--turns` messages of the last hour that no dream has consolidated (sessions of 20, user and
assistant taking turns), and 400 memories. Recall (`build_context`, 1,000 tokens, no query-embedding cache,
as `reverie bench latency`) is timed query by query, three ways taking turns:
- words: pending turns found by shared words only (the same embedder declaring no `related_cosine`), the
  baseline;
- meaning, warm: also by meaning, the turns' vectors already held (every recall after the first while the
  session stays pending);
- meaning, cold: also by meaning, with an empty memo (a new process, or the first recall after the turns
  were said): the newest `MEANING_TURNS` turns are embedded in one batch (the embedder caches nothing).
Printed beside them: what embedding one turn alone costs, which capture would pay for every event if the
vectors were computed there instead.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from reverie.domain.events import MessageEvent
from reverie.domain.models import MemoryType, Scope
from reverie.ports import Embedder
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.capture import append_events
from reverie.services.recall import build_context
from reverie.services.unconsolidated import MEANING_TURNS
from reverie_bench.common import format_table, local_backends, percentile
from reverie_bench.latency import question, sentence

SCOPE = Scope(tenant_id="bench", user_id="talker")
BUDGET = 1000
CARDS = 400


class Through(Embedder):
    """`inner`'s vectors under a new instance (so with an empty memo of turn vectors); `related_cosine`
    None: no meaning path (recall finds pending turns by their words only)."""

    def __init__(self, inner: Embedder, related_cosine: float | None) -> None:
        self.inner, self.model_id, self.dim = inner, inner.model_id, inner.dim
        self.related_cosine = related_cosine

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.inner.embed(texts)


def pending_user(home: Path, turns: int, rng: random.Random) -> Backends:
    b = local_backends(home)
    create_memories(
        b, SCOPE, [NewMemory(type=MemoryType.EPISODE, statement=sentence(rng)) for _ in range(CARDS)]
    )
    now = b.clock()
    said = [
        MessageEvent(
            event_id=f"e{i}",
            tenant_id=SCOPE.tenant_id,
            user_id=SCOPE.user_id,
            session_id=f"s{i // 20}",
            ts=now - timedelta(minutes=turns - i),
            role="user" if i % 2 == 0 else "assistant",
            text=sentence(rng),
        )
        for i in range(turns)
    ]
    append_events(b, SCOPE, said)
    return b


def run(turns: int, queries: int) -> dict[str, Any]:
    rng = random.Random(20260601)
    with tempfile.TemporaryDirectory(prefix="reverie-pending-") as home:
        b = pending_user(Path(home), turns, rng)
        words = replace(b, embedder=Through(b.embedder, None))
        asked = [question(rng) for _ in range(queries)]
        build_context(b, asked[0], SCOPE, BUDGET)  # the warm system's memo holds the turns from here on
        systems: dict[str, Callable[[], Backends]] = {
            "words (baseline)": lambda: words,
            "meaning, warm": lambda: b,
            "meaning, cold": lambda: replace(b, embedder=Through(b.embedder, b.embedder.related_cosine)),
        }
        times: dict[str, list[float]] = {name: [] for name in systems}
        for i, q in enumerate(asked):
            for name in systems if i % 2 == 0 else reversed(systems):
                system = systems[name]()
                start = time.perf_counter()
                build_context(system, q, SCOPE, BUDGET)
                times[name].append((time.perf_counter() - start) * 1000)
        alone = []
        for i in range(queries):
            start = time.perf_counter()
            b.embedder.embed([f"{sentence(rng)} ({i})"])  # no cache: `local_backends`
            alone.append((time.perf_counter() - start) * 1000)
    base = percentile(times["words (baseline)"], 50)
    return {
        "turns": turns,
        "meaning_turns": MEANING_TURNS,
        "queries": queries,
        "recall": {
            name: {
                "p50_ms": round(percentile(t, 50), 2),
                "p95_ms": round(percentile(t, 95), 2),
                "p50_ratio": round(percentile(t, 50) / base, 2),
            }
            for name, t in times.items()
        },
        "one_turn_embedded_p50_ms": round(percentile(alone, 50), 2),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def render(doc: dict[str, Any]) -> str:
    rows = [(name, r["p50_ms"], r["p95_ms"], r["p50_ratio"]) for name, r in doc["recall"].items()]
    return "\n".join(
        [
            f"Recall with {doc['turns']} pending turns ({doc['meaning_turns']} newest compared by meaning), "
            f"{CARDS} memories, {doc['queries']} queries",
            "",
            format_table(["system", "p50 ms", "p95 ms", "p50 / words"], rows),
            "",
            f"one turn embedded alone (per event, were it done at capture): p50 {doc['one_turn_embedded_p50_ms']} ms",
            f"note: machine load (1-min average) at the end: {doc['load_avg_1m']}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="reverie bench pending-latency", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--turns", type=int, default=40, help="pending turns of the user")
    parser.add_argument("--queries", type=int, default=60, help="queries timed on every system")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    doc = run(args.turns, args.queries)
    print(json.dumps(doc) if args.json else render(doc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
