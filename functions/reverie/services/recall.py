"""Online recall: `build_context(query, scope, budget_tokens)`, the L4 block injected into a prompt.

Three recall paths (keyword, vector, timeline/entity) → fusion → filter (in the queries, checked again on
the cards) → rerank → one card per key → greedy fill of a real token budget → render with ids, evidence
and dates. Every injected card records a hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import INJECTABLE_STATUSES, MemoryCard, MemoryType, Scope, Status
from reverie.domain.ranking import (
    FusedScores,
    Scored,
    fuse,
    fuse_scores,
    one_per_key,
    path_ranks,
    rerank_score,
)
from reverie.domain.search import SearchFilter, SearchHit
from reverie.domain.text import entities, time_window
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.context_render import Rendered, render_context

MIN_BUDGET_TOKENS = 64
MAX_BUDGET_TOKENS = 32_000
MIN_LINE_TOKENS = 20  # a rendered line carries at least its id, date and evidence: bounds cards per budget


@dataclass(frozen=True)
class RecallSettings:
    """How recall ranks. Defaults were measured on LoCoMo's development split (`reverie bench locomo`).

    - `fusion`: "score" (normalised BM25 and cosine, weighted by `weights`) or "rrf" (reciprocal rank
      fusion with `rrf_k`).
    - `date_boost`: when the query names a day, month or year, cards observed then (± `date_slack`) score
      `1 + date_boost` times higher, and the timeline path brings them in even without a word in common.
    - `neighbour_boost`: episodes observed within `neighbour_window` of one of the `neighbour_seeds`
      strongest hits gain `neighbour_boost` × that hit's score: the answer to a question often sits in
      the reply next to the turn that matched it.
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


@dataclass(frozen=True)
class Context:
    text: str
    tokens: int
    budget_tokens: int
    memory_ids: list[str]
    ranked_ids: list[str]
    sections: dict[str, list[str]]


def _paths(
    b: Backends, query: str, filt: SearchFilter, settings: RecallSettings
) -> dict[str, list[SearchHit]]:
    """Keyword and vector paths always; the timeline path when the query names a date (cards observed
    then, those naming the query's entities first)."""
    paths: dict[str, list[SearchHit]] = {"text": b.index.search_text(query, filt, settings.per_path)}
    vector = b.embedder.embed([query])[0]
    paths["vector"] = b.index.search_vector(vector, filt, settings.per_path)
    window = time_window(query)
    if window:
        start, end = window[0] - settings.date_slack, window[1] + settings.date_slack
        paths["timeline"] = b.index.search_timeline(filt, settings.per_path, entities(query), start, end)
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


def _neighbours(
    b: Backends,
    scope: Scope,
    filt: SearchFilter,
    relevance: FusedScores,
    fetched: dict[str, MemoryCard],
    settings: RecallSettings,
) -> dict[str, float]:
    """Boosts for episodes observed close in time to the strongest hits (the timeline path around each)."""
    if settings.neighbour_boost <= 0 or settings.neighbour_seeds <= 0:
        return {}
    scores = relevance.scores
    seeds = sorted(scores, key=lambda m: (-scores[m], m))[: settings.neighbour_seeds]
    fetched.update((c.memory_id, c) for c in b.notes.get_many(scope.tenant_id, seeds))
    strongest: dict[datetime, float] = {}
    for memory_id in seeds:
        card = fetched.get(memory_id)
        if card is not None and card.type is MemoryType.EPISODE and card.observed_at is not None:
            strongest[card.observed_at] = max(strongest.get(card.observed_at, 0.0), scores[memory_id])
    episodes = filt.model_copy(update={"types": frozenset({MemoryType.EPISODE})})
    boosts: dict[str, float] = {}
    for when, strength in strongest.items():
        window = settings.neighbour_window
        for hit in b.index.search_timeline(episodes, settings.per_path, (), when - window, when + window):
            boosts[hit.memory_id] = max(boosts.get(hit.memory_id, 0.0), settings.neighbour_boost * strength)
    return boosts


def rank(
    b: Backends, query: str, scope: Scope, k: int, settings: RecallSettings | None = None
) -> list[Scored]:
    """The recall ranking before the budget: at most `k` visible, current, injectable cards, best first."""
    settings = settings or RecallSettings()
    now = b.clock()
    filt = SearchFilter(scope=scope, now=now)
    paths = _paths(b, query, filt, settings)
    relevance = _relevance(paths, settings)
    fetched: dict[str, MemoryCard] = {}
    boosts = _neighbours(b, scope, filt, relevance, fetched, settings)
    final = {
        m: relevance.scores.get(m, relevance.floor) + boosts.get(m, 0.0) for m in {*relevance.scores, *boosts}
    }
    ranks = path_ranks({**paths, "neighbour": [SearchHit(memory_id=m, score=s) for m, s in boosts.items()]})
    ordered = sorted(final, key=lambda m: (-final[m], m))
    kept: list[Scored] = []
    page = k + max(10, k // 2)  # a little more than k: filtering and one-per-key may drop some
    for start in range(0, len(ordered), page):
        wanted = [m for m in ordered[start : start + page] if m not in fetched]
        fetched.update((c.memory_id, c) for c in b.notes.get_many(scope.tenant_id, wanted))
        # The index filtered already; the note store is the source of truth, so check its versions too.
        kept.extend(
            Scored(card=card, score=rerank_score(final[m], card, now), ranks=ranks.get(m, {}))
            for m in ordered[start : start + page]
            if (card := fetched.get(m)) is not None and _injectable(card, scope, now)
        )
        kept.sort(key=lambda s: s.score, reverse=True)
        kept = one_per_key(kept)
        if len(kept) >= k:
            break
    return kept[:k]


def _injectable(card: MemoryCard, scope: Scope, now: datetime) -> bool:
    return card.visible_to(scope) and card.status in INJECTABLE_STATUSES and not card.is_expired(now)


def _fixed_block(b: Backends, scope: Scope) -> list[MemoryCard]:
    """The user's preferences (most confident first) and the current plan (the latest one)."""
    now = b.clock()
    found = b.notes.query(
        CardQuery(
            scope=scope,
            types=frozenset({MemoryType.PREFERENCE, MemoryType.PLAN}),
            statuses=frozenset(INJECTABLE_STATUSES),
            limit=200,
        )
    )
    current = [c for c in found if _injectable(c, scope, now)]
    preferences = sorted(
        (c for c in current if c.type is MemoryType.PREFERENCE), key=lambda c: c.confidence, reverse=True
    )
    plans = sorted(
        (c for c in current if c.type is MemoryType.PLAN), key=lambda c: c.updated_at, reverse=True
    )
    return preferences + plans[:1]


def _not_shadowed(ranked: list[Scored], fixed: list[MemoryCard]) -> list[MemoryCard]:
    """Ranked cards minus those the fixed block already answers: a card of the same key, and any plan
    other than the current one."""
    keys = {c.key for c in fixed if c.key}
    return [
        s.card
        for s in ranked
        if s.card.type is not MemoryType.PLAN
        and (s.card.key not in keys or s.card.status is Status.CONFLICTING)
    ]


def build_context(
    b: Backends,
    query: str,
    scope: Scope,
    budget_tokens: int,
    settings: RecallSettings | None = None,
    *,
    record_hits: bool = True,
) -> Context:
    """Assemble the memory block for a prompt, within `budget_tokens` as counted by the token counter."""
    if not MIN_BUDGET_TOKENS <= budget_tokens <= MAX_BUDGET_TOKENS:
        raise InvalidRequest(
            f"budget_tokens must be between {MIN_BUDGET_TOKENS} and {MAX_BUDGET_TOKENS}, got {budget_tokens}"
        )
    settings = settings or RecallSettings()
    now = b.clock()
    depth = max(10, budget_tokens // MIN_LINE_TOKENS)  # enough ranked cards to fill the budget
    ranked = rank(b, query, scope, depth, settings) if query.strip() else []
    fixed = _fixed_block(b, scope)
    rendered: Rendered = render_context(
        fixed=fixed,
        ranked=_not_shadowed(ranked, fixed),
        budget_tokens=budget_tokens,
        count=b.tokens.count,
        now=now,
        reference_below=settings.reference_below,
        fixed_share=settings.fixed_block_share,
    )
    if record_hits and rendered.memory_ids:
        b.notes.record_hits(scope.tenant_id, rendered.memory_ids, now)
    return Context(
        text=rendered.text,
        tokens=rendered.tokens,
        budget_tokens=budget_tokens,
        memory_ids=rendered.memory_ids,
        ranked_ids=[s.card.memory_id for s in ranked],
        sections=rendered.sections,
    )
