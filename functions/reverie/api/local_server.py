"""The local service's WSGI application: each HTTP request becomes an API Gateway REST proxy event for the
same resolver that answers in Lambda, so the local service and the cloud API behave alike.

It only translates, and refuses what the resolver cannot be handed: a body that is not UTF-8 (400) and,
when the service requires a bearer token, a request without a known one (401, saying how to send it;
`/health` stays open for liveness probes, `/docs` and `/openapi.json` for reading the API's description). The caller the token names goes into `requestContext.authorizer`, where an API Gateway
authorizer would put it. The HTTP server itself is `api/http_server.py` (waitress) or `api/granian_server.py`.
"""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import parse_qs, quote

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.api.caller import BearerTokens, Caller
from reverie.api.docs import OPEN_PATHS
from reverie.api.http_server import LocalServer, ServerOptions, route_of
from reverie.api.problems import REQUEST_ID_HEADER, error_body

_CLIENT_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
StartResponse = Callable[[str, list[tuple[str, str]]], Any]
Answer = tuple[int, dict[str, str], bytes]


class LambdaContextStub:
    """The few attributes Powertools reads from a Lambda context, for requests served locally."""

    function_name = "reverie-local"
    function_version = "$LATEST"
    memory_limit_in_mb = 0
    invoked_function_arn = "arn:aws:lambda:local:000000000000:function:reverie-local"

    def __init__(self, request_id: str | None = None) -> None:
        self.aws_request_id = request_id or str(uuid.uuid4())

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


def to_apigw_event(
    method: str,
    path: str,
    query_string: str,
    headers: dict[str, str],
    body: str | None,
    request_id: str | None = None,
    caller: Caller | None = None,
    source_ip: str = "127.0.0.1",
) -> dict[str, Any]:
    """An API Gateway REST (v1) proxy event for one HTTP request; `path` is percent-decoded, as API
    Gateway hands it to Lambda, and `query_string` raw."""
    query = parse_qs(query_string, keep_blank_values=True)
    context: dict[str, Any] = {
        "resourcePath": path,
        "httpMethod": method,
        "path": path,
        "stage": "local",
        "requestId": request_id or str(uuid.uuid4()),
        "requestTimeEpoch": int(time.time() * 1000),
        "identity": {"sourceIp": source_ip},
    }
    if caller is not None:
        context["authorizer"] = {"principalId": caller.principal, "role": caller.role}
    return {
        "resource": path,
        "path": path,
        "httpMethod": method,
        "headers": headers,
        "multiValueHeaders": {k: [v] for k, v in headers.items()},
        "queryStringParameters": {k: v[-1] for k, v in query.items()} or None,
        "multiValueQueryStringParameters": query or None,
        "pathParameters": None,
        "stageVariables": None,
        "requestContext": context,
        "body": body or None,
        "isBase64Encoded": False,
    }


def _headers_of(environ: Mapping[str, Any]) -> dict[str, str]:
    headers = {
        key[5:].replace("_", "-").title(): str(value)
        for key, value in environ.items()
        if key.startswith("HTTP_") and key != "HTTP_AUTHORIZATION"  # the token goes no further
    }
    for key, name in (("CONTENT_TYPE", "Content-Type"), ("CONTENT_LENGTH", "Content-Length")):
        if environ.get(key):
            headers[name] = str(environ[key])
    return headers


def _error(status: HTTPStatus, error: str, message: str, request_id: str, **headers: str) -> Answer:
    body = json.dumps(error_body(error, message, request_id), separators=(",", ":")).encode()
    return status.value, {"Content-Type": "application/json", **headers}, body


def _too_large(limit: int, request_id: str) -> Answer:
    message = f"the request body is larger than {limit:,} bytes (REVERIE_API_MAX_BODY_BYTES)"
    return _error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "PayloadTooLarge", message, request_id)


class LocalApi:
    """The WSGI application of the local service over one resolver (see the module's docstring)."""

    def __init__(
        self,
        app: APIGatewayRestResolver,
        tokens: BearerTokens | None = None,
        log: Callable[[str], None] = lambda line: print(line, flush=True),
        max_body_bytes: int | None = None,
    ) -> None:
        self.app = app
        self.tokens = tokens or BearerTokens()
        self.log = log
        self.max_body_bytes = max_body_bytes  # for a server that bounds no body itself (Granian)
        # Powertools keeps the current event on the resolver class, so requests are resolved one at a time.
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        given = str(environ.get("HTTP_X_REQUEST_ID") or "")
        request_id = given if _CLIENT_REQUEST_ID.match(given) else str(uuid.uuid4())
        raw_path = str(environ.get("REQUEST_URI") or quote(environ.get("PATH_INFO") or "/"))
        started = time.perf_counter()
        status, headers, payload = self._answer(environ, raw_path, request_id)
        headers[REQUEST_ID_HEADER] = request_id
        headers["Content-Length"] = str(len(payload))
        start_response(f"{status} {HTTPStatus(status).phrase}", list(headers.items()))
        method = str(environ.get("REQUEST_METHOD", ""))
        elapsed = round((time.perf_counter() - started) * 1000, 1)
        self.log(json.dumps({"request": f"{method} {route_of(raw_path)}", "status": status, "ms": elapsed}))
        return [payload]

    def _answer(self, environ: Mapping[str, Any], raw_path: str, request_id: str) -> Answer:
        method = str(environ.get("REQUEST_METHOD", "GET"))
        try:  # WSGI hands the decoded path's bytes as latin-1
            path = str(environ.get("PATH_INFO") or "/").encode("latin-1").decode("utf-8")
        except UnicodeError:
            message = "the request path is not valid UTF-8 once percent-decoded"
            return _error(HTTPStatus.BAD_REQUEST, "BadRequest", message, request_id)
        length = int(environ.get("CONTENT_LENGTH") or 0)
        limit = self.max_body_bytes
        if limit is not None and length > limit:
            return _too_large(limit, request_id)
        # read() whole when no length is given (a chunked body): not read(-1), which some servers refuse
        stream = environ["wsgi.input"]
        raw = stream.read(length) if length else stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            return _too_large(limit, request_id)
        try:
            body = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            message = f"the request body is not valid UTF-8 (byte {exc.start}): send JSON encoded as UTF-8"
            return _error(HTTPStatus.BAD_REQUEST, "BadRequest", message, request_id)
        caller = self._caller(environ, path)
        if caller is None:
            message = (
                "a bearer token is required: send Authorization: Bearer <REVERIE_API_TOKEN or "
                "REVERIE_AGENT_TOKEN> (in the Swagger UI at /docs: the Authorize button)"
            )
            return _error(
                HTTPStatus.UNAUTHORIZED, "Unauthorized", message, request_id, **{"WWW-Authenticate": "Bearer"}
            )
        query = str(environ.get("QUERY_STRING") or "")
        headers = _headers_of(environ)
        address = str(environ.get("REMOTE_ADDR") or "")
        event = to_apigw_event(method, path, query, headers, body, request_id, caller, address)
        with self._lock:
            result = self.app.resolve(event, cast(LambdaContext, LambdaContextStub(request_id)))
        headers = {str(k): str(v) for k, v in (result.get("headers") or {}).items()}
        for name, values in (result.get("multiValueHeaders") or {}).items():
            headers[name] = ", ".join(str(v) for v in values)
        headers.pop("Content-Length", None)
        return int(result["statusCode"]), headers, str(result.get("body") or "").encode()

    def _caller(self, environ: Mapping[str, Any], path: str) -> Caller | None:
        if not self.tokens.required:
            return Caller(role="admin", principal="loopback")  # serve refuses a non-loopback host then
        found = self.tokens.caller(environ.get("HTTP_AUTHORIZATION"))
        if found is None and path in OPEN_PATHS:
            return Caller(role="agent", principal="anonymous")
        return found


def make_server(
    app: APIGatewayRestResolver,
    host: str,
    port: int,
    tokens: BearerTokens | None = None,
    options: ServerOptions | None = None,
) -> LocalServer:
    """The local service on `host:port` (port 0: any free one, see `server_address`), not yet serving."""
    return LocalServer(LocalApi(app, tokens), host, port, options)
