"""The state of one pass over a session's events (`extraction`): who speaks, the tags, what the agent
told from its tools, and the candidates and drops collected, each candidate finished and tagged as it is
added."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from reverie.adapters.local.rules.language import finish
from reverie.adapters.local.rules.named_speaker import name_for
from reverie.adapters.local.rules.reports import Reports
from reverie.domain.dream import Candidate
from reverie.domain.events import (
    Event,
    MessageEvent,
    TagEvent,
    TagName,
    ToolCallEvent,
    ToolResultEvent,
)
from reverie.domain.guards import mask_secrets
from reverie.domain.models import (
    MAX_KEY_CHARS,
    EvidenceRef,
    MemoryType,
    Source,
    Stability,
)
from reverie.domain.text import content_words

NOTE_CONFIDENCE = 0.7
CORRECTION_CONFIDENCE = 0.8
FAILURE_CONFIDENCE = 0.4
RELAYED_CONFIDENCE = 0.4  # what someone else said, relayed: held until something settles it
PROCEDURE_CONFIDENCE = 0.7
POISON_CONFIDENCE = 0.2


@dataclass(frozen=True)
class Dropped:
    """Something said that is deliberately not kept (noise, volatile state...), for reports and tests."""

    session_id: str
    event_id: str
    text: str
    reason: str


@dataclass
class Analysis:
    candidates: list[Candidate] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)


def _refs(events: Sequence[Event]) -> list[EvidenceRef]:
    seen: dict[tuple[str, str], EvidenceRef] = {}
    for e in events:
        seen.setdefault((e.session_id, e.event_id), EvidenceRef(session_id=e.session_id, event_id=e.event_id))
    return list(seen.values())


class SessionBase:
    """One pass over a session's events, in order."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = list(events)
        self.out = Analysis()
        self.tags: dict[str, set[TagName]] = {}
        for e in self.events:
            if isinstance(e, TagEvent) and e.target_event_id:
                self.tags.setdefault(e.target_event_id, set()).update(e.tags)
        first_user = next(
            (
                e.speaker
                for e in self.events
                if isinstance(e, MessageEvent) and e.role == "user" and e.speaker
            ),
            None,
        )
        self.user_name = name_for(first_user)
        self.people = frozenset(
            w
            for e in self.events
            if isinstance(e, MessageEvent) and e.speaker
            for w in content_words(e.speaker)
        )
        self.reports = Reports()  # what the agent told the user from its tools' outputs (`rules.reports`)
        self.with_agent = any(
            isinstance(e, ToolCallEvent | ToolResultEvent)
            or (isinstance(e, MessageEvent) and e.role == "assistant" and not e.speaker)
            for e in self.events
        )

    def add(
        self,
        type: MemoryType,
        statement: str,
        evidence: Sequence[Event],
        source: Source,
        observed_at: datetime,
        *,
        salience: float,
        confidence: float,
        key: str | None = None,
        stability: Stability = Stability.NORMAL,
        subjective: bool = False,
        correction_of: str | None = None,
        valid_until: datetime | None = None,
        valid_from: datetime | None = None,
        condition: str | None = None,
        action: str | None = None,
        outcome: str | None = None,
        capitalise: bool = True,
    ) -> None:
        statement = finish(mask_secrets(statement).text, capitalise=capitalise)
        if not statement:
            return
        tags = set().union(*(self.tags.get(e.event_id, set()) for e in evidence))
        salience += 0.1 * len(tags & {TagName.RISK, TagName.REUSE, TagName.NOVELTY})
        self.out.candidates.append(
            Candidate(
                type=type,
                statement=statement,
                key=key[:MAX_KEY_CHARS] if key else None,
                condition=condition,
                action=action,
                outcome=outcome,
                evidence_refs=_refs(evidence),
                source=source,
                confidence=confidence,
                stability=stability,
                subjective=subjective,
                observed_at=observed_at,
                correction_of=correction_of,
                valid_until=valid_until,
                valid_from=valid_from,
                salience=round(min(salience, 1.0), 2),
            )
        )

    def drop(self, event: Event, text: str, reason: str) -> None:
        self.out.dropped.append(Dropped(event.session_id, event.event_id, text, reason))
