"""Metrics shared by the benchmarks: evidence ids, recall, answer coverage, percentiles, tables.

The metric's own word list is fixed here on purpose: tuning the product's text helpers must never move
the yardstick.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from reverie.domain.events import MessageEvent
from reverie.ports import Embedder
from reverie.services.backends import Backends

_EVIDENCE_PIECE = re.compile(r"^D:?(\d+):(\d+)$")
_SEPARATORS = re.compile(r"[;,\s]+")
_WORD = re.compile(r"[a-z0-9]+")
_METRIC_STOP_WORDS = frozenset(
    """a an the and or but of to in on at for by with from as is are was were be been it its this that
    these those he she they his her their them i me my we our you your""".split()
)


@dataclass(frozen=True)
class Evidence:
    """A question's evidence after normalisation.

    `ids` are canonical dia ids (`D<session>:<turn>`, no leading zeros), de-duplicated in order;
    `unfixable` counts pieces that name no turn at all (e.g. a bare "D"): each is a miss.
    `repaired` counts pieces that needed fixing (joined lists, stray colons, leading zeros).
    """

    ids: tuple[str, ...]
    unfixable: int = 0
    repaired: int = 0

    @property
    def size(self) -> int:
        return len(self.ids) + self.unfixable


def normalise_evidence(raw: Iterable[str]) -> Evidence:
    """Canonical evidence ids from LoCoMo's lists, repairing "D8:6; D9:17", "D:11:26", "D30:05", "D1:2 D1:3"."""
    ids: dict[str, None] = {}
    unfixable = repaired = 0
    for item in raw:
        pieces = [p for p in _SEPARATORS.split(str(item).strip()) if p]
        if not pieces:
            unfixable += 1
            continue
        for piece in pieces:
            match = _EVIDENCE_PIECE.match(piece)
            if match is None:
                unfixable += 1
                continue
            canonical = f"D{int(match.group(1))}:{int(match.group(2))}"
            if canonical != piece or len(pieces) > 1:
                repaired += 1
            ids[canonical] = None
    return Evidence(ids=tuple(ids), unfixable=unfixable, repaired=repaired)


def evidence_recall(evidence: Evidence, found: Collection[str]) -> float | None:
    """Share of the evidence turns among `found` (unfixable pieces count as misses); None without evidence."""
    if evidence.size == 0:
        return None
    return sum(1 for e in evidence.ids if e in found) / evidence.size


def recall_at_k(evidence: Evidence, ranked: Sequence[Collection[str]], k: int) -> float | None:
    """Evidence recall of the first `k` results, each result given as the evidence ids it points to."""
    found: set[str] = set()
    for refs in ranked[:k]:
        found.update(refs)
    return evidence_recall(evidence, found)


def metric_words(text: str) -> list[str]:
    """Lower-case alphanumeric words (apostrophes split words: "Caroline's" → "caroline", "s")."""
    return _WORD.findall(text.lower())


def answer_words(answer: object) -> list[str]:
    """The answer's content words (the fixed metric stop list removed), de-duplicated in order."""
    seen = dict.fromkeys(w for w in metric_words(str(answer)) if w not in _METRIC_STOP_WORDS and len(w) > 1)
    return list(seen)


def answer_coverage(answer: object, context: str) -> float | None:
    """Share of the answer's content words present in `context` (case-insensitive); None for an empty answer."""
    wanted = answer_words(answer)
    if not wanted:
        return None
    present = set(metric_words(context))
    return sum(1 for w in wanted if w in present) / len(wanted)


def mean(values: Iterable[float | None]) -> float:
    """Mean of the defined values (0.0 when there are none)."""
    kept = [v for v in values if v is not None]
    return sum(kept) / len(kept) if kept else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation between order statistics."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain, aligned text table (floats with 3 decimals); the first column is left-aligned."""

    def cell(value: object) -> str:
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    cells = [[cell(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths, strict=True))
        )

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)])


@contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (stdout stays clean for the results); yields `advance(n)`."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


def local_backends(home: Path) -> Backends:
    """The real embedded backends in `home`, with the query-embedding cache off: every timed recall pays
    for its own query embedding, whichever system asked the same question first."""
    from reverie.adapters.local.embedder import MiniLMEmbedder
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    b = build_local(LocalSettings(home=home))
    embedder = MiniLMEmbedder(cache_size=0)
    embedder.load()
    return replace(b, embedder=embedder)


class SettableClock:
    """The time every service sees, moved along a replayed timeline by a benchmark harness."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def set(self, when: datetime) -> None:
        self.now = when


def clocked_local_backends(home: Path, clock: SettableClock, embedder: Embedder) -> Backends:
    """Embedded stores (`build_local`) in `home` on the harness's clock, with a shared, loaded embedder.
    The note store stamps each new version with its own clock: it gets the harness's too."""
    from reverie.adapters.local.note_store import SqliteNoteStore
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    b = build_local(LocalSettings(home=home))
    notes = SqliteNoteStore(home / "notes.db", clock=clock)
    return replace(b, clock=clock, embedder=embedder, notes=notes)


@dataclass
class Outcome:
    """One system's per-question measurements."""

    at_k: dict[int, list[float | None]] = field(default_factory=dict)
    at_budget: list[float | None] = field(default_factory=list)
    coverage: list[float | None] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)


def summarise(
    outcomes: dict[str, Outcome], keep: Sequence[bool] | None = None
) -> dict[str, dict[str, float]]:
    """Per system: recall@k, recall@budget, answer coverage and latency (of the questions `keep` selects)."""

    def pick(values: Sequence[Any]) -> list[Any]:
        return list(values) if keep is None else [v for v, kept in zip(values, keep, strict=True) if kept]

    summary: dict[str, dict[str, float]] = {}
    for name, out in outcomes.items():
        row = {f"recall@{k}": round(mean(pick(v)), 4) for k, v in out.at_k.items()}
        row["recall@budget"] = round(mean(pick(out.at_budget)), 4)
        row["answer_coverage@budget"] = round(mean(pick(out.coverage)), 4)
        latency = pick(out.latency_ms)
        row["p50_ms"] = round(percentile(latency, 50), 2)
        row["p95_ms"] = round(percentile(latency, 95), 2)
        summary[name] = row
    return summary


def timed(fn: Callable[[str], object], queries: Sequence[str]) -> tuple[float, float]:
    """(p50, p95) in milliseconds of `fn` over the queries, one call each."""
    times = []
    for q in queries:
        start = time.perf_counter()
        fn(q)
        times.append((time.perf_counter() - start) * 1000)
    return round(percentile(times, 50), 2), round(percentile(times, 95), 2)


def user_messages(
    tenant_id: str, user_id: str, session_id: str, texts: Iterable[str], at: datetime
) -> list[MessageEvent]:
    """One user message per text, a minute apart from `at`, ids `<session>-m<n>`."""
    return [
        MessageEvent(
            event_id=f"{session_id}-m{i}",
            tenant_id=tenant_id,
            user_id=user_id,
            session_id=session_id,
            ts=at + timedelta(minutes=i),
            role="user",
            text=text,
        )
        for i, text in enumerate(texts)
    ]
