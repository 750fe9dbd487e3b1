"""Online recall: `build_context(query, scope, budget_tokens)`, the L4 block injected into a prompt.

Three recall paths (keyword, vector, timeline/entity) → fusion → filter (in the queries, checked again on
the cards) → rerank → one card per key → greedy fill of a real token budget → render with dates and
citations (short handles in the text, each mapped to its memory id and evidence). Every injected card
records a hit. The fixed block holds the current plan and the standing preferences
(`services.fixed_block`). Until a dream has consolidated a session, its raw turns that share words with
the query or are close to it in meaning (by the query's one vector) follow the cards, as reference
(`services.unconsolidated`). Under the first cards, the words of the turn each cites that the card left
out, quoted as reference (`services.cited_turns`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import islice
from typing import Literal

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import RECALL_STATUSES, MemoryCard, Scope, Status
from reverie.domain.ranking import (
    FusedScores,
    Scored,
    SlotValue,
    fuse,
    fuse_scores,
    one_per_key,
    path_ranks,
    rerank_score,
    slot_value,
)
from reverie.domain.search import SearchFilter, SearchHit
from reverie.domain.text import entities, time_window
from reverie.services.backends import Backends
from reverie.services.cited_turns import CitedTurns
from reverie.services.context_render import Citation, CitationStyle, RawTurn, Rendered, render_context
from reverie.services.fixed_block import fixed_block, injectable, reference_fact, shadowed
from reverie.services.neighbours import neighbour_boosts
from reverie.services.query_vector import StartedPaths, start_paths
from reverie.services.unconsolidated import unconsolidated_turns

MIN_BUDGET_TOKENS = 64
MAX_BUDGET_TOKENS = 32_000


@dataclass(frozen=True)
class RecallSettings:
    """How recall ranks. Defaults were measured on LoCoMo's development split (`reverie bench locomo`).

    - `fusion`: "score" (normalised BM25 and cosine, weighted by `weights`) or "rrf" (reciprocal rank
      fusion with `rrf_k`).
    - `date_boost`: when the query names a day, month or year, cards observed then (± `date_slack`) score
      `1 + date_boost` times higher, and the timeline path brings them in even without a word in common.
    - `neighbour_boost`: episodes observed within `neighbour_window` of one of the `neighbour_seeds`
      strongest hits gain `neighbour_boost` × that hit's score (overlapping windows are read as one and
      take the strongest score): the answer to a question often sits in the reply next to the turn that
      matched it.
    - `page`: cards read from the note store at a time while filling the budget; the fill stops after
      `stop_after_misses` cards in a row did not fit.
    - `citations`: "handles" cites each line as `[n]` (memory n of `Context.citations`), the cheapest in
      tokens; "ids" writes each line's memory id and evidence refs inline.
    - `raw_turns`: also show what was said in the last `raw_window` that no dream has consolidated yet
      (user and assistant messages, explicit notes) and shares words with the query or, among the newest,
      is close to it in meaning (`services.unconsolidated`): at most `raw_lines`
      lines in at most `raw_share` of the budget, kept for them when there are any, as reference after
      the cards. Off, recall shows cards only (the benchmarks that measure the cards alone turn it off).
    - `cited_turns`: under each of the first `cited_turns` cards shown (memories and reference), the words
      of the turn it cites that the card left out: quoted, dated, masked, at most `cited_turn_tokens`
      tokens each and `cited_share` of the budget in all, taken before the cards ranked below
      (`services.cited_turns`). 0: cards only. On LoCoMo dev (`reverie bench dream`) two quotes raise
      answer-token coverage within 1,000 tokens by ~0.08 for ~0.004 of evidence recall (four cards fewer).
    """

    per_path: int = 60
    fusion: Literal["score", "rrf"] = "score"
    rrf_k: int = 60
    weights: dict[str, float] = field(default_factory=lambda: {"text": 1.0, "vector": 1.0, "timeline": 0.3})
    date_boost: float = 0.3
    date_slack: timedelta = timedelta(days=1)
    neighbour_boost: float = 0.2
    neighbour_seeds: int = 5
    neighbour_window: timedelta = timedelta(minutes=30)
    reference_below: float = 0.6
    fixed_block_share: float = 0.3
    page: int = 20
    stop_after_misses: int = 5
    citations: CitationStyle = "handles"
    raw_turns: bool = True
    raw_share: float = 1 / 3
    raw_lines: int = 5
    raw_window: timedelta = timedelta(days=3)  # a failed dream retried by the daily schedule, a weekend
    cited_turns: int = 2
    cited_turn_tokens: int = 60
    cited_share: float = 0.2


@dataclass(frozen=True)
class Context:
    text: str
    tokens: int
    budget_tokens: int
    memory_ids: list[str]
    ranked_ids: list[str]
    sections: dict[str, list[str]]
    citations: list[Citation]


def _paths(
    b: Backends, query: str, settings: RecallSettings, started: StartedPaths
) -> dict[str, list[SearchHit]]:
    """Keyword and vector paths always; the timeline path when the query names a date (cards observed
    then, those naming the query's entities first), read while the other two run (`_start`)."""
    filt = started.filt
    window = time_window(query)
    timeline = None
    if window:
        start, end = window[0] - settings.date_slack, window[1] + settings.date_slack
        timeline = b.index.search_timeline(filt, settings.per_path, entities(query), start, end)
    paths = {"text": started.text.result(), "vector": started.vector.result()}
    if timeline is not None:
        paths["timeline"] = timeline
    return paths


def _relevance(paths: dict[str, list[SearchHit]], settings: RecallSettings) -> FusedScores:
    if settings.fusion == "rrf":
        return FusedScores(scores=fuse(paths, settings.weights, settings.rrf_k), floor=0.0)
    fused = fuse_scores(
        {n: h for n, h in paths.items() if n != "timeline"}, settings.weights, settings.per_path
    )
    scores = dict(fused.scores)
    for hit in paths.get("timeline", []):
        scores[hit.memory_id] = scores.get(hit.memory_id, fused.floor) * (1 + settings.date_boost)
    return FusedScores(scores=scores, floor=fused.floor)


def _start(b: Backends, query: str, scope: Scope, settings: RecallSettings) -> StartedPaths:
    filt = SearchFilter(scope=scope, statuses=RECALL_STATUSES, now=b.clock())
    return start_paths(b, query, filt, settings.per_path)


@dataclass(frozen=True)
class _Candidates:
    """Candidate ids best first (before the card-level rerank), their scores and the paths that found them."""

    ordered: list[str]
    scores: dict[str, float]
    ranks: dict[str, dict[str, int]]
    fetched: dict[str, MemoryCard]


def _candidates(
    b: Backends,
    query: str,
    scope: Scope,
    settings: RecallSettings,
    started: StartedPaths | None = None,
    explain: bool = True,
) -> _Candidates:
    """The candidates of every path, fused and boosted; `started`: the filter and the paths the caller
    started early (`_start`). `explain`: with each one's rank on each path (what `rank` returns; a
    context shows none)."""
    started = started or _start(b, query, scope, settings)
    filt = started.filt
    paths = _paths(b, query, settings, started)
    relevance = _relevance(paths, settings)
    fetched: dict[str, MemoryCard] = {}
    boosts = neighbour_boosts(
        b,
        scope,
        filt,
        relevance.scores,
        fetched,
        boost=settings.neighbour_boost,
        seeds=settings.neighbour_seeds,
        window=settings.neighbour_window,
        k=settings.per_path,
    )
    final = {
        m: relevance.scores.get(m, relevance.floor) + boosts.get(m, 0.0) for m in {*relevance.scores, *boosts}
    }
    ranks: dict[str, dict[str, int]] = {}
    if explain:
        ranks = path_ranks(paths)
        for position, memory_id in enumerate(sorted(boosts, key=lambda m: (-boosts[m], m)), start=1):
            ranks.setdefault(memory_id, {})["neighbour"] = position
    return _Candidates(sorted(final, key=lambda m: (-final[m], m)), final, ranks, fetched)


def _reranked(
    b: Backends, scope: Scope, found: _Candidates, page: int, looked_up: bool = False
) -> Iterator[Scored]:
    """Cards in rank order, read from the note store a page at a time (only as far as the caller reads):
    each page is reranked (relevance × confidence × freshness × type) and keeps one card per key.
    `looked_up`: with the unconfirmed facts a tool gave (`fixed_block.reference_fact`), for a context's
    reference section."""
    now = b.clock()
    keys: set[SlotValue] = set()
    for start in range(0, len(found.ordered), page):
        ids = found.ordered[start : start + page]
        wanted = [m for m in ids if m not in found.fetched]
        found.fetched.update(
            (c.memory_id, c) for c in b.notes.get_many(scope.tenant_id, wanted, counters=False)
        )
        # The index filtered already; the note store is the source of truth, so check its versions too.
        batch = [
            Scored(card=card, score=rerank_score(found.scores[m], card, now), ranks=found.ranks.get(m, {}))
            for m in ids
            if (card := found.fetched.get(m)) is not None
            and (injectable(card, scope, now) or (looked_up and reference_fact(b, card, scope, now)))
        ]
        batch.sort(key=lambda s: s.score, reverse=True)
        for item in one_per_key(batch):
            slot = slot_value(item.card)
            if slot is not None and item.card.status is not Status.CONFLICTING:
                if slot in keys:
                    continue
                keys.add(slot)
            yield item


def rank(
    b: Backends, query: str, scope: Scope, k: int, settings: RecallSettings | None = None
) -> list[Scored]:
    """The recall ranking before the budget: at most `k` visible, current, injectable cards, best first."""
    settings = settings or RecallSettings()
    found = _candidates(b, query, scope, settings)
    page = k + max(10, k // 2)  # a little more than k: filtering and one-per-key may drop some
    return list(islice(_reranked(b, scope, found, page), k))


def build_context(
    b: Backends,
    query: str,
    scope: Scope,
    budget_tokens: int,
    settings: RecallSettings | None = None,
    *,
    record_hits: bool = True,
) -> Context:
    """Assemble the memory block for a prompt, within `budget_tokens` as counted by the token counter
    (`tokens` is the count of the returned text), with its citations in handle order.

    Ranked cards are read from the note store a page at a time, only as far as the budget needs them.
    Raw turns of the caller's sessions no dream has consolidated yet follow them (`RecallSettings.raw_turns`):
    cited as `kind="raw_turn"`, in `sections["raw"]`, never in `memory_ids` (they record no hits). The
    first cards shown may carry what the turn they cite said beyond them, quoted under their line
    (`RecallSettings.cited_turns`); their citation's `quoted` names that turn."""
    if not MIN_BUDGET_TOKENS <= budget_tokens <= MAX_BUDGET_TOKENS:
        raise InvalidRequest(
            f"budget_tokens must be between {MIN_BUDGET_TOKENS} and {MAX_BUDGET_TOKENS}, got {budget_tokens}"
        )
    settings = settings or RecallSettings()
    now = b.clock()
    started = _start(b, query, scope, settings) if query.strip() else None  # runs while the rest reads
    fixed = fixed_block(b, scope)
    fixed_keys = {slot for c in fixed if (slot := slot_value(c))}
    ranked_ids: list[str] = []

    def ranked() -> Iterator[MemoryCard]:
        if not query.strip():
            return
        found = _candidates(b, query, scope, settings, started, explain=False)
        for item in _reranked(b, scope, found, settings.page, looked_up=True):
            ranked_ids.append(item.card.memory_id)
            if not shadowed(item.card, fixed_keys):
                yield item.card

    raw: list[RawTurn] = []
    if settings.raw_turns and started is not None:
        raw = unconsolidated_turns(
            b,
            query,
            scope,
            settings.raw_lines,
            settings.raw_window,
            query_vector=started.vector.vector,
            weights=settings.weights,
        )
    rendered: Rendered = render_context(
        fixed=fixed,
        ranked=ranked(),
        budget_tokens=budget_tokens,
        count=b.tokens.count,
        now=now,
        reference_below=settings.reference_below,
        fixed_share=settings.fixed_block_share,
        stop_after_misses=settings.stop_after_misses,
        citations=settings.citations,
        raw=raw,
        raw_share=settings.raw_share,
        quote=CitedTurns(b, scope, query, settings.cited_turn_tokens) if settings.cited_turns > 0 else None,
        quote_cards=settings.cited_turns,
        quote_share=settings.cited_share,
    )
    if record_hits and rendered.memory_ids:
        b.notes.record_hits(scope.tenant_id, rendered.memory_ids, now)
    return Context(
        text=rendered.text,
        tokens=rendered.tokens,
        budget_tokens=budget_tokens,
        memory_ids=rendered.memory_ids,
        ranked_ids=ranked_ids,
        sections=rendered.sections,
        citations=rendered.citations,
    )
