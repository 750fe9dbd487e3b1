"""Pure ranking rules for recall: fusion of the recall paths, the rerank formula, one card per key."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.search import SearchHit

# Constraints come first, corrections are boosted: a correction exists because something was wrong before.
TYPE_BOOST: dict[MemoryType, float] = {
    MemoryType.CONSTRAINT: 1.3,
    MemoryType.CORRECTION: 1.25,
    MemoryType.PREFERENCE: 1.1,
    MemoryType.PROCEDURE: 1.1,
    MemoryType.SKILL: 1.05,
    MemoryType.FACT: 1.0,
    MemoryType.PLAN: 1.0,
    MemoryType.EPISODE: 1.0,
}


@dataclass(frozen=True)
class Scored:
    card: MemoryCard
    score: float
    ranks: dict[str, int] = field(default_factory=dict)


def fuse(
    paths: Mapping[str, Sequence[SearchHit]], weights: Mapping[str, float], k: int = 60
) -> dict[str, float]:
    """Weighted reciprocal rank fusion: sum over paths of weight / (k + rank), rank starting at 1.

    Rank-based, so the paths' incomparable score scales (BM25, cosine, entity counts) need no calibration.
    """
    fused: dict[str, float] = {}
    for name, hits in paths.items():
        weight = weights.get(name, 1.0)
        for rank, hit in enumerate(hits, start=1):
            fused[hit.memory_id] = fused.get(hit.memory_id, 0.0) + weight / (k + rank)
    return fused


@dataclass(frozen=True)
class FusedScores:
    """Fused relevance per memory id, plus `floor`: what a card no path listed is assumed to score."""

    scores: dict[str, float]
    floor: float


def fuse_scores(
    paths: Mapping[str, Sequence[SearchHit]], weights: Mapping[str, float], depth: int
) -> FusedScores:
    """Weighted score fusion: each path's scores divided by its best one (negatives count as 0), then a
    weighted mean over the paths, in [0, 1].

    Unlike rank fusion this keeps how much better the best hits are than the rest (a strong keyword
    match beats a merely similar sentence). A card missing from a path that returned `depth` hits ranked
    somewhere below that path's cut, so it gets the path's lowest listed score rather than zero; a path
    that returned fewer hits listed every match it has, so a card missing there scores zero.
    """
    total = sum(weights.get(name, 1.0) for name in paths) or 1.0
    normalised: dict[str, dict[str, float]] = {}
    floors: dict[str, float] = {}
    for name, hits in paths.items():
        best = max((hit.score for hit in hits), default=0.0)
        scores = {hit.memory_id: max(0.0, hit.score) / best for hit in hits} if best > 0 else {}
        normalised[name] = scores
        floors[name] = min(scores.values()) if scores and len(hits) >= depth else 0.0
    found = {m for scores in normalised.values() for m in scores}
    sums = dict.fromkeys(found, 0.0)
    for name in paths:  # path by path, in the paths' order: each card's sum adds its terms in that order
        weight, scores, missing = weights.get(name, 1.0), normalised[name], floors[name]
        for memory_id in found:
            sums[memory_id] += weight * scores.get(memory_id, missing)
    fused = {memory_id: value / total for memory_id, value in sums.items()}
    floor = sum(weights.get(n, 1.0) * floors[n] for n in paths) / total
    return FusedScores(scores=fused, floor=floor)


def path_ranks(paths: Mapping[str, Sequence[SearchHit]]) -> dict[str, dict[str, int]]:
    """memory_id → {path: rank} (for explaining why a card was recalled)."""
    ranks: dict[str, dict[str, int]] = {}
    for name, hits in paths.items():
        for rank, hit in enumerate(hits, start=1):
            ranks.setdefault(hit.memory_id, {})[name] = rank
    return ranks


def freshness(card: MemoryCard, now: datetime, half_life_days: float = 365.0) -> float:
    """In (0.8, 1]: newer evidence weighs a little more; old memories stay recallable."""
    seen = card.last_verified_at or card.observed_at or card.created_at
    age_days = max(0.0, (now - seen).total_seconds() / 86_400)
    return 0.8 + 0.2 * math.exp(-age_days * math.log(2) / half_life_days)


def rerank_score(relevance: float, card: MemoryCard, now: datetime) -> float:
    """relevance × confidence × freshness × type boost (confidence enters softly: 0.5 + 0.5·c)."""
    return relevance * (0.5 + 0.5 * card.confidence) * freshness(card, now) * TYPE_BOOST[card.type]


SlotValue = tuple[str, datetime | None]


def slot_value(card: MemoryCard) -> SlotValue | None:
    """What recall shows one card of: the card's key, and the day it holds from when it is a change said
    ahead ("From 1 March, based at BRS" beside the value that holds until then); None without a key."""
    return None if card.key is None else (card.key, card.valid_from)


def one_per_key(scored: Sequence[Scored]) -> list[Scored]:
    """Keep the best-ranked card of each key (cards without a key are their own key).

    Conflicting cards are the exception: all of them stay, so that recall can show the disagreement
    instead of silently picking a side. So is a change said ahead (`valid_from`: "From 1 March, based at
    BRS"): until that day the value it replaces still holds (until then), and both are true.
    """
    seen: set[SlotValue] = set()
    kept: list[Scored] = []
    for item in scored:
        slot = slot_value(item.card)
        if slot is None or item.card.status is Status.CONFLICTING:
            kept.append(item)
            continue
        if slot in seen:
            continue
        seen.add(slot)
        kept.append(item)
    return kept
