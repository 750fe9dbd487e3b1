"""L1 raw-log events: what happened in an agent session, append-only and immutable."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from reverie.domain.guards import mask_document, mask_secrets
from reverie.domain.models import (
    MAX_EVENT_TEXT_CHARS,
    MAX_KEY_CHARS,
    Identifier,
    MemoryType,
    SourceKind,
    UtcDatetime,
    utcnow,
)

EventText = Annotated[str, Field(max_length=MAX_EVENT_TEXT_CHARS)]


class TagName(StrEnum):
    SUCCESS = "success"
    FAILURE = "failure"
    RISK = "risk"
    NOVELTY = "novelty"
    REUSE = "reuse"


class _EventBase(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    event_id: Identifier
    tenant_id: Identifier
    user_id: Identifier
    session_id: Identifier
    ts: UtcDatetime = Field(default_factory=utcnow)
    metadata: dict[str, Any] = Field(default_factory=dict)

    def payload_equal(self, other: _EventBase) -> bool:
        """Same event content (used for idempotent appends: same id + same payload = one event)."""
        return self.model_dump(mode="json") == other.model_dump(mode="json")


class MessageEvent(_EventBase):
    kind: Literal["message"] = "message"
    role: Literal["user", "assistant", "system"]
    text: EventText
    speaker: str | None = Field(default=None, max_length=200, description="display name of who spoke")


class ToolCallEvent(_EventBase):
    kind: Literal["tool_call"] = "tool_call"
    tool: str = Field(min_length=1, max_length=200)
    call_id: Identifier | None = None
    args: dict[str, Any] = Field(default_factory=dict)


class ToolResultEvent(_EventBase):
    kind: Literal["tool_result"] = "tool_result"
    tool: str = Field(min_length=1, max_length=200)
    call_id: Identifier | None = None
    ok: bool
    output: EventText = ""
    error: EventText | None = None


class FeedbackEvent(_EventBase):
    """A user or reviewer telling the agent it was right or wrong, or correcting it."""

    kind: Literal["feedback"] = "feedback"
    signal: Literal["correction", "positive", "negative"]
    text: EventText = ""
    target_memory_id: Identifier | None = None
    source: SourceKind = SourceKind.USER


class NoteEvent(_EventBase):
    """An explicit note the agent (or user) asks to remember: becomes an L2 hypothesis."""

    kind: Literal["note"] = "note"
    text: Annotated[str, Field(min_length=1, max_length=2_000)]
    type: MemoryType = MemoryType.FACT
    key: str | None = Field(default=None, min_length=1, max_length=MAX_KEY_CHARS)
    source: SourceKind = SourceKind.AGENT


class TagEvent(_EventBase):
    kind: Literal["tag"] = "tag"
    tags: list[TagName] = Field(min_length=1)
    target_event_id: Identifier | None = None


class SessionEndEvent(_EventBase):
    kind: Literal["session_end"] = "session_end"
    outcome: Literal["success", "failure", "unknown"] = "unknown"


Event = Annotated[
    MessageEvent | ToolCallEvent | ToolResultEvent | FeedbackEvent | NoteEvent | TagEvent | SessionEndEvent,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def parse_event(data: dict[str, Any]) -> Event:
    """Validate one event from plain data (raises pydantic.ValidationError naming the field)."""
    return EVENT_ADAPTER.validate_python(data)


def event_text(event: Event) -> str:
    """The human-readable text of an event, as recall and the dream see it."""
    match event:
        case MessageEvent():
            return f"{event.speaker}: {event.text}" if event.speaker else event.text
        case ToolCallEvent():
            return f"call {event.tool}({event.args})"
        case ToolResultEvent():
            return f"{event.tool} ok: {event.output}" if event.ok else f"{event.tool} failed: {event.error}"
        case FeedbackEvent() | NoteEvent():
            return event.text
        case TagEvent():
            return "tags: " + ", ".join(event.tags)
        case SessionEndEvent():
            return f"session ended ({event.outcome})"


_SECRET_ARG_RE = re.compile(
    r"(?i)(?:passw(?:or)?d|pwd|passphrase|secret|token|api_?key|apikey|private_?key|access_?key|credentials?|"
    r"authorization|signature)$"
)


def masked_event(event: Event) -> Event:
    """The event as the dream reads it: every text a person or a tool wrote masked, a tool argument named
    for a secret (`password`, `api_key`, `auth_token`...) replaced whatever its value looks like."""
    match event:
        case MessageEvent():
            return event.model_copy(update={"text": mask_secrets(event.text).text})
        case ToolCallEvent():
            return event.model_copy(update={"args": _masked_args(event.args)})
        case ToolResultEvent():
            error = mask_secrets(event.error).text if event.error is not None else None
            return event.model_copy(update={"output": mask_secrets(event.output).text, "error": error})
        case NoteEvent():
            key = mask_secrets(event.key).text if event.key is not None else None
            return event.model_copy(update={"text": mask_secrets(event.text).text, "key": key})
        case FeedbackEvent():
            return event.model_copy(update={"text": mask_secrets(event.text).text})
    return event


def _masked_args(args: dict[str, Any]) -> dict[str, Any]:
    return {
        name: "[REDACTED:password]"
        if _SECRET_ARG_RE.search(name) and isinstance(value, str | int | float) and str(value)
        else _masked_args(value)
        if isinstance(value, dict)
        else mask_document(value)
        for name, value in args.items()
    }
