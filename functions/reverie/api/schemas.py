"""Request and response models of the HTTP API (kept apart from the domain model)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict, create_model, model_validator
from pydantic.json_schema import JsonDict, SkipJsonSchema

from reverie.api.pages import PageFields

if TYPE_CHECKING:
    from reverie.services.recall import Context
from reverie.domain import events as ev
from reverie.domain.models import (
    MAX_KEY_CHARS,
    MAX_STATEMENT_CHARS,
    EvidenceRef,
    MemoryCard,
    MemoryType,
    ScopeKind,
    SourceKind,
    Stability,
)


def _json_number(value: Any) -> Any:
    if isinstance(value, str | bool):
        raise ValueError("a JSON number is required here, not a string or a boolean")
    return value


def _json_time(value: Any) -> Any:
    if isinstance(value, int | float):
        raise ValueError("an ISO 8601 date-time string is required here, not a number")
    return value


# What the document calls an integer: 5 or 5.0, never "5" or true (pydantic alone would convert them).
# Floats and booleans are `Strict()` for the same reason (a strict float still takes 5).
JsonInt = Annotated[int, BeforeValidator(_json_number)]
JsonDatetime = Annotated[datetime, BeforeValidator(_json_time)]  # never a number read as a timestamp
NotNull = SkipJsonSchema[None]  # accepted as "not given" by the model, absent from the document
_ROUTED = {"tenant_id", "user_id", "session_id"}  # taken from the path and the deployment, never the body


def _input_of(cls: type[BaseModel]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        name: (info.annotation, info) for name, info in cls.model_fields.items() if name not in _ROUTED
    }
    for name, (annotation, info) in fields.items():
        if annotation is int:
            fields[name] = (JsonInt, info)
        elif annotation is datetime:
            fields[name] = (JsonDatetime, info)
        elif annotation in (float, bool):
            fields[name] = (Annotated[annotation, Strict()], info)
    # `kind` picks the event type, so a request must name it (the domain model's default would make the
    # document call it optional while the discriminated union refuses an event without it)
    fields["kind"] = (cls.model_fields["kind"].annotation, Field(description="the event's type"))
    name = cls.__name__.removesuffix("Event") + "In"
    return create_model(name, __config__=ConfigDict(extra="forbid"), __doc__=cls.__doc__, **fields)


MessageIn = _input_of(ev.MessageEvent)
ToolCallIn = _input_of(ev.ToolCallEvent)
ToolResultIn = _input_of(ev.ToolResultEvent)
FeedbackIn = _input_of(ev.FeedbackEvent)
NoteIn = _input_of(ev.NoteEvent)
TagIn = _input_of(ev.TagEvent)
SessionEndIn = _input_of(ev.SessionEndEvent)

EventIn = Annotated[
    MessageIn | ToolCallIn | ToolResultIn | FeedbackIn | NoteIn | TagIn | SessionEndIn,  # type: ignore[valid-type]
    Field(discriminator="kind"),
]


def untimed(items: Sequence[Any]) -> set[str]:
    """Ids of the API events sent without `ts` (the server stamps them on arrival)."""
    return {item.event_id for item in items if "ts" not in item.model_fields_set}


def to_event(item: Any, tenant_id: str, user_id: str, session_id: str) -> ev.Event:
    """The domain event for one API event, with tenant, user and session taken from the route."""
    routed = {"tenant_id": tenant_id, "user_id": user_id, "session_id": session_id}
    return ev.parse_event({**item.model_dump(), **routed})


class BatchRequest(BaseModel):
    """A request carrying a list of items, whose repr counts them instead of spelling them out.

    Powertools logs each route's arguments at debug level with an f-string, so their repr is built on
    every request, debug on or not: for 100 memories pydantic's repr was ~4% of a bulk write's CPU
    outside the embedding, and the words users write do not belong in a log line."""

    def __repr__(self) -> str:
        shown = (f"{name}=<{len(v)} items>" if isinstance(v, list) else f"{name}={v!r}" for name, v in self)
        return f"{type(self).__name__}({', '.join(shown)})"


class AppendEventsRequest(BatchRequest):
    model_config = ConfigDict(extra="forbid")
    events: list[EventIn] = Field(min_length=1, max_length=500)


class CaptureResponse(BaseModel):
    stored: int
    duplicates: int
    notes: list[str] = Field(description="ids of the L2 hypotheses made from explicit notes")
    masked: list[str] = Field(description="notes whose text had a secret masked before storing")


class EndSessionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    outcome: Literal["success", "failure", "unknown"] = "unknown"


class ContextRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(max_length=4_000, description="what the agent is about to do or was asked")
    budget_tokens: JsonInt = Field(default=1_000, ge=64, le=32_000)
    project_id: str | None = Field(default=None, pattern=r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$")


class CitationOut(BaseModel):
    handle: int = Field(description="the `[n]` that cites this memory in the context text")
    memory_id: str = Field(description="the memory's id; for a raw turn, its `session/event`")
    evidence: list[EvidenceRef] = Field(description="the L1 events (session and event ids) it rests on")
    kind: Literal["memory", "raw_turn"] = Field(
        default="memory", description="a memory, or a raw turn of a session no dream has consolidated yet"
    )


class ContextResponse(BaseModel):
    context: str
    tokens: int = Field(description="the context's token count, never above budget_tokens")
    budget_tokens: int
    memory_ids: list[str] = Field(description="the memories in the context, in the order they appear")
    sections: dict[str, list[str]]
    citations: list[CitationOut] = Field(
        description="what each `[n]` in the context cites, in handle order: memory n is memory_ids[n-1]; "
        "raw turns (kind raw_turn) come after every memory"
    )

    @classmethod
    def of(cls, ctx: Context) -> ContextResponse:
        """The answer for a built context (the context route's and the console's preview)."""
        return cls(
            context=ctx.text,
            tokens=ctx.tokens,
            budget_tokens=ctx.budget_tokens,
            memory_ids=ctx.memory_ids,
            sections=ctx.sections,
            citations=[
                CitationOut(handle=c.handle, memory_id=c.memory_id, evidence=c.evidence_refs, kind=c.kind)
                for c in ctx.citations
            ],
        )


class NewMemoryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    memory_id: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$",
        description="optional, for safe retries: the memory is stored as `<memory_id>@<user_id>`, in the "
        "user's own namespace (users never collide), and is read by either id; no '@' of your own",
    )
    type: MemoryType
    statement: str = Field(min_length=1, max_length=MAX_STATEMENT_CHARS)
    key: str | None = Field(default=None, min_length=1, max_length=MAX_KEY_CHARS)
    scope: ScopeKind = ScopeKind.USER
    source: SourceKind = SourceKind.USER
    confidence: float = Field(default=0.8, ge=0.0, le=1.0, strict=True)
    stability: Stability = Stability.NORMAL
    evidence_refs: list[EvidenceRef] = Field(default_factory=list, max_length=50)
    observed_at: JsonDatetime | None = None
    valid_until: JsonDatetime | None = None
    condition: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    action: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    outcome: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    derived_from: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$")]] = Field(
        default_factory=list, max_length=50, description="memories this one was derived from"
    )


# A memory of scope `project` belongs to the request's project: the document says so with if/then.
_PROJECT_NAMED: JsonDict = {
    "if": {
        "properties": {
            "memories": {"contains": {"properties": {"scope": {"const": "project"}}, "required": ["scope"]}}
        },
        "required": ["memories"],
    },
    "then": {"properties": {"project_id": {"type": "string"}}, "required": ["project_id"]},
}


class CreateMemoriesRequest(BatchRequest):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_PROJECT_NAMED)
    memories: list[NewMemoryIn] = Field(min_length=1, max_length=500)
    project_id: str | None = Field(default=None, pattern=r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$")

    @model_validator(mode="after")
    def _project_named(self) -> CreateMemoriesRequest:
        if self.project_id is None and any(m.scope is ScopeKind.PROJECT for m in self.memories):
            raise ValueError("project_id: a memory of scope project needs the request's project_id")
        return self


class EditMemoryRequest(BaseModel):
    """A human edit: name the version you read and at least one field to change; only those change."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"minProperties": 2})
    expected_version: JsonInt = Field(ge=1)
    # `| NotNull` keeps null out of the document for the fields a card must have: leave one out to keep it
    statement: Annotated[str, Field(min_length=1, max_length=MAX_STATEMENT_CHARS)] | NotNull = None
    type: MemoryType | NotNull = None
    key: str | None = Field(default=None, min_length=1, max_length=MAX_KEY_CHARS)
    condition: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    action: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    outcome: str | None = Field(default=None, max_length=MAX_STATEMENT_CHARS)
    confidence: Annotated[float, Field(ge=0.0, le=1.0, strict=True)] | NotNull = None
    stability: Stability | NotNull = None
    valid_until: JsonDatetime | None = None

    @model_validator(mode="after")
    def _no_null_for_required(self) -> EditMemoryRequest:
        nulled = sorted(
            f
            for f in ("statement", "type", "confidence", "stability")
            if f in self.model_fields_set and getattr(self, f) is None
        )
        if nulled:
            raise ValueError(f"{', '.join(nulled)}: cannot be null (leave a field out to keep it)")
        if self.model_fields_set <= {"expected_version"}:
            raise ValueError("nothing to change: name at least one field besides expected_version")
        return self

    def changes(self) -> dict[str, Any]:
        return self.model_dump(exclude={"expected_version"}, exclude_unset=True)


class FeedbackRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    signal: Literal["used", "wrong"]
    text: str = Field(default="", max_length=4_000)


class MemoryList(BaseModel):
    memories: list[MemoryCard]
    count: int


class UserOut(BaseModel):
    user_id: str
    memories: int
    sessions: int


class UsersResponse(PageFields):
    users: list[UserOut] = Field(description="the tenant's users by id")


class Health(BaseModel):
    status: Literal["ok"]
    tenant_id: str


class StoreErasureOut(BaseModel):
    removed: int | None = Field(
        description="records removed from this store; null when the backend cannot pick them out (see note)"
    )
    remaining: int | None = Field(
        description="what a read of this store still finds of the user afterwards (0 when forgotten); "
        "null when the store cannot be read per user"
    )
    compacted: bool = Field(
        description="the store overwrote, merged away or truncated what held the deleted data (SQLite: "
        "secure_delete, full-text index optimised, WAL checkpointed and truncated; OpenSearch: a force "
        "merge expunging deleted documents); false when another process held a read and it must be retried"
    )
    note: str = Field(description="what was removed, or what this backend cannot do")


class ForgetResponse(BaseModel):
    """What forgetting a user removed. Shared (project, org, global) cards written through the user's path
    are deleted with the user, never handed over: their text is the user's words (`shared_cards`)."""

    events: int = Field(description="raw events (L1) removed")
    memories: int = Field(description="the user's own cards removed, with every version")
    index_docs: int = Field(description="user-scoped search documents removed")
    remaining: int = Field(description="what reads of every store still find of the user: 0 when forgotten")
    shared_cards: list[str] = Field(
        description="ids of the shared cards this user wrote, deleted with them (policy: delete, not hand over)"
    )
    stores: dict[str, StoreErasureOut] = Field(
        description="per store: log, notes, index, vector_cache, queue, runs"
    )


class ErrorDetail(BaseModel):
    """One thing wrong with a request."""

    model_config = ConfigDict(populate_by_name=True)
    field: str = Field(description="a dotted path into the body, or the parameter's name")
    where: str = Field(alias="in", description="body, path, query or header")
    message: str


class ErrorResponse(BaseModel):
    """The one shape of every error answer, whichever layer refused the request (the HTTP server, the
    request limits, validation, a domain rule): quote `request_id` when you report a problem."""

    error: str = Field(description="what kind of error: ValidationError, NotFound, VersionConflict, ...")
    message: str = Field(description="what was wrong and what to do about it")
    request_id: str = Field(description="this request's id (also the X-Request-Id response header)")
    detail: list[ErrorDetail] = Field(default_factory=list, description="each field at fault, if any")


class SessionEnded(BaseModel):
    stored: int = Field(description="1 when the session's end was recorded now, 0 when it already was")
    duplicates: int
