"""A session's events → candidate propositions (each citing its events) and the items dropped, with why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from reverie.adapters.local.rules import tools
from reverie.adapters.local.rules.dialogue import answers_agent, question_answered
from reverie.adapters.local.rules.keys import attribute_key, vocabulary_key
from reverie.adapters.local.rules.language import finish, name_for, sentences, subject_of
from reverie.adapters.local.rules.patterns import CORRECTION_OPENER_RE
from reverie.adapters.local.rules.remarks import classify, main_point, one_rule_per_run
from reverie.adapters.local.rules.statements import Drop, Speaker, Statement, render
from reverie.domain.dream import Candidate
from reverie.domain.events import (
    Event,
    FeedbackEvent,
    MessageEvent,
    NoteEvent,
    TagEvent,
    TagName,
    ToolCallEvent,
    ToolResultEvent,
)
from reverie.domain.guards import mask_secrets
from reverie.domain.models import MAX_KEY_CHARS, EvidenceRef, MemoryType, Source, SourceKind, Stability
from reverie.domain.text import content_words, time_window

NOTE_CONFIDENCE = 0.7
CORRECTION_CONFIDENCE = 0.8
FAILURE_CONFIDENCE = 0.4
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


class _Session:
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
                salience=round(min(salience, 1.0), 2),
            )
        )

    def drop(self, event: Event, text: str, reason: str) -> None:
        self.out.dropped.append(Dropped(event.session_id, event.event_id, text, reason))

    def run(self) -> Analysis:
        failures: dict[str, list[int]] = {}
        previous: Event | None = None
        for index, event in enumerate(self.events):
            match event:
                case NoteEvent():
                    self.note(event)
                case FeedbackEvent():
                    self.feedback(event)
                case MessageEvent():
                    self.message(event, previous)
                case ToolResultEvent():
                    self.tool_result(event)
                    if not event.ok:
                        failures.setdefault(event.tool, []).append(index)
                    elif failures.get(event.tool):
                        self.procedure(failures.pop(event.tool), index, event.tool)
            if not isinstance(event, TagEvent | FeedbackEvent):
                previous = event
        for indexes in failures.values():
            self.failure([e for i in indexes if isinstance(e := self.events[i], ToolResultEvent)])
        return self.out

    def note(self, note: NoteEvent) -> None:
        self.add(
            note.type,
            note.text,
            [note],
            Source(kind=note.source),
            note.ts,
            key=note.key,
            confidence=NOTE_CONFIDENCE,
            salience=0.6,
            stability=Stability.HIGH if note.type is MemoryType.CONSTRAINT else Stability.NORMAL,
            subjective=note.type is MemoryType.PREFERENCE,
            capitalise=False,  # an explicit note keeps its wording
        )

    def feedback(self, feedback: FeedbackEvent) -> None:
        text = feedback.text.strip()
        if feedback.signal == "positive" or not text:
            self.drop(feedback, text, f"{feedback.signal} feedback without a lesson")
            return
        who = Speaker(self.user_name, subject_of(self.user_name), feedback.ts, to_agent=True, replying=True)
        opener = CORRECTION_OPENER_RE.match(text)
        body = opener.group("rest") if opener and opener.group("rest") else text
        statement = render(body, who, strip_tail=False)
        correction = feedback.signal == "correction"
        self.add(
            MemoryType.CORRECTION,
            statement,
            [feedback],
            Source(kind=feedback.source),
            feedback.ts,
            key=vocabulary_key(body, who.subject) or attribute_key(body, who.subject),
            confidence=CORRECTION_CONFIDENCE if correction else 0.6,
            stability=Stability.HIGH,
            correction_of=feedback.target_memory_id,
            salience=0.95 if correction else 0.85,
        )

    def message(self, message: MessageEvent, previous: Event | None) -> None:
        if message.role == "system" or (message.role == "assistant" and not message.speaker):
            return  # the agent's own words are not evidence about the user
        name = name_for(message.speaker) if message.speaker else self.user_name
        who = Speaker(
            name=name,
            subject=subject_of(name),
            ts=message.ts,
            to_agent=self.with_agent,
            people=self.people,
            replying=message.role == "user" and answers_agent(previous),
        )
        asked = question_answered(message, previous)
        correcting = False
        kept: list[Statement] = []
        for sentence in sentences(mask_secrets(message.text.replace("’", "'")).text):
            result = classify(sentence, replace(who, correcting=correcting))
            correcting = False
            if isinstance(result, Drop):
                self.drop(message, sentence, result.reason)
                opener = CORRECTION_OPENER_RE.match(sentence)
                correcting = who.replying and opener is not None and not opener.group("rest").strip()
                continue
            kept.append(result)
        main, others = main_point(one_rule_per_run(kept), who.people)
        for result in others:
            self.drop(message, result.text, "another point of the same message")
        for result in main:
            self.statement(result, message, asked)

    def statement(self, result: Statement, message: MessageEvent, asked: MessageEvent | None) -> None:
        window = time_window(result.text) if result.type is MemoryType.PLAN else None
        self.add(
            result.type,
            result.text,
            [message] if asked is None else [message, asked],
            Source(kind=SourceKind.USER if message.role == "user" else SourceKind.AGENT),
            message.ts,
            key=result.key,
            confidence=result.confidence,
            stability=result.stability,
            subjective=result.subjective,
            salience=result.salience,
            # A plan for a named later date holds until that date is past (then it expires), not decaying
            # week by week before it comes.
            valid_until=window[1] if window and window[1] > message.ts else None,
        )

    def tool_result(self, result: ToolResultEvent) -> None:
        poison = tools.injected_instructions(f"{result.output}\n{result.error or ''}")
        if poison is None:
            return
        self.add(
            MemoryType.FACT,
            poison,
            [result],
            Source(kind=SourceKind.TOOL, name=result.tool),
            result.ts,
            confidence=POISON_CONFIDENCE,
            stability=Stability.VOLATILE,
            salience=0.7,
        )

    def procedure(self, failed: list[int], success: int, tool: str) -> None:
        learnt = tools.build_procedure(self.events, failed, success, tool)
        self.add(
            MemoryType.PROCEDURE,
            learnt.statement,
            learnt.evidence,
            Source(kind=SourceKind.TOOL if learnt.untrusted else SourceKind.AGENT, name=tool),
            self.events[success].ts,
            key=learnt.key,
            condition=learnt.condition,
            action=learnt.action,
            outcome=learnt.outcome,
            confidence=PROCEDURE_CONFIDENCE,
            salience=0.8 + 0.05 * min(len(failed) - 1, 2),
        )

    def failure(self, results: list[ToolResultEvent]) -> None:
        failed = tools.build_failure(results)
        self.add(
            MemoryType.FACT,
            failed.statement,
            failed.evidence,
            Source(kind=SourceKind.TOOL, name=failed.tool),
            results[-1].ts,
            key=failed.key,
            condition=failed.condition,
            confidence=FAILURE_CONFIDENCE,
            stability=Stability.NORMAL if len(results) > 1 else Stability.VOLATILE,
            salience=0.7 if len(results) > 1 else 0.6,
        )


def analyse(events: Sequence[Event]) -> Analysis:
    """Candidates from one session's events (in order), and what was dropped and why."""
    analysis = _Session(events).run()
    unique: dict[str, Candidate] = {}
    for candidate in analysis.candidates:
        known = unique.get(candidate.fingerprint)
        if known is None:
            unique[candidate.fingerprint] = candidate
        else:  # the same claim twice in a session: one candidate citing both
            refs = known.evidence_refs + [r for r in candidate.evidence_refs if r not in known.evidence_refs]
            unique[candidate.fingerprint] = known.model_copy(update={"evidence_refs": refs})
    return Analysis(candidates=list(unique.values()), dropped=analysis.dropped)
