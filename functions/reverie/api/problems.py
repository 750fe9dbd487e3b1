"""The one error shape of the API (`schemas.ErrorResponse`) and the one table from errors to statuses.

Every refusal answers `{error, message, request_id, detail}`, whoever made it: the local HTTP server (a
malformed request), the request limits, validation, a missing route, a domain rule or a bug (500, logged
with the request id). `documented` writes the same statuses into the OpenAPI document, so what the
document promises is what the API answers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, ValidationError

from reverie.api.schemas import ErrorResponse
from reverie.domain import errors
from reverie.services.dream.runner import DreamBusy, NothingToDream

log = logging.getLogger(__name__)
REQUEST_ID_HEADER = "X-Request-Id"

ERROR_STATUS: dict[type[Exception], HTTPStatus] = {
    errors.NotFound: HTTPStatus.NOT_FOUND,
    errors.VersionConflict: HTTPStatus.CONFLICT,
    errors.AlreadyExists: HTTPStatus.CONFLICT,
    errors.EventConflict: HTTPStatus.CONFLICT,
    errors.InvalidRequest: HTTPStatus.BAD_REQUEST,
    errors.Forbidden: HTTPStatus.FORBIDDEN,
    errors.StorageError: HTTPStatus.SERVICE_UNAVAILABLE,
    DreamBusy: HTTPStatus.CONFLICT,
    NothingToDream: HTTPStatus.CONFLICT,
}

# Statuses any operation can answer: a malformed request (400), no or a wrong token (401), a role or
# scope that does not reach (403), a path no route takes (404: an id with characters no route accepts),
# a body or path over the limits (413, 414), a body that is not JSON (415), invalid input (422), a backend
# that failed (503).
COMMON = (400, 401, 403, 404, 413, 414, 415, 422, 503)
_WHY = {
    400: "the request is malformed or not allowed",
    401: "no bearer token, or an unknown one (when the service requires one)",
    403: "the caller's role or scope does not reach this",
    404: "not found in the caller's scope, or no route takes this path",
    409: "a conflict: an id taken, a version changed, a run already going, nothing to dream",
    413: "the body is larger than the limit",
    414: "the path is longer than the limit",
    415: "the body is not sent as JSON (Content-Type: application/json)",
    422: "the request does not match the schema, or a field is over its limit",
    503: "a storage backend failed; nothing was written: retry",
}


def request_id_of(event: Mapping[str, Any]) -> str:
    """The request's id: API Gateway's (or the local server's) `requestContext.requestId`."""
    return str((event.get("requestContext") or {}).get("requestId") or "unknown")


def error_body(
    error: str, message: str, request_id: str, detail: Iterable[Mapping[str, str]] = ()
) -> dict[str, Any]:
    """The JSON of an error answer (`schemas.ErrorResponse`)."""
    shape = ErrorResponse.model_validate(
        {"error": error, "message": message, "request_id": request_id, "detail": list(detail)}
    )
    return shape.model_dump(mode="json", by_alias=True)


def problem(
    status: HTTPStatus, error: str, message: str, request_id: str, detail: Iterable[Mapping[str, str]] = ()
) -> Response[Any]:
    """An error answer as a Powertools response."""
    return Response(
        status_code=status.value,
        content_type=content_types.APPLICATION_JSON,
        body=error_body(error, message, request_id, detail),
        headers={REQUEST_ID_HEADER: request_id},
    )


def _validation_detail(exc: ValidationError | RequestValidationError) -> list[dict[str, str]]:
    if isinstance(exc, ValidationError):
        return [
            {"field": ".".join(str(p) for p in e["loc"]) or "(body)", "in": "body", "message": e["msg"]}
            for e in exc.errors(include_url=False)
        ]
    return [
        {
            "field": ".".join(str(p) for p in e["loc"][1:]) or str(e["loc"][0]),
            "in": str(e["loc"][0]),
            "message": str(e.get("msg", e.get("type", "invalid"))),
        }
        for e in exc.errors()
    ]


def install(app: APIGatewayRestResolver) -> None:
    """Answer every error of `app` in the one shape: domain errors by `ERROR_STATUS`, invalid input 422,
    an unknown route 404, anything unexpected 500 (logged with the request id, the message kept generic)."""

    def request_id() -> str:
        return request_id_of(app.current_event.raw_event)

    @app.exception_handler(errors.ReverieError)
    def _domain_error(exc: errors.ReverieError) -> Response[Any]:
        status = next((code for kind, code in ERROR_STATUS.items() if isinstance(exc, kind)), 400)
        return problem(HTTPStatus(status), type(exc).__name__, str(exc), request_id())

    @app.exception_handler([ValidationError, RequestValidationError])
    def _invalid(exc: ValidationError | RequestValidationError) -> Response[Any]:
        detail = _validation_detail(exc)
        fields = ", ".join(sorted({d["field"] for d in detail})) or "the request"
        message = f"invalid request: {fields} (see detail)"
        return problem(HTTPStatus.UNPROCESSABLE_ENTITY, "ValidationError", message, request_id(), detail)

    @app.not_found
    def _no_route(exc: NotFoundError) -> Response[Any]:
        event = app.current_event
        message = f"no route {event.http_method} {event.path}: the API's routes are listed at /openapi.json"
        return problem(HTTPStatus.NOT_FOUND, "NotFound", message, request_id())

    @app.exception_handler(Exception)
    def _bug(exc: Exception) -> Response[Any]:
        rid = request_id()
        log.exception("unexpected error answering request %s", rid)
        message = f"an unexpected error; it was logged with request id {rid}"
        return problem(HTTPStatus.INTERNAL_SERVER_ERROR, "InternalError", message, rid)


def documented(
    status: int, *failures: int, model: type[BaseModel] | None = None, description: str = "done"
) -> dict[int, OpenAPIResponse]:
    """The OpenAPI responses of one operation: its success status (with `model`'s schema, or the route's
    return annotation's when None; no body for 204), the errors named and the `COMMON` ones, each in the
    one error shape."""
    ok: dict[str, Any] = {"description": description}
    if model is not None:
        ok["content"] = {"application/json": {"model": model}}
    elif status == 204:
        ok["content"] = {}
    responses: dict[int, Any] = {status: ok}
    for code in sorted({*failures, *COMMON}):
        responses[code] = {
            "description": _WHY.get(code, HTTPStatus(code).phrase),
            "content": {"application/json": {"model": ErrorResponse}},
        }
    return responses
