"""The REST API function: the same routes as the local server, behind API Gateway (REST, proxy).

The routes, their models and services are imported with the app, and the settings model when the
settings are read, at the first invocation, not at import:
`bench/reverie_bench/cold_start.py` measures both, and `tests/handlers/test_cold_start.py` keeps the
import light.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.logging import correlation_paths

from reverie.handlers.emf import record_context
from reverie.handlers.runtime import Runtime, entry, observability

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler import APIGatewayRestResolver

    from reverie.api.dream_routes import DreamStarted, StartDream
    from reverie.bootstrap.aws_settings import ApiSettings
    from reverie.domain.dream import Budget

logger, tracer, metrics = observability("api", patch=("botocore", "requests"))
runtime: Runtime[ApiSettings] = Runtime("ApiSettings", metrics)  # imported with the settings


def _start_dream(settings: ApiSettings) -> StartDream | None:
    if settings.state_machine_arn is None:
        return None

    from reverie.api.dream_routes import DreamStarted
    from reverie.domain.dream import RunStatus

    def start(user_id: str, budget: Budget) -> DreamStarted:
        window = f"manual-{datetime.now(UTC):%Y%m%dT%H%M}"  # one run per user per minute, however often asked
        arn = runtime.starter().start(settings.tenant_id, user_id, window, "manual", budget.model_dump())
        # the state machine's first state names the run; until then it is found among the user's runs
        return DreamStarted(
            user_id=user_id,
            run_id=None,
            status=RunStatus.RUNNING,
            poll=f"/users/{user_id}/dreams",
            execution_arn=arn,
            already_started=arn is None,
        )

    return start


def _app(settings: ApiSettings) -> APIGatewayRestResolver:
    from reverie.api.routes import create_app

    # backends are built on the first request that needs them
    limits = settings.request_limits()  # REVERIE_API_MAX_*, as on the local service
    return create_app(
        runtime.backends, settings.tenant_id, _start_dream(settings), limits, settings.console_origin
    )


@entry(logger, tracer, metrics, correlation_id_path=correlation_paths.API_GATEWAY_REST)
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    response = runtime.once("app", _app).resolve(event, context)
    record_context(metrics, event, response)
    return response
