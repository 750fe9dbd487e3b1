"""Stage 1, select: rank unconsolidated sessions by salience, take what fits the budget, extract candidates."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta

from reverie.domain.dream import Candidate, DreamRun, RunStatus, claim_of
from reverie.domain.events import (
    Event,
    FeedbackEvent,
    MessageEvent,
    NoteEvent,
    TagEvent,
    ToolCallEvent,
    ToolResultEvent,
    event_text,
    masked_event,
)
from reverie.domain.models import (
    INJECTABLE_STATUSES,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Scope,
    Status,
)
from reverie.domain.text import entities
from reverie.ports import CardQuery, RunStore, SessionInfo
from reverie.services.backends import Backends
from reverie.services.dream.common import StageInput, StageOutput, dump_candidates, load_run

STAGE = "select"
MAX_COUNTED_NAMES = 4  # new or reused names beyond this many add no more salience
HELD_PER_RUN = 100  # hypotheses checked again per run, the most salient first
HELD_WINDOW = timedelta(days=90)  # older ones live on decay (verify would read the log back that far)


def consolidated_until(runs: RunStore, tenant_id: str, user_id: str) -> dict[str, str]:
    """session_id → the last event time (ISO) a standing (succeeded, not rolled back) run consolidated."""
    done: dict[str, str] = {}
    for run in runs.list_runs(tenant_id, user_id, limit=10_000):
        if run.status is RunStatus.SUCCEEDED:
            for session_id, last_ts in run.inputs.get("sessions", {}).items():
                done[session_id] = max(done.get(session_id, ""), last_ts)
    return done


def pending_sessions(b: Backends, runs: RunStore, tenant_id: str, user_id: str) -> list[SessionInfo]:
    """Sessions with material newer than what the standing runs consolidated, oldest first."""
    done = consolidated_until(runs, tenant_id, user_id)
    return [
        s
        for s in b.log.sessions(tenant_id, user_id)
        if s.session_id not in done or s.last_ts.isoformat() > done[s.session_id]
    ]


def session_salience(
    events: Sequence[Event],
    now: datetime,
    known: frozenset[str] = frozenset(),
    named_later: frozenset[str] = frozenset(),
) -> float:
    """Failures, retries, corrections, human intervention, risk/novelty/reuse tags, new entities (named
    here, in no card yet), later reuse (named again in a later session) and recency."""
    score = 0.0
    calls = Counter(e.tool for e in events if isinstance(e, ToolCallEvent))
    score += sum(n - 1 for n in calls.values())  # retries
    for e in events:
        if isinstance(e, ToolResultEvent) and not e.ok:
            score += 2
        elif isinstance(e, FeedbackEvent):
            score += 3 if e.signal == "correction" or e.source == "human_review" else 1.5
        elif isinstance(e, TagEvent):
            score += sum({"risk": 2, "failure": 2, "novelty": 1, "reuse": 1.5}.get(t, 0.5) for t in e.tags)
    names = named_in(events)
    score += 0.5 * min(len(names - known), MAX_COUNTED_NAMES)
    score += 0.75 * min(len(names & named_later), MAX_COUNTED_NAMES)
    if events:
        age_days = max(0.0, (now - events[-1].ts).total_seconds() / 86_400)
        score += math.exp(-age_days / 30)
    return score


def named_in(events: Sequence[Event]) -> frozenset[str]:
    """The names (people, places, products) said in a session's messages and notes."""
    return frozenset(
        name for e in events if isinstance(e, MessageEvent | NoteEvent) for name in entities(event_text(e))
    )


def known_names(b: Backends, scope: Scope, user_id: str) -> frozenset[str]:
    """The names the user's current cards already mention."""
    query = CardQuery(
        scope=scope, layers=frozenset({Layer.KNOWLEDGE}), statuses=INJECTABLE_STATUSES, limit=1_000_000
    )
    return frozenset(
        name for c in b.notes.query(query) if c.user_id == user_id for name in entities(c.statement)
    )


def _salience_ranked(
    b: Backends,
    scope: Scope,
    user_id: str,
    sessions: Sequence[tuple[SessionInfo, list[Event]]],
    now: datetime,
) -> list[tuple[float, SessionInfo, list[Event]]]:
    """The pending sessions, most salient first (ties: oldest first)."""
    known = known_names(b, scope, user_id) if sessions else frozenset()
    names = [named_in(events) for _, events in sessions]  # sessions come oldest first
    ranked = []
    for i, (info, events) in enumerate(sessions):
        later = frozenset().union(*names[i + 1 :])
        ranked.append((session_salience(events, now, known, later), info, events))
    ranked.sort(key=lambda item: (-item[0], item[1].first_ts))
    return ranked


def select(b: Backends, stage_input: StageInput) -> StageOutput:
    runs, run = load_run(b, stage_input)
    saved = runs.stage_output(run.tenant_id, run.run_id, STAGE)
    if saved is not None:  # a retry: the work is done
        return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=saved["counts"])
    _, reasoner = b.dream_ports()
    started, now = time.monotonic(), b.clock()
    pending = [
        (info, b.log.read_session(run.tenant_id, run.user_id, info.session_id))
        for info in pending_sessions(b, runs, run.tenant_id, run.user_id)
    ]
    ranked = _salience_ranked(b, stage_input.scope, run.user_id, pending, now)

    candidates: list[Candidate] = []
    taken: dict[str, str] = {}
    deferred: list[str] = []
    tokens = calls = 0
    for _, info, events in ranked:
        cost = sum(b.tokens.count(event_text(e)) for e in events)
        over = (
            (taken and tokens + cost > run.budget.max_tokens)
            or calls >= run.budget.max_reasoner_calls
            or time.monotonic() - started > run.budget.max_seconds
        )
        if over:
            deferred.append(info.session_id)  # stays pending: the next run takes it
            continue
        # The reasoner reads the material masked: no secret reaches a candidate, whichever reasoner runs.
        extraction = reasoner.extract([masked_event(e) for e in events], stage_input.scope)
        # a billed extraction reserves one call per candidate: each may need a merge decision in restructure
        billed = extraction.usage.calls
        tokens, calls = tokens + cost, calls + billed + (len(extraction.candidates) if billed else 0)
        _add_usage(run, extraction.usage.calls, extraction.usage.input_tokens, extraction.usage.output_tokens)
        candidates.extend(extraction.candidates)
        taken[info.session_id] = info.last_ts.isoformat()

    held = held_hypotheses(b, stage_input.scope, run.user_id, candidates, now) if taken else []
    candidates.extend(held)
    candidates.sort(key=lambda c: (c.observed_at or now, -c.salience))
    counts = {
        "sessions": len(taken),
        "deferred_sessions": len(deferred),
        "material_tokens": tokens,
        "candidates": len(candidates),
        "held_rechecked": len(held),
    }
    run.inputs = {**run.inputs, "sessions": taken, "deferred": deferred}
    runs.save_run(run)
    runs.save_stage_output(
        run.tenant_id, run.run_id, STAGE, {"candidates": dump_candidates(candidates), "counts": counts}
    )
    return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=counts)


def held_hypotheses(
    b: Backends, scope: Scope, user_id: str, fresh: Sequence[Candidate], now: datetime
) -> list[Candidate]:
    """The L2 hypotheses earlier dreams held (one support only), to check again now that there is new
    material: verify's traceback may find it supports or contradicts them. The most salient first (more
    confident, resting on more sessions), at most HELD_PER_RUN, observed within HELD_WINDOW; claims the
    new sessions restate are left to those sessions' candidates."""
    query = CardQuery(
        scope=scope, layers=frozenset({Layer.NOTES}), statuses=frozenset({Status.HYPOTHESIS}), limit=10_000
    )
    restated = {c.fingerprint for c in fresh}
    held = [
        c
        for c in b.notes.query(query)
        if c.user_id == user_id
        and c.dream_run_id is not None
        and c.review_status is ReviewStatus.AUTO
        and (c.observed_at or c.created_at) >= now - HELD_WINDOW
    ]
    again = [candidate_of(c) for c in held]
    again = [c for c in again if c.fingerprint not in restated]
    again.sort(key=lambda c: (-c.salience, c.fingerprint))
    return again[:HELD_PER_RUN]


def candidate_of(card: MemoryCard) -> Candidate:
    """A held hypothesis as the candidate it was (same claim, same fingerprint), to be judged again."""
    sessions = len({r.session_id for r in card.evidence_refs})
    return Candidate(
        **claim_of(card),
        confidence=card.confidence,
        subjective=card.type is MemoryType.PREFERENCE,
        salience=round(min(1.0, card.confidence + 0.1 * (sessions - 1)), 2),
    )


def _add_usage(run: DreamRun, calls: int, input_tokens: int, output_tokens: int) -> None:
    usage = run.reasoner_tokens
    usage["calls"] = usage.get("calls", 0) + calls
    usage["input"] = usage.get("input", 0) + input_tokens
    usage["output"] = usage.get("output", 0) + output_tokens
