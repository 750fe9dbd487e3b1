"""Errors as exceptions: every refusal of the API carries its error body and the request's id.

The API answers every error in one shape, `{error, message, request_id, detail}`; `ApiError` keeps all of
it, and a subclass per status lets callers catch what they can act on (`NotFound`, `Conflict`, ...).
"""

from __future__ import annotations

from typing import Any

import httpx

REQUEST_ID_HEADERS = ("x-request-id", "x-amzn-requestid", "apigw-requestid")


class ReverieError(Exception):
    """Anything the client raises."""


class TransportError(ReverieError):
    """The request did not get an answer (connection refused or reset, a timeout), after the retries."""


class UnexpectedAnswer(ReverieError):
    """The service answered a success this client cannot read (not JSON, or not the documented model):
    usually a proxy's page, or a service older than the client."""

    def __init__(self, message: str, status: int, body: str) -> None:
        super().__init__(message)
        self.status = status
        self.body = body


class ApiError(ReverieError):
    """The API answered with an error status.

    `error` names the kind (ValidationError, NotFound, VersionConflict, ...), `message` says what to do,
    `detail` lists each field at fault, `request_id` is what to quote in a report, `body` is the answer
    as sent."""

    def __init__(self, status: int, body: Any, request_id: str | None, method: str, url: str) -> None:
        self.status = status
        self.body = body
        shape = body if isinstance(body, dict) else {}
        self.error = str(shape.get("error") or f"HTTP{status}")
        self.message = str(shape.get("message") or (body if isinstance(body, str) else "") or "no message")
        self.detail: list[dict[str, Any]] = list(shape.get("detail") or [])
        self.request_id = str(shape.get("request_id") or request_id or "") or None
        self.method = method
        self.url = url
        super().__init__(
            f"{method} {url}: {status} {self.error}: {self.message} (request id {self.request_id})"
        )


class BadRequest(ApiError):
    """400: the request is malformed or a rule of the domain refused it."""


class Unauthorized(ApiError):
    """401: no bearer token, or an unknown one."""


class Forbidden(ApiError):
    """403: the caller's role or scope does not reach this (or, on AWS, the signature was refused)."""


class NotFound(ApiError):
    """404: not found in the caller's scope."""


class Conflict(ApiError):
    """409: an id taken, a version changed, a dream already running."""


class PayloadTooLarge(ApiError):
    """413 or 414: the body or the path is over the service's limit."""


class ValidationFailed(ApiError):
    """422 (and 415): the request does not match the schema; `detail` names each field."""


class RateLimited(ApiError):
    """429: too many requests; raised once the retries are spent."""


class ServerError(ApiError):
    """5xx: the service failed; raised once the retries are spent."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    413: PayloadTooLarge,
    414: PayloadTooLarge,
    415: ValidationFailed,
    422: ValidationFailed,
    429: RateLimited,
}


def request_id_of(response: httpx.Response) -> str | None:
    """The request id a response names in its headers (the local service's or API Gateway's)."""
    return next((response.headers[h] for h in REQUEST_ID_HEADERS if h in response.headers), None)


def error_for(response: httpx.Response) -> ApiError:
    """The exception for an error answer."""
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    kind = _BY_STATUS.get(response.status_code) or (ServerError if response.status_code >= 500 else ApiError)
    request = response.request
    return kind(response.status_code, body, request_id_of(response), request.method, str(request.url))
