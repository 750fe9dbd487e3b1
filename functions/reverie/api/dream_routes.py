"""Dream and review routes: trigger a run, list runs, read a run's report, roll it back, review queue."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Annotated, Any, Literal

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Body, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Budget, Trigger
from reverie.domain.models import ID_PATTERN
from reverie.services import review
from reverie.services.backends import Backends
from reverie.services.dream.rollback import rollback_run
from reverie.services.dream.runner import dream

UserId = Annotated[str, Path(pattern=ID_PATTERN)]
RunId = Annotated[str, Path(pattern=ID_PATTERN)]


class DreamRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    budget: Budget = Field(default_factory=Budget)


class ReviewDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["approve", "reject", "edit"]
    keep: str | None = Field(default=None, pattern=ID_PATTERN, description="the card that stands (conflicts)")
    statement: str | None = Field(default=None, min_length=1, max_length=2_000, description="for edit")


StartDream = Callable[[str, Budget], dict[str, Any]]
"""Starts a dream elsewhere (on AWS: a Step Functions execution) and says how to follow it."""


def add_dream_routes(
    app: APIGatewayRestResolver,
    get_backends: Callable[[], Backends],
    tenant_id: str,
    start_dream: StartDream | None = None,
) -> None:
    @app.post("/users/<user_id>/dreams")
    def start_dream_route(
        user_id: UserId, request: Annotated[DreamRequest | None, Body()] = None
    ) -> Response[Any]:
        budget = (request or DreamRequest()).budget
        if start_dream is not None:  # a run outlives an API request: it runs in the state machine
            return Response(
                status_code=HTTPStatus.ACCEPTED.value,
                content_type=content_types.APPLICATION_JSON,
                body=start_dream(user_id, budget),
            )
        run = dream(get_backends(), tenant_id, user_id, Trigger.MANUAL, budget)
        return Response(
            status_code=HTTPStatus.CREATED.value,
            content_type=content_types.APPLICATION_JSON,
            body=run.model_dump(mode="json"),
        )

    @app.get("/users/<user_id>/dreams")
    def list_dreams(user_id: UserId, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict[str, Any]:
        runs, _ = get_backends().dream_ports()
        found = runs.list_runs(tenant_id, user_id, limit)
        return {"runs": [r.model_dump(mode="json") for r in found], "count": len(found)}

    @app.get("/dreams/<run_id>")
    def dream_report(run_id: RunId) -> dict[str, Any]:
        runs, _ = get_backends().dream_ports()
        run = runs.get_run(tenant_id, run_id)
        changes = runs.changes(tenant_id, run_id)
        return {"run": run.model_dump(mode="json"), "changes": [c.model_dump(mode="json") for c in changes]}

    @app.post("/dreams/<run_id>/rollback")
    def rollback(run_id: RunId) -> dict[str, Any]:
        report = rollback_run(get_backends(), tenant_id, run_id)
        return {
            "run_id": report.run_id,
            "restored": report.restored,
            "rejected": report.rejected,
            "skipped": report.skipped,
        }

    @app.get("/reviews")
    def reviews(
        user_id: Annotated[str | None, Query(pattern=ID_PATTERN)] = None,
        status: Annotated[Literal["open", "approved", "rejected", "edited"] | None, Query()] = "open",
    ) -> dict[str, Any]:
        items = review.list_reviews(get_backends(), tenant_id, user_id, status)
        return {"items": [i.model_dump(mode="json") for i in items], "count": len(items)}

    @app.post("/reviews/<item_id>")
    def resolve_review(
        item_id: Annotated[str, Path(pattern=ID_PATTERN)], request: ReviewDecision
    ) -> dict[str, Any]:
        item = review.resolve(
            get_backends(), tenant_id, item_id, request.action, request.keep, request.statement
        )
        return item.model_dump(mode="json")
