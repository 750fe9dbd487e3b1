"""The API's request and response models, generated from its OpenAPI document: do not edit.

Regenerate with `python clients/python/generate_models.py` after changing the API.
"""
from __future__ import annotations

# ruff: noqa

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from typing_extensions import TypeAliasType


class Budget(BaseModel):
    """
    What one run may spend.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    max_cards: Annotated[int | None, Field(ge=1, title='Max Cards')] = 500
    """
    active L3 cards kept per user after decay
    """
    max_reasoner_calls: Annotated[
        int | None, Field(ge=0, title='Max Reasoner Calls')
    ] = 50
    max_seconds: Annotated[float | None, Field(gt=0.0, title='Max Seconds')] = 120.0
    max_tokens: Annotated[int | None, Field(ge=1, title='Max Tokens')] = 50000
    """
    material tokens read by select
    """


class BudgetIn(BaseModel):
    """
    What a manual run may spend, bounded so a run ends and its lease can be written down.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    max_cards: Annotated[int | None, Field(ge=1, le=100000, title='Max Cards')] = 500
    max_reasoner_calls: Annotated[
        int | None, Field(ge=0, le=10000, title='Max Reasoner Calls')
    ] = 50
    max_seconds: Annotated[
        float | None, Field(gt=0.0, le=3600.0, title='Max Seconds')
    ] = 120.0
    """
    at most an hour
    """
    max_tokens: Annotated[int | None, Field(ge=1, le=5000000, title='Max Tokens')] = (
        50000
    )


class CaptureResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    duplicates: Annotated[int, Field(title='Duplicates')]
    masked: Annotated[list[str], Field(title='Masked')]
    """
    notes whose text had a secret masked before storing
    """
    notes: Annotated[list[str], Field(title='Notes')]
    """
    ids of the L2 hypotheses made from explicit notes
    """
    stored: Annotated[int, Field(title='Stored')]


ProjectId = TypeAliasType(
    "ProjectId",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Project Id')
    ],
)


class ContextRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    budget_tokens: Annotated[
        int | None, Field(ge=64, le=32000, title='Budget Tokens')
    ] = 1000
    project_id: Annotated[ProjectId | None, Field(title='Project Id')] = None
    query: Annotated[str, Field(max_length=4000, title='Query')]
    """
    what the agent is about to do or was asked
    """


class DreamRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    budget: BudgetIn | None = None


Action = TypeAliasType("Action", Annotated[str, Field(max_length=2000, title='Action')])


Condition = TypeAliasType(
    "Condition", Annotated[str, Field(max_length=2000, title='Condition')]
)


Key = TypeAliasType(
    "Key", Annotated[str, Field(max_length=200, min_length=1, title='Key')]
)


Outcome = TypeAliasType(
    "Outcome", Annotated[str, Field(max_length=2000, title='Outcome')]
)


class EndSessionRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    outcome: Annotated[
        Literal['success', 'failure', 'unknown'] | None, Field(title='Outcome')
    ] = 'unknown'


class ErrorDetail(BaseModel):
    """
    One thing wrong with a request.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    field: Annotated[str, Field(title='Field')]
    """
    a dotted path into the body, or the parameter's name
    """
    in_: Annotated[str, Field(alias='in', title='In')]
    """
    body, path, query or header
    """
    message: Annotated[str, Field(title='Message')]


class ErrorResponse(BaseModel):
    """
    The one shape of every error answer, whichever layer refused the request (the HTTP server, the
    request limits, validation, a domain rule): quote `request_id` when you report a problem.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    detail: Annotated[list[ErrorDetail] | None, Field(title='Detail')] = None
    """
    each field at fault, if any
    """
    error: Annotated[str, Field(title='Error')]
    """
    what kind of error: ValidationError, NotFound, VersionConflict, ...
    """
    message: Annotated[str, Field(title='Message')]
    """
    what was wrong and what to do about it
    """
    request_id: Annotated[str, Field(title='Request Id')]
    """
    this request's id (also the X-Request-Id response header)
    """


class EvidenceRef(BaseModel):
    """
    A pointer into L1: the session and event a card rests on.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    session_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Session Id')
    ]


TargetMemoryId = TypeAliasType(
    "TargetMemoryId",
    Annotated[
        str,
        Field(
            pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Target Memory Id'
        ),
    ],
)


class FeedbackRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    signal: Annotated[Literal['used', 'wrong'], Field(title='Signal')]
    text: Annotated[str | None, Field(max_length=4000, title='Text')] = ''


class Health(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    status: Annotated[Literal['ok'], Field(title='Status')]
    tenant_id: Annotated[str, Field(title='Tenant Id')]


class ImportRequest(BaseModel):
    """
    Records of an export (`GET /users/{user_id}/export`), one JSON object per line there, in file order.
    A large file is sent in several requests, in order: the import is idempotent.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    records: Annotated[list[dict[str, Any]], Field(max_length=5000, title='Records')]


class ImportResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    cards_created: Annotated[int, Field(title='Cards Created')]
    conflicts: Annotated[list[str], Field(title='Conflicts')]
    """
    cards and sessions left alone, and why
    """
    events_duplicate: Annotated[int, Field(title='Events Duplicate')]
    events_stored: Annotated[int, Field(title='Events Stored')]
    versions_added: Annotated[int, Field(title='Versions Added')]
    versions_unchanged: Annotated[int, Field(title='Versions Unchanged')]


DerivedFromItem = TypeAliasType(
    "DerivedFromItem",
    Annotated[str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$')],
)


DreamRunId = TypeAliasType(
    "DreamRunId",
    Annotated[
        str,
        Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Dream Run Id'),
    ],
)


SupersededBy = TypeAliasType(
    "SupersededBy",
    Annotated[
        str,
        Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Superseded By'),
    ],
)


Supersedes = TypeAliasType(
    "Supersedes",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Supersedes')
    ],
)


TtlDays = TypeAliasType(
    "TtlDays", Annotated[int, Field(ge=1, le=36500, title='Ttl Days')]
)


UserId = TypeAliasType(
    "UserId",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='User Id')
    ],
)


Speaker = TypeAliasType(
    "Speaker", Annotated[str, Field(max_length=200, title='Speaker')]
)
"""
display name of who spoke
"""


class MessageIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['message'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    role: Annotated[Literal['user', 'assistant', 'system'], Field(title='Role')]
    speaker: Annotated[Speaker | None, Field(title='Speaker')] = None
    """
    display name of who spoke
    """
    text: Annotated[str, Field(max_length=32000, title='Text')]
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


MemoryId = TypeAliasType(
    "MemoryId",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Memory Id')
    ],
)
"""
optional, for safe retries: the memory is stored as `<memory_id>@<user_id>`, in the user's own namespace (users never collide), and is read by either id; no '@' of your own
"""


Keep = TypeAliasType(
    "Keep",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Keep')
    ],
)
"""
the card that stands (conflicts)
"""


Statement = TypeAliasType(
    "Statement", Annotated[str, Field(max_length=2000, min_length=1, title='Statement')]
)
"""
for edit
"""


class ReviewDecision(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    action: Annotated[Literal['approve', 'reject', 'edit'], Field(title='Action')]
    keep: Annotated[Keep | None, Field(title='Keep')] = None
    """
    the card that stands (conflicts)
    """
    statement: Annotated[Statement | None, Field(title='Statement')] = None
    """
    for edit
    """


MemoryId1 = TypeAliasType(
    "MemoryId1", Annotated[str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$')]
)


RunId = TypeAliasType(
    "RunId",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Run Id')
    ],
)


class ReviewItem(BaseModel):
    """
    Something a human must decide: an unresolved conflict, quarantined untrusted instructions, ...
    """

    model_config = ConfigDict(
        extra='allow',
    )
    created_at: Annotated[AwareDatetime | None, Field(title='Created At')] = None
    detail: Annotated[str | None, Field(max_length=2000, title='Detail')] = ''
    item_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Item Id')
    ]
    memory_ids: Annotated[list[MemoryId1], Field(min_length=1, title='Memory Ids')]
    reason: Annotated[
        Literal['conflict', 'quarantine', 'correction'], Field(title='Reason')
    ]
    resolved_at: Annotated[AwareDatetime | None, Field(title='Resolved At')] = None
    run_id: Annotated[RunId | None, Field(title='Run Id')] = None
    status: Annotated[
        Literal['open', 'approved', 'rejected', 'edited'] | None, Field(title='Status')
    ] = 'open'
    tenant_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Tenant Id')
    ]
    user_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='User Id')
    ]


class ReviewPage(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    """
    items on this page
    """
    items: Annotated[list[ReviewItem], Field(title='Items')]
    """
    review items, oldest first
    """
    next_cursor: Annotated[str | None, Field(title='Next Cursor')]
    """
    pass as `cursor` for the next page; null on the last page
    """
    total: Annotated[int, Field(title='Total')]
    """
    items in this listing across every page
    """


class RollbackDone(BaseModel):
    """
    What rolling a run back did.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    rejected: Annotated[list[str], Field(title='Rejected')]
    """
    cards the run created, now a version marked rejected
    """
    restored: Annotated[list[str], Field(title='Restored')]
    """
    cards given their content from before the run (a new version)
    """
    run_id: Annotated[str, Field(title='Run Id')]
    skipped: Annotated[dict[str, str], Field(title='Skipped')]
    """
    cards changed since by someone else, left alone: why
    """


ProjectId3 = TypeAliasType(
    "ProjectId3",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Project Id')
    ],
)
"""
search inside a project too
"""


class SearchRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    limit: Annotated[int | None, Field(ge=1, le=100, title='Limit')] = 10
    """
    at most this many memories, best first
    """
    project_id: Annotated[ProjectId3 | None, Field(title='Project Id')] = None
    """
    search inside a project too
    """
    query: Annotated[str, Field(max_length=4000, min_length=1, title='Query')]
    """
    what to find memories about
    """


class SessionEndIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['session_end'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    outcome: Annotated[
        Literal['success', 'failure', 'unknown'] | None, Field(title='Outcome')
    ] = 'unknown'
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


class SessionEnded(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    duplicates: Annotated[int, Field(title='Duplicates')]
    stored: Annotated[int, Field(title='Stored')]
    """
    1 when the session's end was recorded now, 0 when it already was
    """


class SessionEvents(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    events: Annotated[list[dict[str, Any]], Field(title='Events')]
    """
    the session's L1 events in append order
    """
    session_id: Annotated[str, Field(title='Session Id')]


Name = TypeAliasType("Name", Annotated[str, Field(max_length=200, title='Name')])
"""
tool or document name
"""


class StoreErasureOut(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    compacted: Annotated[bool, Field(title='Compacted')]
    """
    the store overwrote, merged away or truncated what held the deleted data (SQLite: secure_delete, full-text index optimised, WAL checkpointed and truncated; OpenSearch: a force merge expunging deleted documents); false when another process held a read and it must be retried
    """
    note: Annotated[str, Field(title='Note')]
    """
    what was removed, or what this backend cannot do
    """
    remaining: Annotated[int | None, Field(title='Remaining')]
    """
    what a read of this store still finds of the user afterwards (0 when forgotten); null when the store cannot be read per user
    """
    removed: Annotated[int | None, Field(title='Removed')]
    """
    records removed from this store; null when the backend cannot pick them out (see note)
    """


TargetEventId = TypeAliasType(
    "TargetEventId",
    Annotated[
        str,
        Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Target Event Id'),
    ],
)


CallId = TypeAliasType(
    "CallId",
    Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Call Id')
    ],
)


class ToolCallIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    args: Annotated[dict[str, Any] | None, Field(title='Args')] = None
    call_id: Annotated[CallId | None, Field(title='Call Id')] = None
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['tool_call'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    tool: Annotated[str, Field(max_length=200, min_length=1, title='Tool')]
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


Error = TypeAliasType("Error", Annotated[str, Field(max_length=32000, title='Error')])


class ToolResultIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    call_id: Annotated[CallId | None, Field(title='Call Id')] = None
    error: Annotated[Error | None, Field(title='Error')] = None
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['tool_result'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    ok: Annotated[bool, Field(title='Ok')]
    output: Annotated[str | None, Field(max_length=32000, title='Output')] = ''
    tool: Annotated[str, Field(max_length=200, min_length=1, title='Tool')]
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


class UserGlanceOut(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    last_update: Annotated[AwareDatetime | None, Field(title='Last Update')]
    memories: Annotated[int, Field(title='Memories')]
    open_reviews: Annotated[int, Field(title='Open Reviews')]
    pending_sessions: Annotated[int, Field(title='Pending Sessions')]
    """
    sessions with material no standing dream consolidated
    """
    pending_tokens: Annotated[int, Field(title='Pending Tokens')]
    sessions: Annotated[int, Field(title='Sessions')]
    user_id: Annotated[str, Field(title='User Id')]


class UserOut(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    memories: Annotated[int, Field(title='Memories')]
    sessions: Annotated[int, Field(title='Sessions')]
    user_id: Annotated[str, Field(title='User Id')]


class UsersResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    """
    items on this page
    """
    next_cursor: Annotated[str | None, Field(title='Next Cursor')]
    """
    pass as `cursor` for the next page; null on the last page
    """
    total: Annotated[int, Field(title='Total')]
    """
    items in this listing across every page
    """
    users: Annotated[list[UserOut], Field(title='Users')]
    """
    the tenant's users by id
    """


class ValidationError(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    loc: Annotated[list[str | int], Field(title='Location')]
    type: Annotated[str, Field(title='Error Type')]


class Change(BaseModel):
    """
    One change a run made to the note store: enough to explain it and to undo it.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    after_version: Annotated[int, Field(title='After Version')]
    at: Annotated[AwareDatetime | None, Field(title='At')] = None
    before_version: Annotated[int | None, Field(title='Before Version')] = None
    """
    None when the run created the card
    """
    change_id: Annotated[str, Field(title='Change Id')]
    """
    deterministic within the run, so a retried stage records it once
    """
    fingerprint: Annotated[str | None, Field(title='Fingerprint')] = None
    """
    the candidate's fingerprint, if any
    """
    kind: Annotated[
        Literal['added', 'updated', 'superseded', 'archived', 'rejected', 'conflicted', 'decayed', 'queued'],
        Field(title='ChangeKind'),
    ]
    memory_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Memory Id')
    ]
    reason: Annotated[str, Field(max_length=1000, title='Reason')]
    run_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Run Id')
    ]
    stage: Annotated[
        Literal['select', 'verify', 'restructure', 'decay'], Field(title='Stage')
    ]


class CitationOut(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    evidence: Annotated[list[EvidenceRef], Field(title='Evidence')]
    """
    the L1 events (session and event ids) it rests on
    """
    handle: Annotated[int, Field(title='Handle')]
    """
    the `[n]` that cites this memory in the context text
    """
    kind: Annotated[Literal['memory', 'raw_turn'] | None, Field(title='Kind')] = (
        'memory'
    )
    """
    a memory, or a raw turn of a session no dream has consolidated yet
    """
    memory_id: Annotated[str, Field(title='Memory Id')]
    """
    the memory's id; for a raw turn, its `session/event`
    """


class ContextResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    budget_tokens: Annotated[int, Field(title='Budget Tokens')]
    citations: Annotated[list[CitationOut], Field(title='Citations')]
    """
    what each `[n]` in the context cites, in handle order: memory n is memory_ids[n-1]; raw turns (kind raw_turn) come after every memory
    """
    context: Annotated[str, Field(title='Context')]
    memory_ids: Annotated[list[str], Field(title='Memory Ids')]
    """
    the memories in the context, in the order they appear
    """
    sections: Annotated[dict[str, list[str]], Field(title='Sections')]
    tokens: Annotated[int, Field(title='Tokens')]
    """
    the context's token count, never above budget_tokens
    """


class DreamRun(BaseModel):
    """
    One run of the dream for one (tenant, user): operational record, updated as stages complete.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    budget: Budget | None = None
    counts: Annotated[dict[str, int] | None, Field(title='Counts')] = None
    durations_ms: Annotated[dict[str, float] | None, Field(title='Durations Ms')] = None
    error: Annotated[str | None, Field(title='Error')] = None
    fence: Annotated[int | None, Field(title='Fence')] = None
    """
    the fencing token of the lease the run holds: every write of it checks it
    """
    finished_at: Annotated[AwareDatetime | None, Field(title='Finished At')] = None
    inputs: Annotated[dict[str, Any] | None, Field(title='Inputs')] = None
    """
    session ids, since, ...
    """
    reasoner_tokens: Annotated[
        dict[str, int] | None, Field(title='Reasoner Tokens')
    ] = None
    """
    input / output / calls
    """
    rolled_back_at: Annotated[AwareDatetime | None, Field(title='Rolled Back At')] = (
        None
    )
    run_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Run Id')
    ]
    stages_done: Annotated[list[str] | None, Field(title='Stages Done')] = None
    started_at: Annotated[AwareDatetime | None, Field(title='Started At')] = None
    status: Annotated[
        Literal['running', 'succeeded', 'failed', 'rolled_back'] | None,
        Field(title='RunStatus'),
    ] = 'running'
    tenant_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Tenant Id')
    ]
    trigger: Annotated[
        Literal['session_end', 'idle', 'schedule', 'volume', 'manual'],
        Field(title='Trigger'),
    ]
    user_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='User Id')
    ]


class DreamStarted(BaseModel):
    """
    A manual dream, started: where to follow it.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    already_started: Annotated[bool | None, Field(title='Already Started')] = False
    """
    AWS: this minute's run was already started
    """
    execution_arn: Annotated[str | None, Field(title='Execution Arn')] = None
    """
    AWS: the Step Functions execution
    """
    poll: Annotated[str, Field(title='Poll')]
    """
    the path that reports the run (GET)
    """
    run_id: Annotated[str | None, Field(title='Run Id')]
    """
    the run, to poll at `poll`; null on AWS, where the state machine's first state names the run: it then appears in GET /users/{user_id}/dreams
    """
    status: Annotated[
        Literal['running', 'succeeded', 'failed', 'rolled_back'],
        Field(title='RunStatus'),
    ]
    """
    running, or the final status when it ran before the answer
    """
    user_id: Annotated[str, Field(title='User Id')]


class EditMemoryRequest(BaseModel):
    """
    A human edit: name the version you read and at least one field to change; only those change.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    action: Annotated[Action | None, Field(title='Action')] = None
    condition: Annotated[Condition | None, Field(title='Condition')] = None
    confidence: Annotated[float | None, Field(ge=0.0, le=1.0, title='Confidence')] = (
        None
    )
    expected_version: Annotated[int, Field(ge=1, title='Expected Version')]
    key: Annotated[Key | None, Field(title='Key')] = None
    outcome: Annotated[Outcome | None, Field(title='Outcome')] = None
    stability: Annotated[
        Literal['volatile', 'normal', 'high'] | None, Field(title='Stability')
    ] = None
    statement: Annotated[
        str | None, Field(max_length=2000, min_length=1, title='Statement')
    ] = None
    type: Annotated[
        Literal['fact', 'preference', 'constraint', 'skill', 'procedure', 'correction', 'plan', 'episode'] | None,
        Field(title='Type'),
    ] = None
    valid_until: Annotated[AwareDatetime | None, Field(title='Valid Until')] = None


class FeedbackIn(BaseModel):
    """
    A user or reviewer telling the agent it was right or wrong, or correcting it.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['feedback'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    signal: Annotated[
        Literal['correction', 'positive', 'negative'], Field(title='Signal')
    ]
    source: Annotated[
        Literal['user', 'agent', 'tool', 'document', 'human_review'] | None,
        Field(title='SourceKind'),
    ] = 'user'
    target_memory_id: Annotated[
        TargetMemoryId | None, Field(title='Target Memory Id')
    ] = None
    text: Annotated[str | None, Field(max_length=32000, title='Text')] = ''
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


class ForgetResponse(BaseModel):
    """
    What forgetting a user removed. Shared (project, org, global) cards written through the user's path
    are deleted with the user, never handed over: their text is the user's words (`shared_cards`).
    """

    model_config = ConfigDict(
        extra='allow',
    )
    events: Annotated[int, Field(title='Events')]
    """
    raw events (L1) removed
    """
    index_docs: Annotated[int, Field(title='Index Docs')]
    """
    user-scoped search documents removed
    """
    memories: Annotated[int, Field(title='Memories')]
    """
    the user's own cards removed, with every version
    """
    remaining: Annotated[int, Field(title='Remaining')]
    """
    what reads of every store still find of the user: 0 when forgotten
    """
    shared_cards: Annotated[list[str], Field(title='Shared Cards')]
    """
    ids of the shared cards this user wrote, deleted with them (policy: delete, not hand over)
    """
    stores: Annotated[dict[str, StoreErasureOut], Field(title='Stores')]
    """
    per store: log, notes, index, vector_cache, queue, runs
    """


class HTTPValidationError(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    detail: Annotated[list[ValidationError] | None, Field(title='Detail')] = None


class NewMemoryIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    action: Annotated[Action | None, Field(title='Action')] = None
    condition: Annotated[Condition | None, Field(title='Condition')] = None
    confidence: Annotated[float | None, Field(ge=0.0, le=1.0, title='Confidence')] = 0.8
    derived_from: Annotated[
        list[DerivedFromItem] | None, Field(max_length=50, title='Derived From')
    ] = None
    """
    memories this one was derived from
    """
    evidence_refs: Annotated[
        list[EvidenceRef] | None, Field(max_length=50, title='Evidence Refs')
    ] = None
    key: Annotated[Key | None, Field(title='Key')] = None
    memory_id: Annotated[MemoryId | None, Field(title='Memory Id')] = None
    """
    optional, for safe retries: the memory is stored as `<memory_id>@<user_id>`, in the user's own namespace (users never collide), and is read by either id; no '@' of your own
    """
    observed_at: Annotated[AwareDatetime | None, Field(title='Observed At')] = None
    outcome: Annotated[Outcome | None, Field(title='Outcome')] = None
    scope: Annotated[
        Literal['user', 'project', 'org', 'global'] | None, Field(title='ScopeKind')
    ] = 'user'
    source: Annotated[
        Literal['user', 'agent', 'tool', 'document', 'human_review'] | None,
        Field(title='SourceKind'),
    ] = 'user'
    stability: Annotated[
        Literal['volatile', 'normal', 'high'] | None, Field(title='Stability')
    ] = 'normal'
    statement: Annotated[str, Field(max_length=2000, min_length=1, title='Statement')]
    type: Annotated[
        Literal['fact', 'preference', 'constraint', 'skill', 'procedure', 'correction', 'plan', 'episode'],
        Field(title='MemoryType'),
    ]
    valid_until: Annotated[AwareDatetime | None, Field(title='Valid Until')] = None


class NoteIn(BaseModel):
    """
    An explicit note the agent (or user) asks to remember: becomes an L2 hypothesis.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    key: Annotated[Key | None, Field(title='Key')] = None
    kind: Annotated[Literal['note'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    source: Annotated[
        Literal['user', 'agent', 'tool', 'document', 'human_review'] | None,
        Field(title='SourceKind'),
    ] = 'agent'
    text: Annotated[str, Field(max_length=2000, min_length=1, title='Text')]
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None
    type: Annotated[
        Literal['fact', 'preference', 'constraint', 'skill', 'procedure', 'correction', 'plan', 'episode'] | None,
        Field(title='MemoryType'),
    ] = 'fact'


class OverviewResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    cards_by_status: Annotated[dict[str, int], Field(title='Cards By Status')]
    injections: Annotated[int, Field(title='Injections')]
    """
    times the users' cards were injected into a context (hit counts)
    """
    last_dream: DreamRun | None
    open_reviews: Annotated[int, Field(title='Open Reviews')]
    pending_sessions: Annotated[int, Field(title='Pending Sessions')]
    pending_tokens: Annotated[int, Field(title='Pending Tokens')]
    runs_by_status: Annotated[dict[str, int], Field(title='Runs By Status')]
    """
    of the last 200 runs
    """
    tenant_id: Annotated[str, Field(title='Tenant Id')]
    users: Annotated[list[UserGlanceOut], Field(title='Users')]


class ResponseValidationError(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    detail: Annotated[list[ValidationError] | None, Field(title='Detail')] = None


class RunPage(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    """
    items on this page
    """
    next_cursor: Annotated[str | None, Field(title='Next Cursor')]
    """
    pass as `cursor` for the next page; null on the last page
    """
    runs: Annotated[list[DreamRun], Field(title='Runs')]
    """
    dream runs, newest first
    """
    total: Annotated[int, Field(title='Total')]
    """
    items in this listing across every page
    """


class RunReport(BaseModel):
    """
    A dream run and every change it made.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    changes: Annotated[list[Change], Field(title='Changes')]
    run: DreamRun


class ScoredMemory(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    confidence: Annotated[float, Field(title='Confidence')]
    evidence: Annotated[list[EvidenceRef], Field(title='Evidence')]
    """
    the L1 events (session and event ids) it rests on
    """
    key: Annotated[str | None, Field(title='Key')]
    """
    the memory's stable identity (one current card per key)
    """
    memory_id: Annotated[str, Field(title='Memory Id')]
    scope: Annotated[
        Literal['user', 'project', 'org', 'global'], Field(title='ScopeKind')
    ]
    score: Annotated[float, Field(title='Score')]
    """
    recall's rank score (higher is better; comparable within one answer)
    """
    statement: Annotated[str, Field(title='Statement')]
    status: Annotated[
        Literal['hypothesis', 'verified', 'conflicting', 'superseded', 'archived', 'rejected'],
        Field(title='Status'),
    ]
    type: Annotated[
        Literal['fact', 'preference', 'constraint', 'skill', 'procedure', 'correction', 'plan', 'episode'],
        Field(title='MemoryType'),
    ]


class SearchResponse(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    results: Annotated[list[ScoredMemory], Field(title='Results')]
    """
    best first, as the context would rank them
    """


class Source(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    kind: Annotated[
        Literal['user', 'agent', 'tool', 'document', 'human_review'],
        Field(title='SourceKind'),
    ]
    name: Annotated[Name | None, Field(title='Name')] = None
    """
    tool or document name
    """
    trust: Literal['high', 'medium', 'low', 'untrusted'] | None = None


class TagIn(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    event_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Event Id')
    ]
    kind: Annotated[Literal['tag'], Field(title='Kind')]
    """
    the event's type
    """
    metadata: Annotated[dict[str, Any] | None, Field(title='Metadata')] = None
    tags: Annotated[
        list[Literal['success', 'failure', 'risk', 'novelty', 'reuse']],
        Field(min_length=1, title='Tags'),
    ]
    target_event_id: Annotated[TargetEventId | None, Field(title='Target Event Id')] = (
        None
    )
    ts: Annotated[AwareDatetime | None, Field(title='Ts')] = None


class AppendEventsRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    events: Annotated[
        list[Annotated[MessageIn | ToolCallIn | ToolResultIn | FeedbackIn | NoteIn | TagIn | SessionEndIn, Field(discriminator='kind')]],
        Field(max_length=500, min_length=1, title='Events'),
    ]


class CreateMemoriesRequest(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    memories: Annotated[
        list[NewMemoryIn], Field(max_length=500, min_length=1, title='Memories')
    ]
    project_id: Annotated[ProjectId | None, Field(title='Project Id')] = None


class MemoryCard(BaseModel):
    """
    One idea, traceable to evidence, versioned, with an expiry or a review cycle.

    Cards are immutable values: a revision is a new version (`model_copy(update=...)` then
    `NoteStore.update`), never an in-place change.

    Its text and key (`MASKED_CARD_FIELDS`) never hold a secret: validation masks them
    (`reverie.domain.guards`).
    A `model_copy` skips validation; every `NoteStore` validates a card again before storing it.
    """

    model_config = ConfigDict(
        extra='allow',
    )
    action: Annotated[Action | None, Field(title='Action')] = None
    condition: Annotated[Condition | None, Field(title='Condition')] = None
    confidence: Annotated[float | None, Field(ge=0.0, le=1.0, title='Confidence')] = 0.5
    created_at: Annotated[AwareDatetime | None, Field(title='Created At')] = None
    derived_from: Annotated[
        list[DerivedFromItem] | None, Field(title='Derived From')
    ] = None
    dream_run_id: Annotated[DreamRunId | None, Field(title='Dream Run Id')] = None
    evidence_refs: Annotated[list[EvidenceRef] | None, Field(title='Evidence Refs')] = (
        None
    )
    hit_count: Annotated[int | None, Field(ge=0, title='Hit Count')] = 0
    key: Annotated[Key | None, Field(title='Key')] = None
    last_hit_at: Annotated[AwareDatetime | None, Field(title='Last Hit At')] = None
    last_verified_at: Annotated[
        AwareDatetime | None, Field(title='Last Verified At')
    ] = None
    layer: Annotated[Literal['L2', 'L3'] | None, Field(title='Layer')] = 'L2'
    memory_id: Annotated[
        str | None,
        Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Memory Id'),
    ] = None
    observed_at: Annotated[AwareDatetime | None, Field(title='Observed At')] = None
    """
    when what the card says happened (the evidence's time)
    """
    outcome: Annotated[Outcome | None, Field(title='Outcome')] = None
    project_id: Annotated[ProjectId | None, Field(title='Project Id')] = None
    review_status: Annotated[
        Literal['auto', 'human_approved', 'edited'] | None, Field(title='ReviewStatus')
    ] = 'auto'
    scope: Annotated[
        Literal['user', 'project', 'org', 'global'] | None, Field(title='ScopeKind')
    ] = 'user'
    source: Source | None = None
    stability: Annotated[
        Literal['volatile', 'normal', 'high'] | None, Field(title='Stability')
    ] = 'normal'
    statement: Annotated[str, Field(max_length=2000, min_length=1, title='Statement')]
    status: Annotated[
        Literal['hypothesis', 'verified', 'conflicting', 'superseded', 'archived', 'rejected'] | None,
        Field(title='Status'),
    ] = 'hypothesis'
    superseded_by: Annotated[SupersededBy | None, Field(title='Superseded By')] = None
    supersedes: Annotated[Supersedes | None, Field(title='Supersedes')] = None
    tenant_id: Annotated[
        str, Field(pattern='^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$', title='Tenant Id')
    ]
    ttl_days: Annotated[TtlDays | None, Field(title='Ttl Days')] = None
    type: Annotated[
        Literal['fact', 'preference', 'constraint', 'skill', 'procedure', 'correction', 'plan', 'episode'],
        Field(title='MemoryType'),
    ]
    updated_at: Annotated[AwareDatetime | None, Field(title='Updated At')] = None
    user_id: Annotated[UserId | None, Field(title='User Id')] = None
    valid_from: Annotated[AwareDatetime | None, Field(title='Valid From')] = None
    """
    a change said ahead ("from 1 March I'm based at BRS"): when the card starts to hold; the card it replaces holds until then (its valid_until)
    """
    valid_until: Annotated[AwareDatetime | None, Field(title='Valid Until')] = None
    version: Annotated[int | None, Field(ge=1, title='Version')] = 1


class MemoryList(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    memories: Annotated[list[MemoryCard], Field(title='Memories')]


class MemoryPage(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    """
    items on this page
    """
    memories: Annotated[list[MemoryCard], Field(title='Memories')]
    next_cursor: Annotated[str | None, Field(title='Next Cursor')]
    """
    pass as `cursor` for the next page; null on the last page
    """
    total: Annotated[int, Field(title='Total')]
    """
    items in this listing across every page
    """


class VersionPage(BaseModel):
    model_config = ConfigDict(
        extra='allow',
    )
    count: Annotated[int, Field(title='Count')]
    """
    items on this page
    """
    next_cursor: Annotated[str | None, Field(title='Next Cursor')]
    """
    pass as `cursor` for the next page; null on the last page
    """
    total: Annotated[int, Field(title='Total')]
    """
    items in this listing across every page
    """
    versions: Annotated[list[MemoryCard], Field(title='Versions')]
    """
    every version of the memory, oldest first
    """
