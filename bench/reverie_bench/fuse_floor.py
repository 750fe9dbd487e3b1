"""`reverie bench fuse-floor`: whether closeness in meaning alone could join the held cards the dream leaves apart.

The scenario suite is replayed with the dream (`scenario_replay`) and three kinds of card pairs are read off
what it stored, each pair's cosine taken by the local embedder:
- apart: two active cards of one user in a scenario the dream passes; two things the scenario keeps apart
  (a surviving duplicate would have failed it);
- joined: a card the dream superseded and the card that superseded it, in a scenario it passes;
- wanted: in a scenario the dream fails, two active cards that one check wants as one: both match a `cards`
  check of one active card or one `duplicates` group, or one mentions a question's stale value and the
  other its latest.
With `--data` (LoCoMo), a second apart sample from other people's lives: two observations about one speaker
from different sessions, citing different turns. Printed: each sample's percentiles, where the joined and
apart densities cross (`meaning_floor.crossing`), and for each wanted pair its cosine beside the share of
apart pairs at least as close: what a floor low enough to join it would join wrongly.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from reverie.domain.models import Layer, MemoryCard, Status
from reverie.ports import Embedder
from reverie.services.turn_vectors import vectors_of
from reverie_bench import scenario_format as f
from reverie_bench.common import format_table
from reverie_bench.meaning_floor import crossing
from reverie_bench.scenario_metrics import card_text, score
from reverie_bench.scenario_replay import local_factory, replay

Pair = tuple[str, str]
PERCENTILES = (50, 90, 95, 99, 100)
CLOSEST = 10  # apart pairs shown


@dataclass
class Pairs:
    apart: list[Pair] = field(default_factory=list)
    joined: list[Pair] = field(default_factory=list)
    wanted: list[tuple[str, Pair]] = field(default_factory=list)  # (scenario, pair)


def _distinct(pairs: Iterator[tuple[MemoryCard, MemoryCard]]) -> list[Pair]:
    return [(a.statement, b.statement) for a, b in pairs if a.statement != b.statement]


def read_pairs(
    scenario: f.ScenarioFile, name: str, stored: Sequence[MemoryCard], passed: bool, into: Pairs
) -> None:
    """Add one replayed scenario's pairs to `into` (`stored`: every card of the user, current versions)."""
    active = [
        c for c in stored if c.layer is Layer.KNOWLEDGE and c.status in (Status.VERIFIED, Status.CONFLICTING)
    ]
    if passed:
        # two claims flagged as conflicting are one thing told two ways: only verified cards are kept apart
        verified = [c for c in active if c.status is Status.VERIFIED]
        by_user = sorted(verified, key=lambda c: (c.user_id or "", c.memory_id))
        into.apart += _distinct(
            (a, b) for a, b in itertools.combinations(by_user, 2) if a.user_id == b.user_id
        )
        ids = {c.memory_id: c for c in stored}
        into.joined += _distinct(
            (c, ids[c.superseded_by])
            for c in stored
            if c.status is Status.SUPERSEDED and c.layer is Layer.KNOWLEDGE and c.superseded_by in ids
        )
        return
    expect = scenario.expect
    matching = lambda pattern: [c for c in active if f.mentions(pattern, card_text(c))]  # noqa: E731
    groups = [check.pattern for check in expect.cards if check.active == 1]
    groups += [group.pattern for group in expect.duplicates]
    wanted = [pair for pattern in groups for pair in itertools.combinations(matching(pattern), 2)]
    for question in expect.questions:
        stale = [c for pattern in question.stale for c in matching(pattern)]
        latest = [c for pattern in question.latest for c in matching(pattern) if c not in stale]
        wanted += list(itertools.product(stale, latest))
        if scenario.behaviour == "fuse":  # one richer card should carry every latest value
            carrying = [matching(pattern) for pattern in question.latest]
            wanted += [
                (a, b) for one, other in itertools.combinations(carrying, 2) for a in one for b in other
            ]
    seen = {(n, frozenset(p)) for n, p in into.wanted}
    for pair in _distinct(iter(wanted)):
        if (name, frozenset(pair)) not in seen:
            seen.add((name, frozenset(pair)))
            into.wanted.append((name, pair))


def suite_pairs(embedder: Embedder, paths: Sequence[Path]) -> Pairs:
    factory = local_factory(Path(tempfile.mkdtemp(prefix="fuse-floor-")), embedder)
    pairs = Pairs()
    for path in paths:
        scenario = f.load_scenario(path)
        seen = replay("dream", scenario, factory)
        name = str(path.relative_to(path.parents[1]))
        read_pairs(scenario, name, seen.stored, score(scenario, seen).passed, pairs)
    return pairs


def locomo_apart(data: Sequence[dict[str, Any]]) -> list[Pair]:
    """Two observations about one speaker from different sessions, citing no turn in common."""
    out: list[Pair] = []
    for sample in data:
        said: dict[str, list[tuple[str, str, frozenset[str]]]] = {}
        for session, people in sample.get("observation", {}).items():
            for who, items in people.items():
                for text, cited in items:
                    refs = frozenset([cited] if isinstance(cited, str) else cited)
                    said.setdefault(who, []).append((text, session, refs))
        for items in said.values():
            out += [
                (a, b)
                for (a, sa, ra), (b, sb, rb) in itertools.combinations(items, 2)
                if sa != sb and not ra & rb and a != b
            ]
    return out


def cosines(embedder: Embedder, pairs: Sequence[Pair]) -> np.ndarray:
    if not pairs:
        return np.zeros(0, dtype=np.float32)
    texts = sorted({t for pair in pairs for t in pair})
    rows = dict(zip(texts, vectors_of(embedder, texts), strict=True))
    return np.asarray([float(rows[a] @ rows[b]) for a, b in pairs], dtype=np.float32)


def report(embedder: Embedder, pairs: Pairs, locomo: Sequence[Pair]) -> dict[str, Any]:
    apart, joined = cosines(embedder, pairs.apart), cosines(embedder, pairs.joined)
    other = cosines(embedder, locomo)
    wanted = cosines(embedder, [p for _, p in pairs.wanted])
    spread = lambda x: [round(float(v), 3) for v in np.percentile(x, PERCENTILES)] if len(x) else []  # noqa: E731
    share = lambda x, at: round(float((x >= at).mean()), 4) if len(x) else None  # noqa: E731
    return {
        "samples": {
            "apart": {"pairs": len(apart), "percentiles": spread(apart)},
            "joined": {"pairs": len(joined), "percentiles": spread(joined)},
            "locomo apart": {"pairs": len(other), "percentiles": spread(other)},
        },
        "crossing": round(crossing(joined, apart), 3) if len(joined) and len(apart) else None,
        "closest apart": [
            {"cosine": round(float(apart[i]), 3), "cards": list(pairs.apart[i])}
            for i in np.argsort(-apart)[:CLOSEST]
        ],
        "wanted": [
            {
                "scenario": name,
                "cosine": round(float(c), 3),
                "apart at least as close": share(apart, c),
                "locomo apart at least as close": share(other, c),
                "cards": list(pair),
            }
            for (name, pair), c in sorted(zip(pairs.wanted, wanted, strict=True), key=lambda x: -x[1])
        ],
    }


def render(doc: dict[str, Any], model: str) -> str:
    head = f"Fuse floor for {model} (percentiles {', '.join(map(str, PERCENTILES))}; load {os.getloadavg()[0]:.1f})"
    samples = [
        (name, s["pairs"], " ".join(f"{v:.3f}" for v in s["percentiles"]))
        for name, s in doc["samples"].items()
    ]
    rows = [
        (
            w["scenario"][:48],
            w["cosine"],
            w["apart at least as close"],
            w["locomo apart at least as close"],
            " | ".join(card[:48] for card in w["cards"]),
        )
        for w in doc["wanted"]
    ]
    table = format_table(["wanted pair in", "cosine", "apart >=", "LoCoMo apart >=", "cards"], rows)
    closest = format_table(
        ["closest apart", "cards"],
        [(c["cosine"], " | ".join(t[:60] for t in c["cards"])) for c in doc["closest apart"]],
    )
    return (
        f"{head}\n\n{format_table(['sample', 'pairs', 'cosine percentiles'], samples)}\n\n"
        f"joined and apart densities cross at {doc['crossing']}\n\n{table}\n\n{closest}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reverie bench fuse-floor", description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[1] / "scenarios")
    parser.add_argument(
        "--data", type=Path, help="a LoCoMo JSON file: its observations as a second apart sample"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args(argv)
    from reverie.adapters.local.embedder import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    pairs = suite_pairs(embedder, sorted(args.dir.rglob("*.json")))
    locomo = locomo_apart(json.loads(args.data.read_text())) if args.data else []
    doc = report(embedder, pairs, locomo)
    print(json.dumps(doc) if args.json else render(doc, embedder.model_id))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
