"""What a language model answered, held to Reverie's rules before anything else sees it.

Pure functions, the same for every backend. Extraction: a candidate citing an event that was not in the
input is dropped, as is one the model flags `one_off` (a one-off request, a passing mood); `source` is
recomputed from the cited events (a model can never raise the trust of tool output); secrets are masked; the
`slot` becomes the candidate's `key` in `subject.attribute` form and `valid_until` a time. Decisions: see
`parse_decision`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator

from reverie.domain.dream import Candidate
from reverie.domain.events import Event, FeedbackEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import (
    MAX_KEY_CHARS,
    EvidenceRef,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Source,
    Stability,
    Trust,
)
from reverie.domain.trust import event_source
from reverie.ports import MergeAction, MergeDecision

_TRUST_ORDER = [Trust.UNTRUSTED, Trust.LOW, Trust.MEDIUM, Trust.HIGH]
_TEXT_FIELDS = ("statement", "condition", "action", "outcome")
_SLOT_PART = re.compile(r"[^a-z0-9-]+")


class MalformedAnswer(ValueError):
    """The model's answer does not have the structure asked for (the reasoner reports it as an error)."""


def forced_source(cited: Sequence[Event], claimed: str | None) -> Source:
    """The least trusted source among the cited events; the model's claim only picks among equals."""

    def rank(source: Source) -> int:
        return _TRUST_ORDER.index(source.trust or Trust.UNTRUSTED)

    sources = [event_source(e) for e in cited]
    weakest = [s for s in sources if rank(s) == min(map(rank, sources))]
    return next((s for s in weakest if s.kind == claimed), weakest[0])


class _ModelCandidate(BaseModel):
    """A candidate as a model wrote it: validated, then turned into a `Candidate` by our rules."""

    model_config = ConfigDict(extra="ignore")

    type: MemoryType
    statement: str
    slot: str | None = Field(default=None, validation_alias=AliasChoices("slot", "key"))
    valid_until: datetime | None = None
    valid_from: datetime | None = None
    one_off: bool = False
    said_by: str | None = None
    condition: str | None = None
    action: str | None = None
    outcome: str | None = None
    evidence: list[str] = Field(min_length=1)
    confidence: float = 0.5
    stability: Stability = Stability.NORMAL
    subjective: bool = False
    source: str | None = None
    correction_of: str | None = None

    @field_validator(
        "slot",
        "valid_until",
        "valid_from",
        "said_by",
        "condition",
        "action",
        "outcome",
        "correction_of",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("valid_until", mode="before")
    @classmethod
    def _through_the_day(cls, value: Any) -> Any:
        """A date means "valid through that day": the claim ends when the next day begins (UTC)."""
        if isinstance(value, str) and len(value.strip()) == 10:
            return datetime.combine(
                date.fromisoformat(value.strip()) + timedelta(days=1), datetime.min.time(), UTC
            )
        return value

    @field_validator("valid_from", mode="before")
    @classmethod
    def _from_the_day(cls, value: Any) -> Any:
        """A date means "from the start of that day" (UTC)."""
        if isinstance(value, str) and len(value.strip()) == 10:
            return datetime.combine(date.fromisoformat(value.strip()), datetime.min.time(), UTC)
        return value

    @field_validator("valid_until", "valid_from")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    @field_validator("confidence")
    @classmethod
    def _clamp(cls, value: float) -> float:
        return min(1.0, max(0.0, value))


@dataclass
class ParsedCandidates:
    candidates: list[Candidate]
    dropped: Counter[str] = field(default_factory=Counter)  # reason -> how many candidates
    redacted: int = 0  # candidates kept with a secret masked


def _candidate_list(payload: Any) -> list[Any]:
    raw = payload.get("candidates") if isinstance(payload, dict) else None
    if isinstance(raw, str):  # some models send a nested array as a JSON string
        try:
            raw = json.loads(raw)
        except ValueError:
            raw = None
    if not isinstance(raw, list):
        raise MalformedAnswer(f"the model's answer has no 'candidates' list: {str(payload)[:200]!r}")
    return raw


def relayed_statement(statement: str, said_by: str) -> str:
    """The claim with who made it ("Nani's birthday is 8 June (according to Farah).")."""
    if said_by.lower() in statement.lower():
        return statement
    return f"{statement.rstrip().rstrip('.')} (according to {said_by.strip()})."


def relayed_source(source: Source, said_by: str | None) -> Source:
    """What the user only relays from someone else is held on low trust: never the user's self-report."""
    if not said_by or source.trust in (Trust.LOW, Trust.UNTRUSTED):
        return source
    return Source(kind=source.kind, trust=Trust.LOW, name=source.name)


def slot_key(slot: str | None) -> str | None:
    """The model's `slot` as a card key: lower snake case `subject.attribute` ("Maria.Home City" becomes
    `maria.home_city`; hyphens stay, for names like `acme-web`). None when it is not one: fewer than two
    parts, too long, or holding something the secret guard masks."""
    if slot is None or mask_secrets(slot).changed:
        return None
    parts = [_SLOT_PART.sub("_", part.strip().lower()).strip("_") for part in slot.split(".")]
    key = ".".join(parts)
    return key if len(parts) >= 2 and all(parts) and len(key) <= MAX_KEY_CHARS else None


def parse_candidates(payload: Any, events: Sequence[Event]) -> ParsedCandidates:
    """Turn the model's `{"candidates": [...]}` into `Candidate`s that cite only `events`.

    Dropped, and counted by reason: malformed items, an unreadable `valid_until` included (`invalid`),
    one-off requests and passing moods the model flagged (`one_off`), items citing an unknown event id
    (`unknown_evidence`), volatile state (`volatile`, for servers that do not enforce the schema's enum),
    claims whose stated validity ended before the events that state them (`expired`), repeats within the
    answer (`duplicate`).
    """
    by_id = {e.event_id: e for e in events}
    out = ParsedCandidates(candidates=[])
    seen: set[str] = set()
    for item in _candidate_list(payload):
        try:
            found = _ModelCandidate.model_validate(item)
        except ValidationError:
            out.dropped["invalid"] += 1
            continue
        if found.one_off:
            out.dropped["one_off"] += 1
            continue
        ids = list(dict.fromkeys(found.evidence))
        if any(i not in by_id for i in ids):
            out.dropped["unknown_evidence"] += 1
            continue
        if found.stability is Stability.VOLATILE:
            out.dropped["volatile"] += 1
            continue
        cited = [by_id[i] for i in ids]
        observed = max(e.ts for e in cited)
        if found.valid_until is not None and found.valid_until <= observed:
            out.dropped["expired"] += 1
            continue
        if found.said_by:  # relayed: the claim is theirs, said whose, and held on low trust
            found = found.model_copy(update={"statement": relayed_statement(found.statement, found.said_by)})
        masked = {n: mask_secrets(v) for n in _TEXT_FIELDS if (v := getattr(found, n)) is not None}
        targets = {e.target_memory_id for e in cited if isinstance(e, FeedbackEvent)}
        try:
            candidate = Candidate(
                type=found.type,
                **{n: m.text for n, m in masked.items()},
                key=slot_key(found.slot),
                evidence_refs=[EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in cited],
                source=relayed_source(forced_source(cited, found.source), found.said_by),
                confidence=found.confidence,
                stability=found.stability,
                subjective=found.subjective,
                observed_at=observed,
                valid_until=found.valid_until,
                # a start already come is no change said ahead: the claim holds now
                valid_from=found.valid_from if found.valid_from and found.valid_from > observed else None,
                correction_of=found.correction_of if found.correction_of in targets else None,
            )
        except ValidationError:
            out.dropped["invalid"] += 1
            continue
        if candidate.fingerprint in seen:
            out.dropped["duplicate"] += 1
            continue
        seen.add(candidate.fingerprint)
        out.redacted += any(m.changed for m in masked.values())
        out.candidates.append(candidate)
    return out


REWRITES = frozenset({MergeAction.FUSE, MergeAction.SUPERSEDE, MergeAction.RETIRE})
"""The actions that end the target card's current version: never allowed on a card a person edited."""
FUSED_MAX_CHARS = 400  # longer is no longer one idea: two cards (the rule reasoner draws the same line)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?")) else text + "."


def fused_statement(given: Any, candidate: Candidate, target: MemoryCard) -> str | None:
    """The text of the card that absorbs `target`: the model's, masked, when it gave one that fits one
    card (`FUSED_MAX_CHARS`); else the target's statement followed by the candidate's; None when even that
    does not fit.

    Why join rather than refuse: the model judged the candidate new detail about the target's subject; a
    NOOP would lose that detail and hang the candidate's evidence on a card that does not say what it
    shows. The joined text keeps both claims word for word, each already checked; a later self-audit can
    tighten it.
    """
    joined = f"{_sentence(target.statement)} {mask_secrets(_sentence(candidate.statement)).text}"
    if isinstance(given, str) and given.strip():
        text = mask_secrets(" ".join(given.split())).text
        if len(text) <= FUSED_MAX_CHARS:
            return text
    return joined if len(joined) <= FUSED_MAX_CHARS else None


def parse_decision(payload: Any, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
    """The model's decision, held to the port's contract and to what the dream may do to a card.

    - A target is always one of `neighbours`: a non-ADD action naming a card it was not shown becomes ADD
      when no card was shown, else NOOP (better to miss than to merge into the wrong card).
    - FUSE, SUPERSEDE and RETIRE aimed at a card a person edited become CONFLICT on it (a person decides).
    - FUSE always carries the fused text (`fused_statement`); when none fits one card, it becomes ADD.
    - `statement` is kept for FUSE only; `reason` is masked and bounded.
    """
    if not isinstance(payload, dict):
        raise MalformedAnswer(f"the model's decision is not an object: {str(payload)[:200]!r}")
    try:
        action = MergeAction(str(payload.get("action")))
    except ValueError as exc:
        raise MalformedAnswer(f"the model's decision has no valid action: {str(payload)[:200]!r}") from exc
    reason = mask_secrets(str(payload.get("reason") or "")).text[:500]
    if action is MergeAction.ADD:
        return MergeDecision(action=action, reason=reason)
    target_id = payload.get("target_id") or None
    target = next((c for c in neighbours if c.memory_id == target_id), None)
    if target is None:
        if not neighbours:
            return MergeDecision(action=MergeAction.ADD, reason=reason)
        return MergeDecision(
            action=MergeAction.NOOP,
            reason=f"model named an unknown memory {target_id!r}; left for a later run",
        )
    if action in REWRITES and target.review_status is ReviewStatus.EDITED:
        return MergeDecision(
            action=MergeAction.CONFLICT,
            target_id=target.memory_id,
            reason=f"the model chose {action.value}, but {target.memory_id} was edited by a person: "
            f"left for review ({reason})"[:500],
        )
    if action is not MergeAction.FUSE:
        return MergeDecision(action=action, target_id=target.memory_id, reason=reason)
    statement = fused_statement(payload.get("statement"), candidate, target)
    if statement is None:  # the two together are more than one idea: the candidate stays a card of its own
        return MergeDecision(
            action=MergeAction.ADD, reason=f"too long to fuse into {target.memory_id} ({reason})"[:500]
        )
    return MergeDecision(action=action, target_id=target.memory_id, statement=statement, reason=reason)


def json_from_text(text: str) -> Any:
    """Parse a model's JSON answer, tolerating a Markdown code fence around it."""
    stripped = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    try:
        return json.loads(stripped)
    except ValueError as exc:
        raise MalformedAnswer(
            f"the model answered with text that is not JSON ({text[:200]!r}); use a server and model that "
            "support response_format json_schema"
        ) from exc
