"""`reverie bench meaning-floor`: the cosine above which a question and a turn are likelier related than not.

On LoCoMo (`--data`), every question of categories 1-4 is compared with every turn of every conversation
by the local embedder: a question and its own evidence turns are the related pairs; a question and the
turns of the other conversations are the unrelated ones (another pair of people's lives: nothing there
answers it, yet it is chat of the same kind). The floor is where the two cosine densities cross (Gaussian
kernel estimates): above it a cosine is more typical of a question and a turn that answers it than of a
question and an unrelated turn (a likelihood ratio of one). Printed beside it: the share of evidence turns
kept and of unrelated pairs let through at that floor and at the unrelated pairs' 90th, 95th and 99th
percentiles. The embedder declares the floor as `related_cosine`; recall offers a pending turn by meaning
only above it (`services.unconsolidated`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.ports import Embedder
from reverie_bench.common import format_table
from reverie_bench.locomo import questions, read_conversations, sessions

F32 = npt.NDArray[np.float32]
NULL_SAMPLE = 200_000  # unrelated pairs the density is estimated from (of ~1.7M on LoCoMo dev): ±0.001
GRID = np.linspace(-0.2, 0.8, 1001)


def pair_cosines(embedder: Embedder, data: Sequence[dict[str, Any]]) -> tuple[F32, F32]:
    """(related, unrelated): the cosines of every question with its evidence turns, and with every turn
    of the other conversations."""
    asked = questions(data)
    turns: dict[str, tuple[list[str], F32]] = {}
    for sample in data:
        said = [t for _, _, ts in sessions(sample["conversation"]) for t in ts]
        vectors = np.asarray(embedder.embed([t["text"] for t in said]), dtype=np.float32)
        turns[sample["sample_id"]] = ([t["dia_id"] for t in said], vectors)
    related: list[float] = []
    unrelated: list[F32] = []
    for user, (ids, vectors) in turns.items():
        mine = [q for q in asked if q.user_id == user]
        if not mine:
            continue
        asking = np.asarray(embedder.embed([q.text for q in mine]), dtype=np.float32)
        cosines = asking @ vectors.T
        for row, question in enumerate(mine):
            wanted = set(question.evidence.ids)
            related.extend(float(cosines[row, col]) for col, i in enumerate(ids) if i in wanted)
        unrelated.extend((asking @ other.T).ravel() for o, (_, other) in turns.items() if o != user)
    return np.asarray(related, dtype=np.float32), np.concatenate(unrelated).astype(np.float32)


def density(sample: F32, grid: F32) -> F32:
    """A Gaussian kernel density estimate of `sample` on `grid` (Silverman's bandwidth)."""
    spread = min(float(np.std(sample)), float(np.subtract(*np.percentile(sample, [75, 25]))) / 1.34)
    width = 0.9 * spread * len(sample) ** -0.2
    out = np.zeros(len(grid), dtype=np.float64)
    for chunk in np.array_split(sample, max(1, len(sample) // 20_000)):
        out += np.exp(-0.5 * ((grid[:, None] - chunk[None, :]) / width) ** 2).sum(axis=1)
    return (out / (len(sample) * width * np.sqrt(2 * np.pi))).astype(np.float32)


def crossing(related: F32, unrelated: F32) -> float:
    """The lowest cosine above the unrelated pairs' median from which related pairs are the denser."""
    rng = np.random.default_rng(0)
    null = rng.choice(unrelated, size=min(NULL_SAMPLE, len(unrelated)), replace=False)
    grid = GRID[np.median(null) < GRID].astype(np.float32)
    ahead = density(related, grid) >= density(null, grid)
    return float(grid[int(np.argmax(ahead))]) if ahead.any() else float("nan")


def report(related: F32, unrelated: F32) -> dict[str, Any]:
    floor = crossing(related, unrelated)
    cuts = {"crossing": floor} | {f"unrelated p{p}": float(np.percentile(unrelated, p)) for p in (90, 95, 99)}
    return {
        "related_pairs": len(related),
        "unrelated_pairs": len(unrelated),
        "floor": round(floor, 3),
        "cuts": {
            name: {
                "cosine": round(cut, 3),
                "related_kept": round(float((related >= cut).mean()), 3),
                "unrelated_kept": round(float((unrelated >= cut).mean()), 3),
            }
            for name, cut in cuts.items()
        },
    }


def render(doc: dict[str, Any], model: str) -> str:
    rows = [(name, c["cosine"], c["related_kept"], c["unrelated_kept"]) for name, c in doc["cuts"].items()]
    head = (
        f"Meaning floor for {model} on LoCoMo: {doc['related_pairs']} question-evidence pairs, "
        f"{doc['unrelated_pairs']} question-turn pairs across conversations"
    )
    table = format_table(["cut", "cosine", "evidence kept", "unrelated let through"], rows)
    return f"{head}\n\n{table}\n\nfloor (densities cross): {doc['floor']:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reverie bench meaning-floor", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="path to a LoCoMo JSON file")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    data = read_conversations(args.data)
    if data is None:
        return 2
    from reverie.adapters.local.embedder import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    doc = report(*pair_cosines(embedder, data))
    doc["declared"] = embedder.related_cosine
    text = render(doc, embedder.model_id) + f"\ndeclared by the embedder (related_cosine): {doc['declared']}"
    print(json.dumps(doc) if args.json else text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
