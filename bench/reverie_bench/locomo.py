"""`reverie bench locomo`: evidence recall on LoCoMo, Reverie next to BM25-only and vector-only, one run.

Each conversation becomes one user of tenant "bench"; each turn an `episode` card written through the
public services (evidence ref = its dia_id, observed at its session's date). Every question of categories
1-4 then asks recall. Evidence recall counts the question's evidence turns that the returned memories
point to (at k, and within a token budget); answer coverage counts the answer's words in the returned text.
The baselines' hits go through the product's own renderer with the same settings (handles, date headings,
the same greedy fill), so within the budget the systems differ only in what they rank first.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Scope
from reverie.domain.search import SearchFilter, SearchHit
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.context_render import Rendered, render_context
from reverie.services.recall import RecallSettings, build_context, rank
from reverie_bench.common import (
    Evidence,
    Outcome,
    answer_coverage,
    evidence_recall,
    format_table,
    local_backends,
    normalise_evidence,
    progress_bar,
    recall_at_k,
    summarise,
)

TENANT = "bench"
SYSTEMS = ("reverie", "bm25", "vector")
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
BASELINE_CANDIDATES = 100  # enough ranked cards for a baseline to fill any budget this bench uses
_SESSION_KEY = re.compile(r"^session_(\d+)$")


@dataclass(frozen=True)
class Question:
    user_id: str
    text: str
    answer: object
    category: int
    evidence: Evidence


def session_date(text: str) -> datetime:
    """LoCoMo's "1:56 pm on 8 May, 2023" as a UTC datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turn_statement(turn: dict[str, Any]) -> str:
    statement = f"{turn['speaker']}: {turn['text']}"
    if turn.get("blip_caption"):
        statement += f" [shares a photo: {turn['blip_caption']}]"
    return statement


def sessions(conversation: dict[str, Any]) -> list[tuple[int, datetime, list[dict[str, Any]]]]:
    """(number, date, turns) of the sessions that exist, in order (some dates have no session)."""
    found = []
    for key, turns in conversation.items():
        match = _SESSION_KEY.match(key)
        if match and turns:
            number = int(match.group(1))
            found.append((number, session_date(conversation[f"session_{number}_date_time"]), turns))
    return sorted(found, key=lambda s: s[0])


def ingest(
    b: Backends, data: Sequence[dict[str, Any]], progress: Callable[[int], None]
) -> dict[str, MemoryCard]:
    """Store every turn as an episode card (one `create_memories` call per session); returns the cards."""
    cards: dict[str, MemoryCard] = {}
    for sample in data:
        user = sample["sample_id"]
        scope = Scope(tenant_id=TENANT, user_id=user)
        for number, when, turns in sessions(sample["conversation"]):
            items = [
                NewMemory(
                    type=MemoryType.EPISODE,
                    statement=turn_statement(turn),
                    evidence_refs=[EvidenceRef(session_id=f"{user}-s{number}", event_id=turn["dia_id"])],
                    observed_at=when,
                )
                for turn in turns
            ]
            for card in create_memories(b, scope, items):
                cards[card.memory_id] = card
            progress(len(items))
    return cards


def questions(data: Sequence[dict[str, Any]]) -> list[Question]:
    """The category 1-4 questions with normalised evidence (adversarial category 5 has no answer)."""
    return [
        Question(
            user_id=sample["sample_id"],
            text=item["question"],
            answer=item.get("answer", ""),
            category=int(item["category"]),
            evidence=normalise_evidence(item.get("evidence") or []),
        )
        for sample in data
        for item in sample["qa"]
        if int(item["category"]) in CATEGORIES
    ]


def _refs(cards: dict[str, MemoryCard], memory_ids: Sequence[str]) -> list[set[str]]:
    return [{r.event_id for r in cards[m].evidence_refs} if m in cards else set() for m in memory_ids]


def _found(cards: dict[str, MemoryCard], memory_ids: Sequence[str]) -> set[str]:
    return set().union(*_refs(cards, memory_ids)) if memory_ids else set()


def evaluate(
    b: Backends,
    cards: dict[str, MemoryCard],
    items: Sequence[Question],
    ks: Sequence[int],
    budget: int,
    settings: RecallSettings | None = None,
    progress: Callable[[int], None] = lambda n: None,
) -> dict[str, Outcome]:
    """Ask every question of every system; returns each system's per-question outcomes (in `items` order)."""
    settings = settings or RecallSettings()
    outcomes = {name: Outcome(at_k={k: [] for k in ks}) for name in SYSTEMS}
    depth = max(ks)
    for q in items:
        scope = Scope(tenant_id=TENANT, user_id=q.user_id)
        filt = SearchFilter(scope=scope, now=b.clock())

        start = time.perf_counter()
        context = build_context(b, q.text, scope, budget, settings)
        _record(outcomes["reverie"], q, start, context.memory_ids, context.text, cards)
        ranked = [s.card.memory_id for s in rank(b, q.text, scope, depth, settings)]
        for k in ks:
            outcomes["reverie"].at_k[k].append(recall_at_k(q.evidence, _refs(cards, ranked), k))

        start = time.perf_counter()
        hits = b.index.search_text(q.text, filt, BASELINE_CANDIDATES)
        _baseline(b, outcomes["bm25"], q, start, hits, cards, ks, budget, settings)

        start = time.perf_counter()
        vector = b.embedder.embed([q.text])[0]
        hits = b.index.search_vector(vector, filt, BASELINE_CANDIDATES)
        _baseline(b, outcomes["vector"], q, start, hits, cards, ks, budget, settings)
        progress(1)
    return outcomes


def _record(
    out: Outcome, q: Question, start: float, ids: Sequence[str], text: str, cards: dict[str, MemoryCard]
) -> None:
    out.latency_ms.append((time.perf_counter() - start) * 1000)
    out.at_budget.append(evidence_recall(q.evidence, _found(cards, ids)))
    out.coverage.append(answer_coverage(q.answer, text))


def baseline_context(
    b: Backends, ranked: Iterable[MemoryCard], budget: int, settings: RecallSettings
) -> Rendered:
    """A baseline's cards in its order, rendered as recall renders its own ranked cards: the same
    renderer, settings and greedy fill (handles by default), with no fixed block."""
    return render_context(
        fixed=[],
        ranked=ranked,
        budget_tokens=budget,
        count=b.tokens.count,
        now=b.clock(),
        reference_below=settings.reference_below,
        fixed_share=settings.fixed_block_share,
        stop_after_misses=settings.stop_after_misses,
        citations=settings.citations,
    )


def _baseline(
    b: Backends,
    out: Outcome,
    q: Question,
    start: float,
    hits: Sequence[SearchHit],
    cards: dict[str, MemoryCard],
    ks: Sequence[int],
    budget: int,
    settings: RecallSettings,
) -> None:
    """One baseline's answer to `q`; its latency is the search alone."""
    elapsed_ms = (time.perf_counter() - start) * 1000
    ranked = [h.memory_id for h in hits if h.memory_id in cards]
    rendered = baseline_context(b, (cards[m] for m in ranked), budget, settings)
    _record(out, q, time.perf_counter(), rendered.memory_ids, rendered.text, cards)
    out.latency_ms[-1] = elapsed_ms
    for k in ks:
        out.at_k[k].append(recall_at_k(q.evidence, _refs(cards, ranked), k))


def report(
    outcomes: dict[str, Outcome], items: Sequence[Question], ingest_info: dict[str, Any]
) -> dict[str, Any]:
    """The JSON document: overall systems, per-category breakdowns and how the evidence was cleaned."""
    by_category = {
        f"{c} {name}": summarise(outcomes, [q.category == c for q in items]) for c, name in CATEGORIES.items()
    }
    systems = summarise(outcomes)
    return {
        "systems": systems,
        "latency_vs_bm25": latency_vs_bm25(systems),
        "questions": len(items),
        "by_category": by_category,
        "category_questions": {
            f"{c} {n}": sum(q.category == c for q in items) for c, n in CATEGORIES.items()
        },
        "evidence": {
            "repaired_ids": sum(q.evidence.repaired for q in items),
            "unfixable_ids_counted_as_misses": sum(q.evidence.unfixable for q in items),
            "questions_without_evidence_skipped_in_recall": sum(q.evidence.size == 0 for q in items),
        },
        "ingest": ingest_info,
    }


def latency_vs_bm25(systems: dict[str, dict[str, float]]) -> dict[str, float]:
    """Reverie's recall latency over BM25's alone, in the same run (p50 and p95): the ratio holds on a busy
    machine where the milliseconds do not (issue 14 asks p95 at most 3x)."""
    ours, bm25 = systems["reverie"], systems["bm25"]
    return {
        q: round(ours[f"{q}_ms"] / bm25[f"{q}_ms"], 2) if bm25[f"{q}_ms"] else 0.0 for q in ("p50", "p95")
    }


def render(doc: dict[str, Any], ks: Sequence[int], budget: int) -> str:
    columns = [f"recall@{k}" for k in ks] + ["recall@budget", "answer_coverage@budget", "p50_ms", "p95_ms"]
    headers = ["system", *(c.replace("@budget", f"@{budget}t") for c in columns)]
    lines = [f"LoCoMo evidence recall, {doc['questions']} questions (categories 1-4)", ""]
    lines.append(format_table(headers, [[n, *(s[c] for c in columns)] for n, s in doc["systems"].items()]))
    ratio = doc["latency_vs_bm25"]
    lines.append(
        f"reverie's recall latency against BM25's, same run: p50 x{ratio['p50']}, p95 x{ratio['p95']}"
    )
    per_cat = [f"recall@{k}" for k in ks] + ["recall@budget", "answer_coverage@budget"]
    for category, systems in doc["by_category"].items():
        count = doc["category_questions"][category]
        lines += ["", f"category {category} ({count} questions)"]
        lines.append(
            format_table(
                ["system", *(c.replace("@budget", f"@{budget}t") for c in per_cat)],
                [[n, *(s[c] for c in per_cat)] for n, s in systems.items()],
            )
        )
    ev, ing = doc["evidence"], doc["ingest"]
    lines += [
        "",
        f"evidence ids: {ev['repaired_ids']} repaired, {ev['unfixable_ids_counted_as_misses']} unfixable "
        f"(counted as misses); {ev['questions_without_evidence_skipped_in_recall']} questions without "
        "evidence left out of recall (kept in answer coverage)",
        f"ingest: {ing['cards']:.0f} episode cards in {ing['seconds']:.1f} s ({ing['cards_per_s']:.0f} cards/s)",
        f"machine load (1-min average, {os.cpu_count()} CPUs) before / after the questions: "
        f"{' / '.join(str(x) for x in ing.get('load_avg_1m', []))} (latency is wall time: other work inflates it)",
    ]
    return "\n".join(lines)


def read_conversations(path: Path) -> list[dict[str, Any]] | None:
    """The LoCoMo conversations in `path`; None, having said on stderr what to pass, when it is no file."""
    if not path.is_file():
        print(f"error: {path} is not a file; pass --data PATH to a LoCoMo JSON file", file=sys.stderr)
        return None
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reverie bench locomo", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="path to a LoCoMo JSON file")
    parser.add_argument("--k", type=int, nargs="+", default=[5, 10, 20], help="cut-offs for recall@k")
    parser.add_argument("--budget", type=int, default=1000, help="token budget of the context")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    data = read_conversations(args.data)
    if data is None:
        return 2
    items = questions(data)
    turns = sum(len(t) for sample in data for _, _, t in sessions(sample["conversation"]))
    with tempfile.TemporaryDirectory(prefix="reverie-locomo-") as home:
        b = local_backends(Path(home))
        with progress_bar("ingesting turns", turns) as advance:
            start = time.perf_counter()
            cards = ingest(b, data, advance)
            seconds = time.perf_counter() - start
        load_before = os.getloadavg()[0]
        with progress_bar("asking questions", len(items)) as advance:
            outcomes = evaluate(b, cards, items, sorted(set(args.k)), args.budget, progress=advance)
    info = {
        "cards": float(len(cards)),
        "seconds": round(seconds, 2),
        "cards_per_s": round(len(cards) / seconds, 1),
        "load_avg_1m": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    doc = report(outcomes, items, info)
    print(json.dumps(doc) if args.json else render(doc, sorted(set(args.k)), args.budget))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
