"""Online recall: `build_context(query, scope, budget_tokens)`, the L4 block injected into a prompt.

Three recall paths (keyword, vector, timeline/entity) → fusion → filter (in the queries, checked again on
the cards) → rerank → one card per key → greedy fill of a real token budget → render with ids, evidence
and dates. Every injected card records a hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import INJECTABLE_STATUSES, MemoryCard, MemoryType, Scope, Status
from reverie.domain.ranking import Scored, fuse, one_per_key, path_ranks, rerank_score
from reverie.domain.search import SearchFilter, SearchHit
from reverie.domain.text import entities, time_window
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.context_render import Rendered, render_context

MIN_BUDGET_TOKENS = 64
MAX_BUDGET_TOKENS = 32_000


@dataclass(frozen=True)
class RecallSettings:
    per_path: int = 60
    rrf_k: int = 60
    weights: dict[str, float] = field(default_factory=lambda: {"text": 1.0, "vector": 1.0, "timeline": 0.3})
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
    paths: dict[str, list[SearchHit]] = {"text": b.index.search_text(query, filt, settings.per_path)}
    vector = b.embedder.embed([query])[0]
    paths["vector"] = b.index.search_vector(vector, filt, settings.per_path)
    names, window = entities(query), time_window(query)
    if names or window:
        start, end = window if window else (None, None)
        paths["timeline"] = b.index.search_timeline(filt, settings.per_path, names, start, end)
    return paths


def rank(
    b: Backends, query: str, scope: Scope, k: int, settings: RecallSettings | None = None
) -> list[Scored]:
    """The recall ranking before the budget: at most `k` visible, current, injectable cards, best first."""
    settings = settings or RecallSettings()
    now = b.clock()
    filt = SearchFilter(scope=scope, now=now)
    paths = _paths(b, query, filt, settings)
    fused = fuse(paths, settings.weights, settings.rrf_k)
    ranks = path_ranks(paths)
    shortlist = sorted(fused, key=fused.__getitem__, reverse=True)[: max(k * 2, settings.per_path)]
    cards = b.notes.get_many(scope.tenant_id, shortlist)
    # The index filtered already; the note store is the source of truth, so check its current versions too.
    scored = [
        Scored(card=c, score=rerank_score(fused[c.memory_id], c, now), ranks=ranks.get(c.memory_id, {}))
        for c in cards
        if _injectable(c, scope, now)
    ]
    scored.sort(key=lambda s: s.score, reverse=True)
    return one_per_key(scored)[:k]


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
    ranked = rank(b, query, scope, settings.per_path, settings) if query.strip() else []
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
