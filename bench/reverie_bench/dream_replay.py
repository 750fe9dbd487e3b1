"""Replaying LoCoMo conversations, session by session, into three memory systems on the conversation's clock.

- `raw`: every turn stored as an `episode` card (`admin.create_memories`), as the retrieval bench does;
  nothing is consolidated.
- `notes`: append-only notes: the turns go to the raw log (`capture.append_events`), the reasoner extracts
  candidates from each session, and every candidate is stored as it is as an L3 card; no verification,
  no merging, no decay.
- `dream`: Reverie: capture (`capture.append_events`, `capture.end_session`) and a dream run
  (`services.dream.runner.dream`) after each session end.

Each conversation is one user of tenant "bench"; each turn a `message` event (role "user", `speaker` the
speaker's name, `ts` the session's date and time plus a few seconds per turn, `event_id` its dia_id,
`session_id` "<conversation>-s<N>"). The services see the conversation's own time: a shared clock moves
along the session dates, so the dream's decay and recall's freshness act as they would on a real user.

Each system has stores and caches of its own, cold at the start (its own embedder cache too: only the
loaded model is shared), so none is timed on what another one computed. A dream run is timed whole and
per part (`services.spans`): its four stages, the index sync inside them and at the commit, and the rest
(the lease, the run record, the commit).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from reverie.domain.dream import RunStatus, Trigger
from reverie.domain.events import MessageEvent, event_text
from reverie.domain.models import INJECTABLE_STATUSES, EvidenceRef, Layer, MemoryCard, MemoryType, Scope
from reverie.ports import CardQuery, Embedder
from reverie.services import capture
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from reverie.services.spans import recording
from reverie_bench.common import SettableClock, clocked_local_backends
from reverie_bench.locomo import sessions, turn_statement

TENANT = "bench"
SYSTEMS = ("raw", "notes", "dream")
TURN_SECONDS = 5  # LoCoMo dates a session, not its turns: turns follow each other a few seconds apart
END_AFTER = timedelta(seconds=30)  # the session ends this long after its last turn
DREAM_AFTER = timedelta(minutes=1)  # and the dream runs this long after it
OUTSIDE_STAGES = "lease, run record, commit"
"""The part of a dream run's time spent in no stage: taking the lease, saving the run, the commit."""


BackendsFactory = Callable[[str, SettableClock], Backends]
"""A fresh, empty store for the named system whose services (and note store) run on the given clock."""


def local_factory(root: Path, embedder: Callable[[], Embedder]) -> BackendsFactory:
    """Embedded stores (`build_local`) under `root/<system>` on the replay clock, each system with an
    embedder of its own (`embedder()`: its own cache, cold at the start)."""

    def make(name: str, clock: SettableClock) -> Backends:
        return clocked_local_backends(root / name, clock, embedder())

    return make


def turn_text(turn: dict[str, Any]) -> str:
    """What the speaker said, with a shared photo's caption (as the retrieval bench stores it)."""
    return turn_statement(turn).removeprefix(f"{turn['speaker']}: ")


@dataclass(frozen=True)
class Session:
    user_id: str
    session_id: str
    events: list[MessageEvent]

    @property
    def scope(self) -> Scope:
        return Scope(tenant_id=TENANT, user_id=self.user_id)

    @property
    def last_ts(self) -> datetime:
        return self.events[-1].ts


def conversation_sessions(sample: dict[str, Any]) -> list[Session]:
    """A LoCoMo conversation as the sessions an agent would have recorded, in order."""
    user = str(sample["sample_id"])
    found = []
    for number, when, turns in sessions(sample["conversation"]):
        session_id = f"{user}-s{number}"
        events = [
            MessageEvent(
                event_id=str(turn["dia_id"]),
                tenant_id=TENANT,
                user_id=user,
                session_id=session_id,
                ts=when + timedelta(seconds=TURN_SECONDS * i),
                role="user",
                speaker=str(turn["speaker"]),
                text=turn_text(turn),
            )
            for i, turn in enumerate(turns)
        ]
        found.append(Session(user, session_id, events))
    return found


@dataclass
class Usage:
    """What a system spent over the replay."""

    sessions: int = 0
    ingest_seconds: float = 0.0
    dream_seconds: float = 0.0
    dream_cpu_seconds: float = 0.0  # the process's CPU time during the runs, every thread's
    reasoner_calls: int = 0
    reasoner_tokens: int = 0
    stage_seconds: dict[str, float] = field(default_factory=dict)  # a dream run's parts, summed
    counts: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


class MemorySystem(ABC):
    """One way of remembering a conversation, fed session by session."""

    name: str

    def __init__(self, b: Backends) -> None:
        self.b = b
        self.usage = Usage()

    def session(self, clock: SettableClock, session: Session) -> None:
        clock.set(session.last_ts + END_AFTER)
        started = time.perf_counter()
        self.remember(clock, session)
        self.usage.ingest_seconds += time.perf_counter() - started
        self.usage.sessions += 1

    @abstractmethod
    def remember(self, clock: SettableClock, session: Session) -> None: ...

    def active_cards(self, scope: Scope) -> list[MemoryCard]:
        """The user's L3 cards recall may inject now (verified or conflicting, not expired)."""
        query = CardQuery(
            scope=scope,
            layers=frozenset({Layer.KNOWLEDGE}),
            statuses=frozenset(INJECTABLE_STATUSES),
            limit=1_000_000,
        )
        now = self.b.clock()
        return [c for c in self.b.notes.query(query) if not c.is_expired(now)]


class RawTurns(MemorySystem):
    name = "raw"

    def remember(self, clock: SettableClock, session: Session) -> None:
        items = [
            NewMemory(
                type=MemoryType.EPISODE,
                statement=event_text(e),
                evidence_refs=[EvidenceRef(session_id=e.session_id, event_id=e.event_id)],
                observed_at=e.ts,
            )
            for e in session.events
        ]
        create_memories(self.b, session.scope, items)


class AppendOnlyNotes(MemorySystem):
    name = "notes"

    def remember(self, clock: SettableClock, session: Session) -> None:
        capture.append_events(self.b, session.scope, session.events)
        _, reasoner = self.b.dream_ports()
        extraction = reasoner.extract(session.events, session.scope)
        self.usage.reasoner_calls += extraction.usage.calls
        self.usage.reasoner_tokens += extraction.usage.input_tokens + extraction.usage.output_tokens
        self.usage.counts["candidates"] += len(extraction.candidates)
        items = [
            NewMemory(
                type=c.type,
                statement=c.statement,
                key=c.key,
                source=c.source.kind,
                confidence=c.confidence,
                stability=c.stability,
                evidence_refs=c.evidence_refs,
                observed_at=c.observed_at,
                condition=c.condition,
                action=c.action,
                outcome=c.outcome,
            )
            for c in extraction.candidates
        ]
        if items:
            create_memories(self.b, session.scope, items)


class Dreaming(MemorySystem):
    name = "dream"

    def remember(self, clock: SettableClock, session: Session) -> None:
        capture.append_events(self.b, session.scope, session.events)
        capture.end_session(self.b, session.scope, session.session_id)
        for message in self.b.queue.receive(10):  # the session-end trigger: this replay runs it now
            self.b.queue.ack(message.message_id)
        clock.set(session.last_ts + DREAM_AFTER)
        started, cpu = time.perf_counter(), time.process_time()
        with recording() as parts:
            run = dream(self.b, TENANT, session.user_id, Trigger.SESSION_END)
        elapsed = time.perf_counter() - started
        self.usage.dream_seconds += elapsed
        self.usage.dream_cpu_seconds += time.process_time() - cpu
        spent = self.usage.stage_seconds
        for name, seconds in [*parts.seconds.items(), (OUTSIDE_STAGES, elapsed - parts.total)]:
            spent[name] = spent.get(name, 0.0) + seconds
        self.usage.reasoner_calls += run.reasoner_tokens.get("calls", 0)
        self.usage.reasoner_tokens += run.reasoner_tokens.get("input", 0) + run.reasoner_tokens.get(
            "output", 0
        )
        self.usage.counts.update(run.counts)
        if run.status is not RunStatus.SUCCEEDED:
            self.usage.problems.append(
                f"{session.session_id}: run {run.run_id} {run.status.value}: {run.error}"
            )


SYSTEM_CLASSES: dict[str, type[MemorySystem]] = {"raw": RawTurns, "notes": AppendOnlyNotes, "dream": Dreaming}


def build_systems(factory: BackendsFactory, clock: SettableClock) -> dict[str, MemorySystem]:
    return {name: SYSTEM_CLASSES[name](factory(name, clock)) for name in SYSTEMS}
