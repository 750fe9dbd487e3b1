"""What a language-model reasoner sends: the prompts, the session rendered with its event ids, and the JSON
schemas of the structured answers. The same for every backend.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.adapters.llm.answers import event_source
from reverie.domain.dream import Candidate
from reverie.domain.events import (
    Event,
    FeedbackEvent,
    MessageEvent,
    NoteEvent,
    SessionEndEvent,
    TagEvent,
    ToolCallEvent,
    ToolResultEvent,
)
from reverie.domain.guards import mask_secrets
from reverie.domain.models import MemoryCard, MemoryType, SourceKind, Stability
from reverie.ports import MergeAction
from reverie.prompts import load_prompt

EXTRACT_TOOL = "record_candidates"
DECIDE_TOOL = "record_decision"
MAX_EVENT_CHARS = 4_000  # per event: select budgets the session, this bounds one huge tool output


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    """Every property required (optional ones are nullable) and nothing else: what strict modes accept.
    Ranges (confidence in [0, 1], at least one piece of evidence) are checked after the call."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _enum(values: Sequence[str]) -> dict[str, Any]:
    return {"type": "string", "enum": list(values)}


def _text(description: str | None = None, nullable: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": ["string", "null"] if nullable else "string"}
    return {**schema, "description": description} if description else schema


CANDIDATE_SCHEMA = _object(
    {
        "type": _enum([t.value for t in MemoryType]),
        "statement": _text("one idea, third person, grammatical, in the speaker's own terms, no secrets"),
        "slot": _text(
            "subject.attribute in snake case (maria.home_city) when it states a changeable state, else null",
            nullable=True,
        ),
        "valid_until": _text("YYYY-MM-DD: the last day the text says it holds, else null", nullable=True),
        "valid_from": _text(
            "YYYY-MM-DD: the later day a change said ahead takes effect ('from 1 March'), else null",
            nullable=True,
        ),
        "one_off": {"type": "boolean", "description": "a one-off request or a passing mood: not kept"},
        "said_by": _text(
            "who made the claim when the speaker only relays it ('my sister says ...'), else null",
            nullable=True,
        ),
        "condition": _text(nullable=True),
        "action": _text(nullable=True),
        "outcome": _text(nullable=True),
        "evidence": {"type": "array", "items": {"type": "string"}, "description": "ids of the cited events"},
        "source": _enum([k.value for k in SourceKind]),
        "confidence": {"type": "number", "description": "from 0 to 1"},
        "stability": _enum([Stability.NORMAL.value, Stability.HIGH.value]),
        "subjective": {"type": "boolean"},
        "correction_of": _text("memory id a cited feedback event targets, else null", nullable=True),
    }
)
EXTRACTION_SCHEMA = _object({"candidates": {"type": "array", "items": CANDIDATE_SCHEMA}})
DECISION_SCHEMA = _object(
    {
        "action": _enum([a.value for a in MergeAction]),
        "target_id": _text("id of one given memory; null for add", nullable=True),
        "statement": _text("the fused memory's text: required for fuse, else null", nullable=True),
        "reason": _text("one short sentence a reviewer can check"),
    }
)


@dataclass(frozen=True)
class StructuredTask:
    """One structured-output call: the prompts, and the tool / response format the answer must fill."""

    tool_name: str
    description: str
    schema: dict[str, Any]
    system: str
    user: str
    max_output_tokens: int


_TAG = re.compile(r"(?i)<(/?\s*(?:event|session|candidate|memory|memories)\b)")


def _body(text: str, limit: int = MAX_EVENT_CHARS) -> str:
    """Masked, bounded text that cannot close or forge the element it sits in."""
    text = mask_secrets(text).text
    if len(text) > limit:
        text = text[:limit] + f" …[{len(text) - limit} more characters]"
    return _TAG.sub(r"&lt;\1", text)


def _element(name: str, attrs: dict[str, Any], body: str) -> str:
    shown = " ".join(f'{k}="{html.escape(str(v), quote=True)}"' for k, v in attrs.items() if v is not None)
    return f"<{name} {shown}>\n{body}\n</{name}>" if body else f"<{name} {shown}/>"


def _time(at: datetime | None) -> str | None:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ") if at else None


def _event_element(event: Event, with_session: bool) -> str:
    attrs: dict[str, Any] = {"id": event.event_id, "kind": event.kind, "source": event_source(event).kind}
    body = ""
    match event:
        case MessageEvent():
            attrs.update(role=event.role, speaker=event.speaker)
            body = event.text
        case ToolCallEvent():
            attrs.update(tool=event.tool)
            body = json.dumps(event.args, sort_keys=True, ensure_ascii=False, default=str)
        case ToolResultEvent():
            attrs.update(tool=event.tool, ok=str(event.ok).lower())
            body = event.output if event.ok else (event.error or event.output)
        case FeedbackEvent():
            attrs.update(signal=event.signal, target_memory=event.target_memory_id)
            body = event.text
        case NoteEvent():
            attrs.update(type=event.type, key=event.key)
            body = event.text
        case TagEvent():
            attrs.update(tags=",".join(event.tags), target_event=event.target_event_id)
        case SessionEndEvent():
            attrs.update(outcome=event.outcome)
    attrs.update(session=event.session_id if with_session else None, time=_time(event.ts))
    return _element("event", attrs, _body(body))


def render_events(events: Sequence[Event]) -> str:
    """The session as `<event>` elements in order, each with the id a candidate must cite; secrets masked.

    The `<session>` element carries the date (UTC) and weekday it began, against which the model resolves
    relative dates and stated validity ("next Friday", "this week only", "until 12 June")."""
    sessions = list(dict.fromkeys(e.session_id for e in events))
    began = min(e.ts for e in events)
    attrs = {
        "id": sessions[0] if len(sessions) == 1 else None,
        "date": began.strftime("%Y-%m-%d"),
        "weekday": began.strftime("%A"),
    }
    shown = " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items() if v is not None)
    parts = [_event_element(e, with_session=len(sessions) > 1) for e in events]
    return "\n".join([f"<session {shown}>", *parts, "</session>"])


def extraction_task(events: Sequence[Event]) -> StructuredTask:
    return StructuredTask(
        tool_name=EXTRACT_TOOL,
        description="Record the candidate memories of one session.",
        schema=EXTRACTION_SCHEMA,
        system=load_prompt("extract"),
        user=f"Propose the candidate memories of this session. Call {EXTRACT_TOOL} once.\n\n"
        + render_events(events),
        max_output_tokens=4_096,
    )


def decision_task(candidate: Candidate, neighbours: Sequence[MemoryCard]) -> StructuredTask:
    detail = [candidate.statement]
    detail += [f"{n}: {v}" for n in ("condition", "action", "outcome") if (v := getattr(candidate, n))]
    cand = _element(
        "candidate",
        {
            "type": candidate.type,
            "key": candidate.key,
            "source": candidate.source.kind,
            "observed": _time(candidate.observed_at),
            "valid_until": _time(candidate.valid_until),
            "valid_from": _time(candidate.valid_from),
        },
        _body("\n".join(detail)),
    )
    cards = [
        _element(
            "memory",
            {
                "id": c.memory_id,
                "version": c.version,
                "type": c.type,
                "key": c.key,
                "status": c.status,
                "review": c.review_status,
                "source": c.source.kind,
                "observed": _time(c.observed_at),
                "updated": _time(c.updated_at),
                "valid_until": _time(c.valid_until),
                "valid_from": _time(c.valid_from),
            },
            _body(c.statement),
        )
        for c in neighbours
    ]
    return StructuredTask(
        tool_name=DECIDE_TOOL,
        description="Record the merge decision for one candidate memory.",
        schema=DECISION_SCHEMA,
        system=load_prompt("decide"),
        user=f"Decide what to do with this candidate. Call {DECIDE_TOOL} once.\n\n{cand}\n\n"
        + "\n".join(["<memories>", *cards, "</memories>"]),
        max_output_tokens=1_024,
    )
