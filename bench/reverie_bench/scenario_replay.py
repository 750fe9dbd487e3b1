"""Replaying one scenario into one memory system, on the scenario's own clock, and asking recall.

- `none`: no memory: every context is empty.
- `append`: append-only memory, what most products ship: every explicit note and every user message is
  stored directly as an L3 memory (`admin.create_memories`) as it is; no dream.
- `dream`: Reverie: capture (`capture.append_events`, `end_session`) and a dream run after each session.

Both stored systems ingest the sessions through the public services (`reverie.cli.ingest`: the raw log, the
memories the agent writes through the API, the session end) and take people's edits and derived cards;
rollbacks and extra dream runs only exist for `dream`. At the start of a session that repeats an earlier
failure, and once after everything, recall (`build_context`, 1,000 tokens) is asked, as an agent would.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from reverie.cli.ingest import SessionIn, SessionsFile, ingest
from reverie.domain.dream import RunStatus, Trigger
from reverie.domain.events import NoteEvent
from reverie.domain.models import (
    INJECTABLE_STATUSES,
    MAX_STATEMENT_CHARS,
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    Scope,
    Source,
    SourceKind,
    Status,
)
from reverie.ports import CardQuery, Embedder
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.dream.rollback import rollback_run
from reverie.services.dream.runner import dream
from reverie.services.indexing import sync_index
from reverie.services.recall import RecallSettings, build_context
from reverie_bench import scenario_format as f
from reverie_bench.common import SettableClock, clocked_local_backends
from reverie_bench.scenario_metrics import Observed, Shown, card_text

TENANT = "bench"
BUDGET_TOKENS = 1000
SYSTEMS = ("none", "append", "dream")


BackendsFactory = Callable[[SettableClock], Backends]
"""A fresh, empty store whose services (and note store) run on the given clock."""


def local_factory(root: Path, embedder: Embedder) -> BackendsFactory:
    """Fresh embedded stores under `root` (`build_local`), sharing one loaded embedder."""
    made = itertools.count()

    def make(clock: SettableClock) -> Backends:
        return clocked_local_backends(root / f"store-{next(made)}", clock, embedder)

    return make


def _times(session: SessionIn) -> tuple[datetime, datetime]:
    stamps = [e.ts for e in f.events_of(session, TENANT)]
    return min(stamps), max(stamps)


def active_cards(b: Backends, scope: Scope) -> list[MemoryCard]:
    """The user's L3 cards recall may inject now (verified or conflicting, not expired)."""
    statuses = frozenset(INJECTABLE_STATUSES)
    query = CardQuery(scope=scope, layers=frozenset({Layer.KNOWLEDGE}), statuses=statuses, limit=10_000)
    return [c for c in b.notes.query(query) if not c.is_expired(b.clock())]


def _newest_matching(b: Backends, scope: Scope, pattern: str) -> MemoryCard:
    found = [c for c in active_cards(b, scope) if f.mentions(pattern, card_text(c))]
    if not found:
        raise LookupError(f"no active card matches {pattern!r}")
    return max(found, key=lambda c: c.updated_at)


def store_append_only(b: Backends, scope: Scope, session: SessionIn) -> None:
    """The naive memory: each explicit note and each user message becomes an L3 card, as it is."""
    items = []
    for event in f.events_of(session, TENANT):
        refs = [EvidenceRef(session_id=event.session_id, event_id=event.event_id)]
        if f.is_user_message(event):
            statement = event.text[:MAX_STATEMENT_CHARS]
            items.append(
                admin.NewMemory(
                    type=MemoryType.FACT, statement=statement, evidence_refs=refs, observed_at=event.ts
                )
            )
        elif isinstance(event, NoteEvent):
            # No trust grades: a note quoting a tool is stored like any other note of the agent.
            source = SourceKind.USER if event.source is SourceKind.USER else SourceKind.AGENT
            items.append(
                admin.NewMemory(
                    type=event.type,
                    statement=event.text,
                    key=event.key,
                    source=source,
                    evidence_refs=refs,
                    observed_at=event.ts,
                )
            )
    if items:
        admin.create_memories(b, scope, items)


def _derive(b: Backends, scope: Scope, step: f.DeriveStep) -> None:
    """A card derived from another one. No service writes `derived_from`, so it goes to the store."""
    origin = _newest_matching(b, scope, step.match)
    now = b.clock()
    card = MemoryCard(
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=step.type,
        tenant_id=scope.tenant_id,
        user_id=scope.user_id,
        statement=step.statement,
        evidence_refs=origin.evidence_refs,
        source=Source(kind=SourceKind.AGENT),
        confidence=step.confidence,
        derived_from=[origin.memory_id],
        observed_at=now,
        last_verified_at=now,
        created_at=now,
        updated_at=now,
    )
    sync_index(b, [b.notes.create(card)])


class _Replay:
    def __init__(self, system: str, scenario: f.ScenarioFile, factory: BackendsFactory) -> None:
        self.system, self.scenario = system, scenario
        self.clock = SettableClock(_times(scenario.sessions[0])[0])
        self.b = factory(self.clock)
        self.scope = Scope(tenant_id=TENANT, user_id=scenario.user_id)
        self.runs: list[str] = []
        self.seen = Observed()

    def ask(self, query: str) -> Shown:
        # Append-only memory shows its cards alone: the raw turns of undreamt sessions are Reverie's.
        settings = RecallSettings(raw_turns=self.system != "append")
        context = build_context(self.b, query, self.scope, BUDGET_TOKENS, settings)
        return Shown(context.text, tuple(context.citations))

    def dream(self) -> None:
        run = dream(self.b, TENANT, self.scope.user_id, Trigger.SESSION_END)
        self.runs.append(run.run_id)
        if run.status is not RunStatus.SUCCEEDED:
            self.seen.problems.append(f"dream run {run.run_id} {run.status.value}: {run.error}")

    def apply(self, step: f.Step) -> None:
        if isinstance(step, f.EditStep):
            card = _newest_matching(self.b, self.scope, step.match)
            admin.edit_memory(self.b, self.scope, card.memory_id, card.version, {"statement": step.statement})
        elif isinstance(step, f.DeriveStep):
            _derive(self.b, self.scope, step)
        elif self.system != "dream":
            return  # append-only memory has no runs to roll back and nothing to dream
        elif isinstance(step, f.RollbackStep):
            rollback_run(self.b, TENANT, self.runs[-1], reason=step.reason)
        else:
            self.dream()

    def session(self, session: SessionIn) -> None:
        first, last = _times(session)
        for check in self.scenario.expect.repeated_errors:
            if check.before == session.session_id:
                self.clock.set(first - timedelta(seconds=1))
                query = check.query or f.first_user_text(session) or ""
                self.seen.repeat_contexts.append(self.ask(query))
        self.clock.set(last + timedelta(seconds=30))
        ingest(self.b, TENANT, SessionsFile(sessions=[session]))
        if self.system == "append":
            store_append_only(self.b, self.scope, session)
        elif session.session_id not in self.scenario.undreamt:
            self.clock.set(last + timedelta(minutes=1))
            self.dream()
        for step in (s for s in self.scenario.steps if s.after == session.session_id):
            self.clock.set(step.at or self.clock.now + timedelta(hours=1))
            try:
                self.apply(step)
            except LookupError as exc:
                self.seen.problems.append(f"step {step.action} after {step.after}: {exc}")

    def run(self) -> Observed:
        for session in self.scenario.sessions:
            self.session(session)
        self.clock.set(self.scenario.expect.ask_at or self.clock.now + timedelta(hours=1))
        self.seen.contexts = [self.ask(q.query) for q in self.scenario.expect.questions]
        self.seen.active = active_cards(self.b, self.scope)
        self.seen.stored = self.b.notes.query(CardQuery(scope=self.scope, limit=10_000))
        runs = self.b.runs
        self.seen.reviews = runs.list_reviews(TENANT, self.scope.user_id) if runs is not None else []
        return self.seen


def replay(system: str, scenario: f.ScenarioFile, factory: BackendsFactory) -> Observed:
    """Play the scenario into a fresh store of `system` and ask its questions (see the module docstring)."""
    if system == "none":
        expect = scenario.expect
        return Observed(
            contexts=[Shown()] * len(expect.questions),
            repeat_contexts=[Shown()] * len(expect.repeated_errors),
        )
    return _Replay(system, scenario, factory).run()
