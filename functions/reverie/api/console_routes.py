"""Routes the memory console needs beyond the memory API: export and import a user's memory (JSON Lines,
`services.portability`), read one session's events (a card's evidence shown in its conversation), preview
a context without recording hits, and the tenant at a glance (`services.overview`). Export, import, the
preview and the overview are the admin role's."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from http import HTTPStatus
from typing import Annotated, Any, cast

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, ConfigDict, Field

from reverie.api import schemas as s
from reverie.api.caller import current_caller
from reverie.api.problems import documented
from reverie.domain.access import require_admin
from reverie.domain.dream import DreamRun
from reverie.domain.errors import NotFound
from reverie.domain.models import ID_PATTERN, Scope
from reverie.services import overview, portability, recall
from reverie.services.backends import Backends

UserId = Annotated[str, Path(pattern=ID_PATTERN, description="the end user whose memory this is")]
SessionId = Annotated[str, Path(pattern=ID_PATTERN)]
JSON_LINES = "application/x-ndjson"


class ImportRequest(BaseModel):
    """Records of an export (`GET /users/{user_id}/export`), one JSON object per line there, in file order.
    A large file is sent in several requests, in order: the import is idempotent."""

    model_config = ConfigDict(extra="forbid")
    records: list[dict[str, Any]] = Field(max_length=5_000)


class ImportResponse(BaseModel):
    cards_created: int
    versions_added: int
    versions_unchanged: int
    events_stored: int
    events_duplicate: int
    conflicts: list[str] = Field(description="cards and sessions left alone, and why")


class SessionEvents(BaseModel):
    session_id: str
    events: list[dict[str, Any]] = Field(description="the session's L1 events in append order")
    count: int


class UserGlanceOut(BaseModel):
    user_id: str
    memories: int
    sessions: int
    last_update: datetime | None
    pending_sessions: int = Field(description="sessions with material no standing dream consolidated")
    pending_tokens: int
    open_reviews: int


class OverviewResponse(BaseModel):
    tenant_id: str
    users: list[UserGlanceOut]
    cards_by_status: dict[str, int]
    injections: int = Field(description="times the users' cards were injected into a context (hit counts)")
    pending_sessions: int
    pending_tokens: int
    open_reviews: int
    last_dream: DreamRun | None
    runs_by_status: dict[str, int] = Field(description="of the last 200 runs")


def _exported() -> dict[int, OpenAPIResponse]:
    responses = documented(200)
    responses[200] = cast(
        OpenAPIResponse,
        {
            "description": "the user's memory as JSON Lines: a header, every card version, then events if asked",
            "content": {JSON_LINES: {"schema": {"type": "string"}}},
        },
    )
    return responses


def add_console_routes(
    app: APIGatewayRestResolver, get_backends: Callable[[], Backends], tenant_id: str
) -> None:
    """Register the console's routes on `app` (see the module's docstring)."""

    @app.get("/users/<user_id>/export", responses=_exported())
    def export_memory(
        user_id: UserId,
        events: Annotated[bool, Query(description="also the user's raw events (L1)")] = False,
    ) -> Response[Any]:
        """The user's memory as JSON Lines (`services.portability`), to keep or to import elsewhere."""
        lines = portability.export_user(
            get_backends(), tenant_id, user_id, events=events, role=current_caller(app).role
        )
        return Response(
            status_code=HTTPStatus.OK.value,
            content_type=JSON_LINES,
            body="".join(line + "\n" for line in lines),
            headers={"Content-Disposition": f'attachment; filename="reverie-{user_id}.jsonl"'},
        )

    @app.post("/users/<user_id>/import", responses=documented(200))
    def import_memory(user_id: UserId, request: ImportRequest) -> ImportResponse:
        """Import an export's records into the user's path: the same ids and versions; idempotent."""
        done = portability.import_user(
            get_backends(), tenant_id, user_id, request.records, role=current_caller(app).role
        )
        return ImportResponse(**vars(done))

    @app.get("/users/<user_id>/sessions/<session_id>/events", responses=documented(200, 404))
    def session_events(user_id: UserId, session_id: SessionId) -> SessionEvents:
        """A session's events as recorded (masked on the way in): a card's evidence in its conversation."""
        found = get_backends().log.read_session(tenant_id, user_id, session_id)
        if not found:
            raise NotFound(f"session {session_id} of user {user_id} not found")
        return SessionEvents(
            session_id=session_id, events=[e.model_dump(mode="json") for e in found], count=len(found)
        )

    @app.post("/users/<user_id>/context/preview", responses=documented(200))
    def preview_context(user_id: UserId, request: s.ContextRequest) -> s.ContextResponse:
        """The context an agent would get for the query, without counting it as a use of the cards (no
        hits recorded, so looking never keeps a card from decaying): the console's preview (admin)."""
        require_admin(current_caller(app).role, "previewing a context")
        scope = Scope(tenant_id=tenant_id, user_id=user_id, project_id=request.project_id)
        ctx = recall.build_context(
            get_backends(), request.query, scope, request.budget_tokens, record_hits=False
        )
        return s.ContextResponse.of(ctx)

    @app.get("/overview", responses=documented(200))
    def tenant_overview() -> OverviewResponse:
        """Every user with counts, pending material and open reviews, and the tenant's health (admin)."""
        glance = overview.tenant_glance(get_backends(), tenant_id, current_caller(app).role)
        return OverviewResponse(
            tenant_id=glance.tenant_id,
            users=[UserGlanceOut(**vars(u)) for u in glance.users],
            cards_by_status=glance.cards_by_status,
            injections=glance.injections,
            pending_sessions=glance.pending_sessions,
            pending_tokens=glance.pending_tokens,
            open_reviews=glance.open_reviews,
            last_dream=glance.last_dream,
            runs_by_status=glance.runs_by_status,
        )
