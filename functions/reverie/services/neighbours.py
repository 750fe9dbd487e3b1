"""Recall's neighbour boost: the answer to a question often sits in the turn next to the one that matched.

Episodes observed within a window of one of the strongest hits gain a share of that hit's score
(`RecallSettings.neighbour_boost`); overlapping windows are read as one and take the strongest score; the
windows are read together (`SearchIndex.search_windows`: one statement in the embedded index).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from reverie.domain.models import MemoryCard, MemoryType, Scope
from reverie.domain.search import SearchFilter
from reverie.services.backends import Backends


def neighbour_boosts(
    b: Backends,
    scope: Scope,
    filt: SearchFilter,
    scores: Mapping[str, float],
    fetched: dict[str, MemoryCard],
    *,
    boost: float,
    seeds: int,
    window: timedelta,
    k: int,
) -> dict[str, float]:
    """Boosts for episodes observed within `window` of the `seeds` strongest of `scores` (at most `k`
    episodes a window, read through the timeline path under `filt`). The seeds' cards are read into
    `fetched` (recall reads them again from there)."""
    if boost <= 0 or seeds <= 0:
        return {}
    strongest_ids = sorted(scores, key=lambda m: (-scores[m], m))[:seeds]
    fetched.update((c.memory_id, c) for c in b.notes.get_many(scope.tenant_id, strongest_ids, counters=False))
    strongest: dict[datetime, float] = {}
    for memory_id in strongest_ids:
        card = fetched.get(memory_id)
        if card is not None and card.type is MemoryType.EPISODE and card.observed_at is not None:
            strongest[card.observed_at] = max(strongest.get(card.observed_at, 0.0), scores[memory_id])
    episodes = filt.model_copy(update={"types": frozenset({MemoryType.EPISODE})})
    boosts: dict[str, float] = {}
    windows = spans(strongest, window)
    found = b.index.search_windows(episodes, k, [(start, end) for start, end, _ in windows])
    for (_, _, strength), hits in zip(windows, found, strict=True):
        for hit in hits:
            boosts[hit.memory_id] = max(boosts.get(hit.memory_id, 0.0), boost * strength)
    return boosts


def spans(strongest: dict[datetime, float], window: timedelta) -> list[tuple[datetime, datetime, float]]:
    """The hits' time windows, overlapping ones merged (one timeline query each) with the strongest score."""
    found: list[tuple[datetime, datetime, float]] = []
    for when in sorted(strongest):
        start, end = when - window, when + window
        if found and start <= found[-1][1]:
            first, _, strength = found[-1]
            found[-1] = (first, end, max(strength, strongest[when]))
        else:
            found.append((start, end, strongest[when]))
    return found
