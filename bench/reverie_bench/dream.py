"""`reverie bench dream`: what the dream buys on LoCoMo: raw turns, append-only notes and dreamed memory, one run.

Each conversation is replayed session by session into the three systems of `dream_replay` (a dream run
after each session end for `dream`); then every question of categories 1-4 asks recall (`build_context`,
1,000 tokens). Side by side: evidence recall within the budget (the share of the question's evidence
turns that the memories in the context cite), answer-token coverage, the active memory's size (verified
or conflicting L3 cards, WordPiece tokens of statement + condition/action/outcome) against the raw log's,
the dream's sessions per minute and the share of its time per stage, and the reasoner's tokens and calls
per session. The bar: the dreamed memory at most 1/5 of the raw log's tokens, with recall within the budget
at least that of `raw`. Each system runs on stores and caches of its own, cold at the start: none is timed
on vectors another one computed.

Each system answers from its cards alone; the dreamed memory answers twice: `dream`, its cards only, and
`dream + cited turns`, recall's default, where the first cards shown carry the words of the turn they
cite (`RecallSettings.cited_turns`) in the same budget: what that costs in cards (recall) and buys in
the answer's words (coverage), side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from reverie.domain.events import event_text
from reverie.domain.models import MemoryCard, Scope
from reverie.domain.search import card_search_text
from reverie.services.recall import RecallSettings, build_context
from reverie_bench.common import (
    Outcome,
    SettableClock,
    answer_coverage,
    evidence_recall,
    format_table,
    mean,
    progress_bar,
    summarise,
)
from reverie_bench.dream_replay import (
    OUTSIDE_STAGES,
    TENANT,
    BackendsFactory,
    MemorySystem,
    Session,
    build_systems,
    conversation_sessions,
    local_factory,
)
from reverie_bench.locomo import CATEGORIES, Question, questions, read_conversations

BUDGET_TOKENS = 1000
MAX_RATIO = 0.2  # the bar: dreamed memory at most 1/5 of the raw log's tokens
ASK_AFTER = timedelta(hours=1)  # questions come an hour after the conversation's last session
# What each system's memory answers, cards only: `notes` never dreams, so recall would add its raw turns.
CARDS_ONLY = RecallSettings(raw_turns=False, cited_turns=0)
CITED_TURNS = RecallSettings(raw_turns=False)  # and the cards with their cited turns quoted, as recall does
ROWS: dict[str, tuple[str, RecallSettings]] = {  # a row of the report: (the system asked, how recall runs)
    "raw": ("raw", CARDS_ONLY),
    "notes": ("notes", CARDS_ONLY),
    "dream": ("dream", CARDS_ONLY),
    "dream + cited turns": ("dream", CITED_TURNS),
}


@dataclass
class Measured:
    """One system's measurements over the whole replay."""

    outcome: Outcome = field(default_factory=Outcome)
    reachable: list[float | None] = field(default_factory=list)  # evidence cited by any active card
    context_cards: list[int] = field(default_factory=list)
    context_tokens: list[int] = field(default_factory=list)
    fixed_cards: list[int] = field(default_factory=list)
    quoted: list[int] = field(default_factory=list)  # cards with their cited turn quoted
    active_cards: int = 0
    active_tokens: int = 0
    raw_tokens: int = 0


def _cited(cards: Sequence[MemoryCard]) -> set[str]:
    return {r.event_id for c in cards for r in c.evidence_refs}


@dataclass(frozen=True)
class ActiveMemory:
    """A user's active cards by id, and the evidence ids they cite (the most recall could find)."""

    cards: dict[str, MemoryCard]
    cited: set[str]


def measure_memory(system: MemorySystem, scope: Scope, into: Measured) -> ActiveMemory:
    """Add the user's active memory to `into`; returns the active cards by id."""
    cards = system.active_cards(scope)
    into.active_cards += len(cards)
    into.active_tokens += sum(system.b.tokens.count(card_search_text(c)) for c in cards)
    return ActiveMemory({c.memory_id: c for c in cards}, _cited(cards))


def ask(
    system: MemorySystem,
    q: Question,
    active: ActiveMemory,
    into: Measured,
    budget: int,
    settings: RecallSettings = CARDS_ONLY,
) -> None:
    """One question to recall; its context is scored against the question's evidence and answer, and
    the question's evidence against what the whole active memory cites (the most recall could find)."""
    scope = Scope(tenant_id=TENANT, user_id=q.user_id)
    start = time.perf_counter()
    context = build_context(system.b, q.text, scope, budget, settings, record_hits=False)
    into.outcome.latency_ms.append((time.perf_counter() - start) * 1000)
    missing = [m for m in context.memory_ids if m not in active.cards]
    known = [active.cards[m] for m in context.memory_ids if m in active.cards]
    known += system.b.notes.get_many(scope.tenant_id, missing) if missing else []
    into.outcome.at_budget.append(evidence_recall(q.evidence, _cited(known)))
    into.outcome.coverage.append(answer_coverage(q.answer, context.text))
    into.reachable.append(evidence_recall(q.evidence, active.cited))
    into.context_cards.append(len(context.memory_ids))
    into.context_tokens.append(context.tokens)
    into.fixed_cards.append(len(context.sections.get("fixed", [])))
    into.quoted.append(sum(c.quoted is not None for c in context.citations))


def replay(
    data: Sequence[dict[str, Any]],
    factory: BackendsFactory,
    budget: int = BUDGET_TOKENS,
    on_session: Callable[[int], None] = lambda n: None,
    on_question: Callable[[int], None] = lambda n: None,
) -> tuple[dict[str, MemorySystem], dict[str, Measured], list[Question]]:
    """Replay every conversation into every system, then ask its questions; see the module docstring."""
    replays = [(sample, conversation_sessions(sample)) for sample in data]
    clock = SettableClock(
        next((s[0].events[0].ts for _, s in replays if s), datetime(2020, 1, 1, tzinfo=UTC))
    )
    systems = build_systems(factory, clock)
    measured = {name: Measured() for name in ROWS}
    asked: list[Question] = []
    for sample, played in replays:
        if not played:
            continue
        for session in played:
            for system in systems.values():
                system.session(clock, session)
            on_session(1)
        clock.set(played[-1].last_ts + ASK_AFTER)
        scope = played[0].scope
        raw = _raw_tokens(next(iter(systems.values())), played)
        items = questions([sample])
        for name, (system_name, settings) in ROWS.items():
            system, into = systems[system_name], measured[name]
            into.raw_tokens += raw
            active = measure_memory(system, scope, into)
            for q in items:
                ask(system, q, active, into, budget, settings)
        asked += items
        on_question(len(items))
    return systems, measured, asked


def _raw_tokens(system: MemorySystem, played: Sequence[Session]) -> int:
    return sum(system.b.tokens.count(event_text(e)) for s in played for e in s.events)


def report(
    systems: dict[str, MemorySystem], measured: dict[str, Measured], asked: Sequence[Question]
) -> dict[str, Any]:
    """The JSON document: the systems side by side, per-category recall, what the dream did, the bar."""
    summary = summarise({name: m.outcome for name, m in measured.items()})
    rows: dict[str, dict[str, Any]] = {}
    for name, m in measured.items():
        usage = systems[ROWS[name][0]].usage
        per = max(usage.sessions, 1)
        rows[name] = {
            "recall@budget": summary[name]["recall@budget"],
            "answer_coverage@budget": summary[name]["answer_coverage@budget"],
            "active_tokens": m.active_tokens,
            "active_cards": m.active_cards,
            "raw_tokens": m.raw_tokens,
            "active_ratio": round(m.active_tokens / m.raw_tokens, 4) if m.raw_tokens else 0.0,
            "evidence_reachable": round(mean(m.reachable), 4),
            "dream_s_per_session": round(usage.dream_seconds / per, 4),
            "dream_sessions_per_minute": _per_minute(usage.sessions, usage.dream_seconds),
            "dream_cpu_s_per_session": round(usage.dream_cpu_seconds / per, 4),
            "reasoner_tokens_per_session": round(usage.reasoner_tokens / per, 2),
            "reasoner_calls_per_session": round(usage.reasoner_calls / per, 2),
            "ingest_s_per_session": round(usage.ingest_seconds / per, 4),
            "context_cards": round(mean(m.context_cards), 2),
            "context_tokens": round(mean(m.context_tokens), 1),
            "fixed_block_cards": round(mean(m.fixed_cards), 2),
            "quoted_cards": round(mean(m.quoted), 2),
            "recall_p50_ms": summary[name]["p50_ms"],
            "recall_p95_ms": summary[name]["p95_ms"],
        }
    by_category = {}
    for c, label in CATEGORIES.items():
        keep = [q.category == c for q in asked]
        cat = summarise({name: m.outcome for name, m in measured.items()}, keep)
        by_category[f"{c} {label}"] = {
            name: {k: cat[name][k] for k in ("recall@budget", "answer_coverage@budget")} for name in cat
        }
    dreamed, cited, raw = rows["dream"], rows["dream + cited turns"], rows["raw"]
    usage = systems["dream"].usage
    return {
        "systems": rows,
        "questions": len(asked),
        "sessions": usage.sessions,
        "by_category": by_category,
        "category_questions": {
            f"{c} {n}": sum(q.category == c for q in asked) for c, n in CATEGORIES.items()
        },
        "dream_counts": dict(sorted(usage.counts.items())),
        "dream_stages": dream_stages(usage.stage_seconds),
        "notes_candidates": systems["notes"].usage.counts.get("candidates", 0),
        "problems": [p for s in systems.values() for p in s.usage.problems],
        "bar": {
            "max_ratio": MAX_RATIO,
            "ratio_ok": dreamed["active_ratio"] <= MAX_RATIO,
            "recall_ok": dreamed["recall@budget"] >= raw["recall@budget"],
            "cited_recall_ok": cited["recall@budget"] >= raw["recall@budget"],
        },
    }


def _per_minute(sessions: int, seconds: float) -> float | None:
    """Sessions a minute of dreaming gets through; None for a system that does not dream."""
    return round(60 * sessions / seconds, 1) if seconds else None


STAGE_ORDER = ("select", "verify", "restructure", "decay", "index sync", OUTSIDE_STAGES)


def dream_stages(seconds: dict[str, float]) -> dict[str, dict[str, float]]:
    """Each part of the dream runs' time (exclusive: "index sync" is not in the stage it ran in), in
    seconds and as a share of the whole, in the stages' order."""
    total = sum(seconds.values())
    names = [n for n in STAGE_ORDER if n in seconds] + sorted(set(seconds) - set(STAGE_ORDER))
    return {
        name: {"seconds": round(seconds[name], 3), "share": round(seconds[name] / total, 4) if total else 0.0}
        for name in names
    }


COLUMNS = (
    ("recall@budget", "recall@{b}t"),
    ("answer_coverage@budget", "coverage@{b}t"),
    ("evidence_reachable", "reachable"),
    ("active_cards", "cards"),
    ("active_tokens", "tokens"),
    ("active_ratio", "of raw"),
    ("dream_sessions_per_minute", "dream sessions/min"),
    ("ingest_s_per_session", "ingest s/session"),
    ("reasoner_tokens_per_session", "reasoner tok/session"),
    ("reasoner_calls_per_session", "calls/session"),
    ("context_cards", "cards in context"),
    ("quoted_cards", "quoted"),
)


def render(doc: dict[str, Any], budget: int) -> str:
    systems = doc["systems"]
    raw_tokens = next(iter(systems.values()))["raw_tokens"]
    lines = [
        f"LoCoMo replayed with a dream after each session end: {doc['sessions']} sessions, "
        f"{doc['questions']} questions (categories 1-4), raw log {raw_tokens} tokens",
        "",
        format_table(
            ["system", *(h.format(b=budget) for _, h in COLUMNS)],
            [
                [name, *("-" if row[k] is None else row[k] for k, _ in COLUMNS)]
                for name, row in systems.items()
            ],
        ),
    ]
    for category, rows in doc["by_category"].items():
        lines += ["", f"category {category} ({doc['category_questions'][category]} questions)"]
        lines.append(
            format_table(
                ["system", f"recall@{budget}t", f"coverage@{budget}t"],
                [[n, r["recall@budget"], r["answer_coverage@budget"]] for n, r in rows.items()],
            )
        )
    dreamed = systems["dream"]
    stages = ", ".join(f"{name} {part['share']:.0%}" for name, part in doc["dream_stages"].items())
    lines += [
        "",
        f"dream: {dreamed['dream_sessions_per_minute']} sessions/minute ({dreamed['dream_s_per_session']} s of "
        f"wall clock a session, {dreamed['dream_cpu_s_per_session']} s of CPU, every thread's; the dream run "
        "alone, each system on caches of its own, cold at the start)",
        f"dream time per part: {stages}",
    ]
    if "load_avg_1m" in doc:
        load = " / ".join(str(x) for x in doc["load_avg_1m"])
        lines.append(
            f"machine load (1-min average, {os.cpu_count()} CPUs) before / after: {load} "
            "(times are wall clock: other work inflates them)"
        )
    counts = doc["dream_counts"]
    shown = ", ".join(f"{k} {v}" for k, v in counts.items() if not k.startswith("decay.active"))
    bar = doc["bar"]
    lines += [
        "",
        f"dream runs, summed: {shown}",
        "reachable: share of the questions' evidence cited by any active card (the ceiling for recall)",
        f"bar: dreamed memory <= {bar['max_ratio']:.0%} of the raw log: {'yes' if bar['ratio_ok'] else 'NO'} "
        f"({systems['dream']['active_ratio']:.1%}); recall@{budget}t >= raw: "
        f"{'yes' if bar['recall_ok'] else 'NO'} "
        f"({systems['dream']['recall@budget']:.3f} vs {systems['raw']['recall@budget']:.3f}); "
        f"with cited turns: {'yes' if bar['cited_recall_ok'] else 'NO'} "
        f"({systems['dream + cited turns']['recall@budget']:.3f})",
        "dream + cited turns: the same memory, the first cards shown quoting the turn they cite "
        f"(coverage {systems['dream']['answer_coverage@budget']:.3f} → "
        f"{systems['dream + cited turns']['answer_coverage@budget']:.3f})",
    ]
    if doc["problems"]:
        lines += ["", "problems:", *(f"  {p}" for p in doc["problems"])]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reverie bench dream", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="path to a LoCoMo JSON file")
    parser.add_argument("--budget", type=int, default=BUDGET_TOKENS, help="token budget of the context")
    parser.add_argument("--conversations", type=int, default=None, help="replay only the first N")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    data = read_conversations(args.data)
    if data is None:
        return 2
    data = data[: args.conversations]
    from reverie.adapters.local.embedder import MiniLMEmbedder

    model = MiniLMEmbedder()
    model.load()  # loaded once; each system gets an embedder of its own on it (its own cache)
    total_sessions = sum(len(conversation_sessions(s)) for s in data)
    total_questions = len(questions(data))
    with tempfile.TemporaryDirectory(prefix="reverie-bench-dream-") as home:
        factory = local_factory(Path(home), lambda: MiniLMEmbedder(encoder=model.encoder()))
        load_before = os.getloadavg()[0]
        with progress_bar(
            "replaying sessions, asking questions", total_sessions + total_questions
        ) as advance:
            systems, measured, asked = replay(data, factory, args.budget, advance, advance)
    doc = report(systems, measured, asked)
    doc["load_avg_1m"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    print(json.dumps(doc) if args.json else render(doc, args.budget))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
