"""Dream and review routes: trigger a run, list runs, read a run's report, roll it back, review queue.

Runs and review items are read, rolled back and resolved under their user's path (`/users/{user}/...`):
another user's answers 404, as an unknown id (`services.ownership`). The tenant-wide routes (`/dreams/{run}`,
`/reviews`) reach every user: they are the admin role's.

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

from reverie.api.caller import current_caller
from reverie.api.pages import Cursor, ReviewPage, RollbackDone, RunPage, RunReport, fingerprint, page_request
from reverie.api.problems import documented
from reverie.api.schemas import JsonInt
from reverie.domain.access import Role, require_admin
from reverie.domain.dream import Budget, ReviewItem, RunStatus, Trigger
from reverie.domain.models import ID_PATTERN
from reverie.services import review
from reverie.services.backends import Backends
from reverie.services.dream.rollback import rollback_run
from reverie.services.dream.runner import NothingToDream, dream, has_material
from reverie.services.ownership import run_of

UserId = Annotated[str, Path(pattern=ID_PATTERN)]
RunId = Annotated[str, Path(pattern=ID_PATTERN)]
ItemId = Annotated[str, Path(pattern=ID_PATTERN)]
ReviewState = Literal["open", "approved", "rejected", "edited"]


_DEFAULT = Budget()
MAX_RUNS = 10_000  # the runs a user's listing reaches back to (one a dream: years of nightly runs)


class BudgetIn(BaseModel):
    """What a manual run may spend, bounded so a run ends and its lease can be written down."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    max_tokens: JsonInt = Field(default=_DEFAULT.max_tokens, ge=1, le=5_000_000)
    max_reasoner_calls: JsonInt = Field(default=_DEFAULT.max_reasoner_calls, ge=0, le=10_000)
    max_seconds: float = Field(
        default=_DEFAULT.max_seconds, gt=0, le=3_600, strict=True, description="at most an hour"
    )
    max_cards: JsonInt = Field(default=_DEFAULT.max_cards, ge=1, le=100_000)


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
            if not has_material(get_backends(), tenant_id, user_id):  # as the run itself would say: 409
                raise NothingToDream(f"nothing to dream for {user_id}: no events or memories are recorded")
            started = start_dream(user_id, budget)
        else:
            run = dream(get_backends(), tenant_id, user_id, Trigger.MANUAL, budget)
            started = DreamStarted(
                user_id=user_id, run_id=run.run_id, status=run.status, poll=run_path(user_id, run.run_id)
            )
        return Response(
            status_code=HTTPStatus.ACCEPTED.value,
            content_type=content_types.APPLICATION_JSON,
            body=started.model_dump(mode="json"),
        )

    @app.get("/users/<user_id>/dreams", responses=documented(200))
    def list_dreams(
        user_id: UserId, limit: Annotated[int, Query(ge=1, le=500)] = 50, cursor: Cursor = None
    ) -> RunPage:
        """The user's dream runs, newest first, a page at a time."""
        page = page_request(cursor, limit, fingerprint("runs", user=user_id))
        runs, _ = get_backends().dream_ports()
        found = runs.list_runs(tenant_id, user_id, MAX_RUNS)
        shown = page.cut(found)
        return RunPage(runs=shown, **page.fields(len(shown), len(found)))

    def role() -> Role:
        return current_caller(app).role

    def report(run_id: str, user_id: str | None) -> RunReport:
        b = get_backends()
        run = run_of(b, tenant_id, run_id, user_id, role())
        return RunReport(run=run, changes=b.dream_ports()[0].changes(tenant_id, run_id))

    def roll_back(run_id: str, user_id: str | None) -> RollbackDone:
        b = get_backends()
        run_of(b, tenant_id, run_id, user_id, role())
        done = rollback_run(b, tenant_id, run_id)
        return RollbackDone(
            run_id=done.run_id, restored=done.restored, rejected=done.rejected, skipped=done.skipped
        )

    def decide(item_id: str, decision: ReviewDecision, user_id: str | None) -> ReviewItem:
        b = get_backends()
        action, keep, statement = decision.action, decision.keep, decision.statement
        return review.resolve(b, tenant_id, item_id, action, keep, statement, user_id=user_id, role=role())

    def reviews_page(user_id: str | None, status: str | None, limit: int, cursor: str | None) -> ReviewPage:
        page = page_request(cursor, limit, fingerprint("reviews", user=user_id, status=status))
        items = review.list_reviews(get_backends(), tenant_id, user_id, status, role())
        shown = page.cut(items)
        return ReviewPage(items=shown, **page.fields(len(shown), len(items)))

    @app.get("/users/<user_id>/dreams/<run_id>", responses=documented(200, 404))
    def user_dream_report(user_id: UserId, run_id: RunId) -> RunReport:
        """A run of the user's and the changes it made (another user's run: 404)."""
        return report(run_id, user_id)

    @app.post("/users/<user_id>/dreams/<run_id>/rollback", responses=documented(200, 404, 409))
    def user_rollback(user_id: UserId, run_id: RunId) -> RollbackDone:
        """Roll back a run of the user's as a unit (another user's run: 404)."""
        return roll_back(run_id, user_id)

    @app.get("/users/<user_id>/reviews", responses=documented(200))
    def user_reviews(
        user_id: UserId,
        status: Annotated[ReviewState | None, Query()] = "open",
        limit: Annotated[int, Query(ge=1, le=1_000)] = 1_000,
        cursor: Cursor = None,
    ) -> ReviewPage:
        """The user's review items (`status`: open by default), a page at a time."""
        return reviews_page(user_id, status, limit, cursor)

    @app.post("/users/<user_id>/reviews/<item_id>", responses=documented(200, 404, 409))
    def user_resolve_review(user_id: UserId, item_id: ItemId, request: ReviewDecision) -> ReviewItem:
        """Approve, reject or edit a review item of the user's (another user's item: 404)."""
        return decide(item_id, request, user_id)

    @app.get("/dreams/<run_id>", responses=documented(200, 404))
    def dream_report(run_id: RunId) -> RunReport:
        """Any user's run (the admin role)."""
        return report(run_id, None)

    @app.post("/dreams/<run_id>/rollback", responses=documented(200, 404, 409))
    def rollback(run_id: RunId) -> RollbackDone:
        """Roll back any user's run (the admin role)."""
        return roll_back(run_id, None)

    @app.get("/reviews", responses=documented(200))
    def reviews(
        user_id: Annotated[str | None, Query(pattern=ID_PATTERN)] = None,
        status: Annotated[ReviewState | None, Query()] = "open",
        limit: Annotated[int, Query(ge=1, le=1_000)] = 1_000,
        cursor: Cursor = None,
    ) -> ReviewPage:
        """Every user's review items, or one user's (the admin role), a page at a time."""
        require_admin(role(), "the review queue of every user")
        return reviews_page(user_id, status, limit, cursor)

    @app.post("/reviews/<item_id>", responses=documented(200, 404, 409))
    def resolve_review(item_id: ItemId, request: ReviewDecision) -> ReviewItem:
        """Resolve any user's review item (the admin role)."""
        return decide(item_id, request, None)


def run_path(user_id: str, run_id: str) -> str:
    """Where a user's run is reported (the path a started dream names to poll)."""
    return f"/users/{user_id}/dreams/{run_id}"
