"""The HTTP API, one Powertools resolver shared by the Lambda function and the local server.

Every route works inside one scope: the deployment's tenant and the user named in the path (and the
project, where given). Errors answer in one shape, mapped in one place (`problems`), and every route
documents the statuses it answers (`documented`), so the OpenAPI document is the real contract.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Body, Path, Query

from reverie.api import schemas as s
from reverie.api.caller import current_caller
from reverie.api.console_routes import add_console_routes
from reverie.api.docs import add_docs
from reverie.api.dream_routes import StartDream, add_dream_routes
from reverie.api.limits import RequestLimits
from reverie.api.pages import MAX_OFFSET, Cursor, MemoryPage, VersionPage, fingerprint, page_request
from reverie.api.problems import documented
from reverie.api.resolver import ReverieResolver
from reverie.api.search_routes import add_search_routes
from reverie.domain.access import Role
from reverie.domain.models import ID_PATTERN, Layer, MemoryCard, MemoryType, Scope, Status
from reverie.services import admin, capture, recall
from reverie.services import listing as listing_service
from reverie.services.backends import Backends

UserId = Annotated[str, Path(pattern=ID_PATTERN, description="the end user whose memory this is")]
SessionId = Annotated[str, Path(pattern=ID_PATTERN)]
MemoryId = Annotated[str, Path(pattern=ID_PATTERN)]
ProjectId = Annotated[str | None, Query(pattern=ID_PATTERN)]


def _json(status: HTTPStatus, body: dict[str, Any]) -> Response[Any]:
    return Response(status_code=status.value, content_type=content_types.APPLICATION_JSON, body=body)


def _cards(cards: list[MemoryCard]) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in cards]


def create_app(
    get_backends: Callable[[], Backends],
    tenant_id: str,
    start_dream: StartDream | None = None,
    limits: RequestLimits | None = None,
    console_origin: str | None = None,
) -> APIGatewayRestResolver:
    """Build the resolver. `get_backends` is called per request (cheap: it returns the ones built at start).
    `start_dream` starts manual dream runs off the request (on AWS, the state machine; locally, a
    background thread); without it a run happens inside the request, answered the same way.
    `limits` bound what one request may carry (`RequestLimits` by default); `console_origin` is where the
    console is served from on AWS (its operators' answers name it for CORS)."""
    app = ReverieResolver(limits, console_origin)

    def scope(user_id: str, project_id: str | None = None) -> Scope:
        return Scope(tenant_id=tenant_id, user_id=user_id, project_id=project_id)

    def role() -> Role:
        """The caller's role (`api.caller`): the services check it (shared memory, human reviews)."""
        return current_caller(app).role

    @app.get("/health", responses=documented(200), security=[{}])
    def health() -> s.Health:
        return s.Health(status="ok", tenant_id=tenant_id)

    @app.post("/users/<user_id>/sessions/<session_id>/events", responses=documented(200, 409))
    def append_events(
        user_id: UserId, session_id: SessionId, request: s.AppendEventsRequest
    ) -> s.CaptureResponse:
        events = [s.to_event(e, tenant_id, user_id, session_id) for e in request.events]
        result = capture.append_events(
            get_backends(), scope(user_id), events, s.untimed(request.events), role=role()
        )
        return s.CaptureResponse(
            stored=result.stored, duplicates=result.duplicates, notes=result.notes, masked=result.masked
        )

    @app.post(
        "/users/<user_id>/sessions/<session_id>/end",
        responses=documented(202, 404, model=s.SessionEnded, description="recorded and queued for dreaming"),
    )
    def end_session(
        user_id: UserId, session_id: SessionId, request: Annotated[s.EndSessionRequest | None, Body()] = None
    ) -> Response[Any]:
        outcome = (request or s.EndSessionRequest()).outcome
        result = capture.end_session(get_backends(), scope(user_id), session_id, outcome)
        return _json(HTTPStatus.ACCEPTED, {"stored": result.stored, "duplicates": result.duplicates})

    @app.post("/users/<user_id>/context", responses=documented(200))
    def get_context(user_id: UserId, request: s.ContextRequest) -> s.ContextResponse:
        ctx = recall.build_context(
            get_backends(), request.query, scope(user_id, request.project_id), request.budget_tokens
        )
        return s.ContextResponse.of(ctx)

    @app.post(
        "/users/<user_id>/memories",
        responses=documented(201, 404, 409, model=s.MemoryList, description="created"),
    )
    def create_memories(user_id: UserId, request: s.CreateMemoriesRequest) -> Response[Any]:
        items = [admin.NewMemory(**m.model_dump()) for m in request.memories]
        cards = admin.create_memories(get_backends(), scope(user_id, request.project_id), items, role=role())
        return _json(HTTPStatus.CREATED, {"memories": _cards(cards), "count": len(cards)})

    @app.get("/users/<user_id>/memories", responses=documented(200))
    def list_memories(
        user_id: UserId,
        project_id: ProjectId = None,
        layer: Annotated[Layer | None, Query()] = None,
        type: Annotated[MemoryType | None, Query()] = None,
        status: Annotated[Status | None, Query()] = None,
        key: Annotated[str | None, Query(max_length=200)] = None,
        limit: Annotated[int, Query(ge=1, le=1_000)] = 100,
        cursor: Cursor = None,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="prefer cursor")] = 0,
    ) -> MemoryPage:
        """The memories the user's scope sees, newest change first, a page at a time."""
        listing = fingerprint("memories", user=user_id, project=project_id, layer=layer, type=type,
                              status=status, key=key)  # fmt: skip
        page = page_request(cursor, limit, listing, offset)
        cards, total = listing_service.memory_page(
            get_backends(),
            scope(user_id, project_id),
            layers=[layer] if layer else [],
            types=[type] if type else [],
            statuses=[status] if status else [],
            key=key,
            limit=page.limit,
            offset=page.offset,
        )
        return MemoryPage(memories=cards, **page.fields(len(cards), total))

    @app.get("/users/<user_id>/memories/<memory_id>", responses=documented(200, 404))
    def get_memory(user_id: UserId, memory_id: MemoryId, project_id: ProjectId = None) -> MemoryCard:
        return admin.get_memory(get_backends(), scope(user_id, project_id), memory_id)

    @app.get("/users/<user_id>/memories/<memory_id>/history", responses=documented(200, 404))
    def memory_history(
        user_id: UserId,
        memory_id: MemoryId,
        project_id: ProjectId = None,
        limit: Annotated[int, Query(ge=1, le=1_000)] = 1_000,
        cursor: Cursor = None,
    ) -> VersionPage:
        """Every version of the memory, oldest first, a page at a time."""
        page = page_request(cursor, limit, fingerprint("history", user=user_id, memory=memory_id))
        versions = admin.history(get_backends(), scope(user_id, project_id), memory_id)
        shown = page.cut(versions)
        return VersionPage(versions=shown, **page.fields(len(shown), len(versions)))

    @app.patch("/users/<user_id>/memories/<memory_id>", responses=documented(200, 404, 409))
    def edit_memory(
        user_id: UserId, memory_id: MemoryId, request: s.EditMemoryRequest, project_id: ProjectId = None
    ) -> MemoryCard:
        return admin.edit_memory(
            get_backends(),
            scope(user_id, project_id),
            memory_id,
            request.expected_version,
            request.changes(),
            role=role(),
        )

    @app.delete(
        "/users/<user_id>/memories/<memory_id>", responses=documented(204, 404, description="forgotten")
    )
    def delete_memory(user_id: UserId, memory_id: MemoryId, project_id: ProjectId = None) -> Response[Any]:
        """Forget one memory: every version and its search document, compacted off disk. Its evidence
        stays in the raw log (the user's record, removed when the user is forgotten)."""
        admin.delete_memory(get_backends(), scope(user_id, project_id), memory_id, role=role())
        return Response(status_code=HTTPStatus.NO_CONTENT.value)

    @app.post("/users/<user_id>/memories/<memory_id>/feedback", responses=documented(200, 404))
    def memory_feedback(
        user_id: UserId, memory_id: MemoryId, request: s.FeedbackRequest, project_id: ProjectId = None
    ) -> MemoryCard:
        return admin.feedback(
            get_backends(), scope(user_id, project_id), memory_id, request.signal, request.text, role=role()
        )

    @app.get("/users", responses=documented(200))
    def list_users(
        limit: Annotated[int, Query(ge=1, le=1_000)] = 1_000, cursor: Cursor = None
    ) -> s.UsersResponse:
        """The tenant's users by id, a page at a time (the admin role)."""
        page = page_request(cursor, limit, fingerprint("users"))
        users = admin.list_users(get_backends(), tenant_id, role=role())
        shown = page.cut(users)
        return s.UsersResponse(
            users=[s.UserOut(user_id=u.user_id, memories=u.memories, sessions=u.sessions) for u in shown],
            **page.fields(len(shown), len(users)),
        )

    @app.delete("/users/<user_id>", responses=documented(200))
    def forget_user(user_id: UserId) -> s.ForgetResponse:
        """Forget a user: their raw events, cards (every version), the shared cards they wrote (deleted,
        not handed over), search documents, cached vectors, queued session ends and dream runs, each
        store compacted so the deleted bytes are gone from disk; the response reports every store."""
        done = admin.delete_user(get_backends(), tenant_id, user_id)
        return s.ForgetResponse(
            events=done.events,
            memories=done.memories,
            index_docs=done.index_docs,
            remaining=done.remaining,
            shared_cards=list(done.shared_cards),
            stores={name: s.StoreErasureOut(**vars(report)) for name, report in done.stores.items()},
        )

    add_dream_routes(app, get_backends, tenant_id, start_dream)
    add_search_routes(app, get_backends, tenant_id)
    add_console_routes(app, get_backends, tenant_id)  # export/import, session events, overview

    add_docs(app)  # /openapi.json and the Swagger UI at /docs

    return app
