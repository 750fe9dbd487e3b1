"""Stage 2, verify: re-check each candidate (probes, traceback into L1, existing cards) and decide.

Promotion to L3 needs two independent supports, or a success/failure contrast, or a human correction.
A user's statement about themselves cannot be probed: it is promoted as a self-report on a modest
confidence and lives on confidence and decay. Everything else that is not promoted stays a hypothesis.

Trust is the server's, whichever reasoner extracted the candidate: its source is held to the words it
cites (`domain.trust.grounded_source`: a note quoting a README is the README's), and only a human channel
(a user's own message or feedback, a reviewer) makes a human correction. Quarantined for review, never
promoted: instruction-like text from an untrusted source, text that tries to take the agent over from
any source but a person, and a correction from an untrusted source (a tool or a document cannot change
what the user said).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from reverie.domain.dream import Candidate, Verdict
from reverie.domain.events import Event, FeedbackEvent, MessageEvent, ToolResultEvent, event_text
from reverie.domain.guards import looks_like_injection, looks_like_instruction
from reverie.domain.models import MaskedText, MemoryType, SourceKind, Status, Trust
from reverie.domain.text import content_words
from reverie.domain.trust import grounded_source, human_channel
from reverie.services.backends import Backends
from reverie.services.dream.common import StageInput, StageOutput, dream_memory_id, load_candidates, load_run
from reverie.services.dream.taken_up import entry_words, takes_up

STAGE = "verify"
SELF_REPORT_CONFIDENCE = 0.6
Decision = Literal["promote", "hold", "reject", "quarantine"]


class Assessment(BaseModel):
    model_config = ConfigDict(frozen=True)

    candidate: Candidate
    decision: Decision
    supports: int
    contradictions: int
    confidence: float
    reason: MaskedText  # it may quote a probe's detail or a candidate: stored with the stage output
    proposal: bool = False  # an untrusted correction: held, as a proposal to change the card it names


def merge_same_claims(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Candidates making the same claim (same fingerprint) become one, citing all their evidence."""
    merged: dict[str, Candidate] = {}
    for c in candidates:
        seen = merged.get(c.fingerprint)
        if seen is None:
            merged[c.fingerprint] = c
            continue
        refs = list(dict.fromkeys([*seen.evidence_refs, *c.evidence_refs]))
        latest = max((x for x in (seen.observed_at, c.observed_at) if x), default=None)
        merged[c.fingerprint] = seen.model_copy(
            update={
                "evidence_refs": refs,
                "observed_at": latest,
                "salience": max(seen.salience, c.salience),
                "confidence": max(seen.confidence, c.confidence),
            }
        )
    return list(merged.values())


Later = Sequence[tuple[Event, frozenset[str]]]
"""Later L1 events with their content words (computed once per run, not once per candidate)."""


def later_material(events: Sequence[Event]) -> list[tuple[Event, frozenset[str]]]:
    return [(e, frozenset(content_words(event_text(e)))) for e in events]


def _overlap(words: frozenset[str], other: frozenset[str]) -> float:
    return len(words & other) / len(words | other) if words and other else 0.0


# A word said not to hold: "not paediatrician", "isn't a vet", "no longer vegan", "never a smoker".
_DENIED_RE = re.compile(
    r"\b(?:not|never|no\s+longer|isn'?t|aren'?t|wasn'?t|weren'?t)\s+(?:an?\s+|the\s+)?(?P<word>[\w'-]+)", re.I
)


def _denies(text: str, words: frozenset[str]) -> bool:
    """`text` says one of `words` does not hold (shares words with a claim only to deny it)."""
    return any(set(content_words(m.group("word"))) & words for m in _DENIED_RE.finditer(text))


def traceback(candidate: Candidate, later: Later) -> tuple[int, int, list[str]]:
    """Later L1 events that support or contradict the candidate: (supports, contradictions, notes)."""
    cited = {(r.session_id, r.event_id) for r in candidate.evidence_refs}
    sessions = {r.session_id for r in candidate.evidence_refs}
    text = " ".join(p for p in (candidate.statement, candidate.condition, candidate.action) if p)
    text_words = frozenset(content_words(text))
    statement_words = frozenset(content_words(candidate.statement))
    supports = contradictions = 0
    taken_up = False  # the user accepting a tool's record counts once
    notes: list[str] = []
    for e, words in later:
        if (e.session_id, e.event_id) in cited or (candidate.observed_at and e.ts <= candidate.observed_at):
            continue
        if (
            isinstance(e, FeedbackEvent)
            and e.signal in ("correction", "negative")
            and _overlap(text_words, words) >= 0.3
        ):
            contradictions += 1
            notes.append(f"contradicted by feedback {e.session_id}/{e.event_id}")
        elif isinstance(e, ToolResultEvent) and candidate.type is MemoryType.PROCEDURE and e.tool in text:
            if e.ok:
                supports += 1
            else:
                contradictions += 1
            notes.append(f"{e.tool} {'succeeded' if e.ok else 'failed'} later ({e.session_id}/{e.event_id})")
        elif (
            candidate.source.kind is SourceKind.TOOL
            and e.session_id in sessions
            and not taken_up
            and takes_up(entry_words(candidate.statement, candidate.key), e)
        ):  # "I'll be home for the inspection" after the calendar's entry: the user accepts the record
            supports += 1
            taken_up = True
            notes.append(f"taken up by the user in {e.session_id}/{e.event_id}")
        elif (
            isinstance(e, MessageEvent)
            and e.session_id not in sessions
            and _overlap(statement_words, words) >= 0.6
        ):
            if _denies(event_text(e), statement_words):  # "Paramedic, not paediatrician!": said to be wrong
                contradictions += 1
                notes.append(f"denied in {e.session_id}/{e.event_id}")
                continue
            supports += 1
            sessions.add(e.session_id)
            notes.append(f"restated in {e.session_id}/{e.event_id}")
    return supports, contradictions, notes


def _quarantine(candidate: Candidate, reason: str) -> Assessment:
    untrusted = candidate.source.trust is Trust.UNTRUSTED
    correction = candidate.type is MemoryType.CORRECTION or candidate.correction_of is not None
    return Assessment(
        candidate=candidate,
        decision="quarantine",
        supports=0,
        contradictions=0,
        confidence=min(candidate.confidence, 0.3),
        reason=reason,
        proposal=untrusted and correction and not looks_like_instruction(_said(candidate)),
    )


def _said(candidate: Candidate) -> str:
    parts = (candidate.statement, candidate.condition, candidate.action, candidate.outcome)
    return " ".join(p for p in parts if p)


def _guarded(candidate: Candidate) -> str | None:
    """Why the candidate must wait for a person (quarantine), or None."""
    untrusted = candidate.source.trust is Trust.UNTRUSTED
    said = _said(candidate)
    if untrusted and looks_like_instruction(said):
        return "instruction-like text from an untrusted source: quarantined for human review"
    if not human_channel(candidate.source) and looks_like_injection(said):
        return "text that tries to take the agent over, not said by a person: quarantined for human review"
    if untrusted and (candidate.type is MemoryType.CORRECTION or candidate.correction_of is not None):
        source = candidate.source.kind.value
        return f"a correction from an untrusted source ({source}): a person decides, it is not promoted"
    return None


def assess(
    b: Backends,
    candidate: Candidate,
    later: Later,
    tenant_id: str,
    user_id: str,
    cited: Sequence[Event] = (),
) -> Assessment:
    """Judge one candidate. `cited` are the L1 events it cites, whose words bound its source."""
    candidate = candidate.model_copy(update={"source": grounded_source(candidate.source, cited)})
    untrusted = candidate.source.trust is Trust.UNTRUSTED
    guarded = _guarded(candidate)
    if guarded is not None:
        return _quarantine(candidate, guarded)
    sessions = {r.session_id for r in candidate.evidence_refs}
    # The same untrusted source repeating itself is not independent support: it counts once.
    supports = 1 if untrusted else len(sessions)
    reasons = [f"stated in {len(sessions)} session(s)" + (" by an untrusted source" if untrusted else "")]
    known = b.notes.get_many(tenant_id, [dream_memory_id(tenant_id, user_id, candidate.fingerprint)])
    for card in known:
        if card.status is not Status.REJECTED and not untrusted:
            extra = {r.session_id for r in card.evidence_refs} - sessions
            supports += len(extra)
            if extra:
                reasons.append(f"already held with evidence from {len(extra)} other session(s)")
    contradictions = 0
    if not candidate.subjective:
        for prober in b.probers:
            if prober.applies_to(candidate):
                result = prober.probe(candidate)
                supports += result.verdict is Verdict.SUPPORTED
                contradictions += result.verdict is Verdict.CONTRADICTED
                reasons.append(f"probe {result.prober}: {result.verdict.value} {result.detail}".strip())
    later_supports, later_contradictions, notes = traceback(candidate, later)
    supports += later_supports
    contradictions += later_contradictions
    reasons.extend(notes)

    decision: Decision
    confidence = candidate.confidence
    correction = candidate.type is MemoryType.CORRECTION or candidate.correction_of is not None
    # Only a person's own words correct as a person: a tool's, a document's or the agent's do not.
    human = (
        correction and human_channel(candidate.source)
    ) or candidate.source.kind is SourceKind.HUMAN_REVIEW
    contrast = (
        bool(candidate.type is MemoryType.PROCEDURE and candidate.condition and candidate.outcome)
        and len(candidate.evidence_refs) >= 2
    )
    # What the user relays from someone else ("my sister says ...") is held on low trust: not a self-report.
    self_report = candidate.source.kind is SourceKind.USER and candidate.source.trust in (
        Trust.HIGH,
        Trust.MEDIUM,
    )
    if contradictions > supports:
        decision, why = "reject", "contradicted more than supported"
    elif human:
        decision, why, confidence = "promote", "a human correction", max(confidence, 0.85)
    elif contrast:
        decision, why, confidence = "promote", "a failure/success contrast", max(confidence, 0.75)
    elif supports >= 2:
        decision, why = "promote", f"{supports} independent supports"
        confidence = min(0.95, max(confidence, 0.6) + 0.1 * (supports - 2))
    elif self_report and not untrusted:
        decision, why = "promote", "a self-report: not probeable, lives on confidence and decay"
        confidence = min(confidence, SELF_REPORT_CONFIDENCE)
    else:
        decision, why = "hold", "one support only: stays a hypothesis"
    return Assessment(
        candidate=candidate,
        decision=decision,
        supports=supports,
        contradictions=contradictions,
        confidence=round(confidence, 4),
        reason="; ".join([why, *reasons]),
    )


def _keys(candidate: Candidate) -> list[tuple[str, str]]:
    return [(r.session_id, r.event_id) for r in candidate.evidence_refs]


def cited_events(
    b: Backends, tenant_id: str, user_id: str, candidates: Sequence[Candidate]
) -> dict[tuple[str, str], Event]:
    """The L1 events the candidates cite, by (session, event): each cited session read once."""
    found: dict[tuple[str, str], Event] = {}
    for session_id in sorted({r.session_id for c in candidates for r in c.evidence_refs}):
        for event in b.log.read_session(tenant_id, user_id, session_id):
            found[(session_id, event.event_id)] = event
    return found


def verify(b: Backends, stage_input: StageInput) -> StageOutput:
    runs, run = load_run(b, stage_input)
    saved = runs.stage_output(run.tenant_id, run.run_id, STAGE)
    if saved is not None:
        return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=saved["counts"])
    selected = runs.stage_output(run.tenant_id, run.run_id, "select") or {"candidates": []}
    candidates = merge_same_claims(load_candidates(selected["candidates"]))
    observed = [c.observed_at for c in candidates if c.observed_at]
    later = (
        later_material(b.log.read_user(run.tenant_id, run.user_id, since=min(observed))) if observed else []
    )
    said = cited_events(b, run.tenant_id, run.user_id, candidates)
    assessments = [
        assess(b, c, later, run.tenant_id, run.user_id, [said[k] for k in _keys(c) if k in said])
        for c in candidates
    ]
    counts = {decision: sum(a.decision == decision for a in assessments) for decision in Decision.__args__}  # type: ignore[attr-defined]
    runs.save_stage_output(
        run.tenant_id,
        run.run_id,
        STAGE,
        {"assessments": [a.model_dump(mode="json") for a in assessments], "counts": counts},
    )
    return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=counts)
