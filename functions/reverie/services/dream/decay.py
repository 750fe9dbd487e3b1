"""Stage 4, decay: expire, lower the confidence of what is unused and unverified, archive (kept, out of
the active set), prune each user's namespace to its budget; the index follows changed cards only."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from reverie.domain.dream import ChangeKind
from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard, ReviewStatus, Status
from reverie.domain.ranking import freshness
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.common import StageInput, StageOutput, load_run

STAGE = "decay"
DECAY_FACTOR = 0.8
ARCHIVE_BELOW = 0.2


def keep_value(card: MemoryCard, now: datetime) -> float:
    """How much a card earns its place: confidence × freshness × use."""
    return card.confidence * freshness(card, now) * (1 + math.log1p(card.hit_count))


def decay_due(card: MemoryCard, now: datetime) -> bool:
    """Past its review cycle, not used since it fell due, and not already decayed in the last quarter cycle."""
    due = card.review_due_at
    if due is None or due > now or card.ttl_days is None:
        return False
    used_since = card.last_hit_at is not None and card.last_hit_at >= due
    recently_touched = card.updated_at > now - timedelta(days=card.ttl_days / 4)
    return not used_since and not recently_touched


def decay(b: Backends, stage_input: StageInput) -> StageOutput:
    runs, run = load_run(b, stage_input)
    saved = runs.stage_output(run.tenant_id, run.run_id, STAGE)
    if saved is not None:
        return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=saved["counts"])
    now = b.clock()
    w = Writer(b, runs, run, stage=STAGE)
    every = b.notes.query(CardQuery(scope=stage_input.scope, limit=1_000_000))
    mine = [c for c in every if c.user_id == run.user_id and c.review_status is not ReviewStatus.EDITED]
    active: list[MemoryCard] = []
    for card in mine:
        live = card.status in INJECTABLE_STATUSES or card.status is Status.HYPOTHESIS
        if not live:
            continue
        if card.is_expired(now):
            w.revise(
                card, ChangeKind.ARCHIVED, f"expired on {card.valid_until:%Y-%m-%d}", status=Status.ARCHIVED
            )
        elif decay_due(card, now):
            lowered = round(card.confidence * DECAY_FACTOR, 4)
            if lowered < ARCHIVE_BELOW:
                w.revise(
                    card,
                    ChangeKind.ARCHIVED,
                    "unused and unverified past its review cycle",
                    status=Status.ARCHIVED,
                    confidence=lowered,
                )
            else:
                revised = w.revise(
                    card, ChangeKind.DECAYED, "unused past its review cycle", confidence=lowered
                )
                if card.layer is Layer.KNOWLEDGE:
                    active.append(revised or card)
        elif card.layer is Layer.KNOWLEDGE and card.status in INJECTABLE_STATUSES:
            active.append(card)
    budget = run.budget.max_cards
    if len(active) > budget:
        active.sort(key=lambda c: keep_value(c, now), reverse=True)
        for card in active[budget:]:
            w.revise(
                card,
                ChangeKind.ARCHIVED,
                f"pruned: over the namespace budget of {budget} cards",
                status=Status.ARCHIVED,
            )
    w.flush_index()
    counts = dict(w.counts)
    counts["active_cards"] = min(len(active), budget)
    runs.save_stage_output(run.tenant_id, run.run_id, STAGE, {"changed": sorted(w.changed), "counts": counts})
    return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=counts)
