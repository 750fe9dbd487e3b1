"""Dream and review routes: trigger a run, list runs, read a run's report, roll it back, review queue.

A manual dream never holds its request: the route answers 202 with the run to poll (`DreamStarted`).
On AWS the state machine runs it; locally a background thread (`api/background_dreams.py`); where
neither is given (a Lambda function without a state machine) the run happens before the answer, which
has the same shape.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Annotated, Any, Literal

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Body, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from reverie.api.problems import documented
from reverie.domain.dream import Budget, RunStatus, Trigger
from reverie.domain.models import ID_PATTERN
from reverie.services import review
from reverie.services.backends import Backends
from reverie.services.dream.rollback import rollback_run
from reverie.services.dream.runner import dream

UserId = Annotated[str, Path(pattern=ID_PATTERN)]
RunId = Annotated[str, Path(pattern=ID_PATTERN)]


_DEFAULT = Budget()


class BudgetIn(BaseModel):
    """What a manual run may spend, bounded so a run ends and its lease can be written down."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    max_tokens: int = Field(default=_DEFAULT.max_tokens, ge=1, le=5_000_000)
    max_reasoner_calls: int = Field(default=_DEFAULT.max_reasoner_calls, ge=0, le=10_000)
    max_seconds: float = Field(default=_DEFAULT.max_seconds, gt=0, le=3_600, description="at most an hour")
    max_cards: int = Field(default=_DEFAULT.max_cards, ge=1, le=100_000)


class DreamRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    budget: BudgetIn = Field(default_factory=BudgetIn)


class DreamStarted(BaseModel):
    """A manual dream, started: where to follow it."""

    user_id: str
    run_id: str | None = Field(
        description="the run, to poll at `poll`; null on AWS, where the state machine's first state names "
        "the run: it then appears in GET /users/{user_id}/dreams"
    )
    status: RunStatus = Field(description="running, or the final status when it ran before the answer")
    poll: str = Field(description="the path that reports the run (GET)")
    execution_arn: str | None = Field(default=None, description="AWS: the Step Functions execution")
    already_started: bool = Field(default=False, description="AWS: this minute's run was already started")


class ReviewDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["approve", "reject", "edit"]
    keep: str | None = Field(default=None, pattern=ID_PATTERN, description="the card that stands (conflicts)")
    statement: str | None = Field(default=None, min_length=1, max_length=2_000, description="for edit")


StartDream = Callable[[str, Budget], DreamStarted]
"""Starts a dream off the request (on AWS a Step Functions execution, locally a thread) and says how to
follow it; raises `DreamBusy` when the user's run cannot start now."""


def add_dream_routes(
    app: APIGatewayRestResolver,
    get_backends: Callable[[], Backends],
    tenant_id: str,
    start_dream: StartDream | None = None,
) -> None:
    @app.post(
        "/users/<user_id>/dreams",
        responses=documented(202, 409, model=DreamStarted, description="started: poll the run"),
    )
    def start_dream_route(
        user_id: UserId, request: Annotated[DreamRequest | None, Body()] = None
    ) -> Response[Any]:
        budget = Budget(**(request or DreamRequest()).budget.model_dump())
        if start_dream is not None:  # a run outlives an API request
            started = start_dream(user_id, budget)
        else:
            run = dream(get_backends(), tenant_id, user_id, Trigger.MANUAL, budget)
            started = DreamStarted(
                user_id=user_id, run_id=run.run_id, status=run.status, poll=f"/dreams/{run.run_id}"
            )
        return Response(
            status_code=HTTPStatus.ACCEPTED.value,
            content_type=content_types.APPLICATION_JSON,
            body=started.model_dump(mode="json"),
        )

    @app.get("/users/<user_id>/dreams", responses=documented(200))
    def list_dreams(user_id: UserId, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict[str, Any]:
        runs, _ = get_backends().dream_ports()
        found = runs.list_runs(tenant_id, user_id, limit)
        return {"runs": [r.model_dump(mode="json") for r in found], "count": len(found)}

    @app.get("/dreams/<run_id>", responses=documented(200, 404))
    def dream_report(run_id: RunId) -> dict[str, Any]:
        runs, _ = get_backends().dream_ports()
        run = runs.get_run(tenant_id, run_id)
        changes = runs.changes(tenant_id, run_id)
        return {"run": run.model_dump(mode="json"), "changes": [c.model_dump(mode="json") for c in changes]}

    @app.post("/dreams/<run_id>/rollback", responses=documented(200, 404, 409))
    def rollback(run_id: RunId) -> dict[str, Any]:
        report = rollback_run(get_backends(), tenant_id, run_id)
        return {
            "run_id": report.run_id,
            "restored": report.restored,
            "rejected": report.rejected,
            "skipped": report.skipped,
        }

    @app.get("/reviews", responses=documented(200))
    def reviews(
        user_id: Annotated[str | None, Query(pattern=ID_PATTERN)] = None,
        status: Annotated[Literal["open", "approved", "rejected", "edited"] | None, Query()] = "open",
    ) -> dict[str, Any]:
        items = review.list_reviews(get_backends(), tenant_id, user_id, status)
        return {"items": [i.model_dump(mode="json") for i in items], "count": len(items)}

    @app.post("/reviews/<item_id>", responses=documented(200, 404, 409))
    def resolve_review(
        item_id: Annotated[str, Path(pattern=ID_PATTERN)], request: ReviewDecision
    ) -> dict[str, Any]:
        item = review.resolve(
            get_backends(), tenant_id, item_id, request.action, request.keep, request.statement
        )
        return item.model_dump(mode="json")
