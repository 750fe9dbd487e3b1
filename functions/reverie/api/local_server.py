"""The local service: plain HTTP on loopback, translated into API Gateway REST proxy events.

The same resolver answers here and in Lambda, so the local service and the cloud API behave alike.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.utilities.typing import LambdaContext

SWAGGER_PAGE = """<!doctype html><html><head><title>Reverie API</title>
<link rel="stylesheet" href="https://unpkg.com/swagger-ui-dist@5/swagger-ui.css"></head>
<body><p>OpenAPI document: <a href="/openapi.json">/openapi.json</a></p><div id="ui"></div>
<script src="https://unpkg.com/swagger-ui-dist@5/swagger-ui-bundle.js"></script>
<script>window.onload=()=>SwaggerUIBundle({url:"/openapi.json",dom_id:"#ui"})</script></body></html>"""


class LambdaContextStub:
    """The few attributes Powertools reads from a Lambda context, for requests served locally."""

    function_name = "reverie-local"
    function_version = "$LATEST"
    memory_limit_in_mb = 0
    invoked_function_arn = "arn:aws:lambda:local:000000000000:function:reverie-local"

    def __init__(self) -> None:
        self.aws_request_id = str(uuid.uuid4())

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


def to_apigw_event(method: str, raw_path: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
    """An API Gateway REST (v1) proxy event for one HTTP request."""
    url = urlsplit(raw_path)
    query = parse_qs(url.query, keep_blank_values=True)
    return {
        "resource": url.path,
        "path": url.path,
        "httpMethod": method,
        "headers": headers,
        "multiValueHeaders": {k: [v] for k, v in headers.items()},
        "queryStringParameters": {k: v[-1] for k, v in query.items()} or None,
        "multiValueQueryStringParameters": query or None,
        "pathParameters": None,
        "stageVariables": None,
        "requestContext": {
            "resourcePath": url.path,
            "httpMethod": method,
            "path": url.path,
            "stage": "local",
            "requestId": str(uuid.uuid4()),
            "requestTimeEpoch": int(time.time() * 1000),
            "identity": {"sourceIp": "127.0.0.1"},
        },
        "body": body.decode("utf-8") if body else None,
        "isBase64Encoded": False,
    }


def route_of(raw_path: str) -> str:
    """The request's path for a log line: every id replaced by `{id}` and the query dropped, so the log
    never holds a user's id or words. The API's paths alternate collection names and ids."""
    parts = urlsplit(raw_path).path.split("/")
    return "/".join("{id}" if i % 2 == 0 and part else part for i, part in enumerate(parts))


def make_server(app: APIGatewayRestResolver, host: str, port: int) -> ThreadingHTTPServer:
    # The resolver keeps the current event on itself, so requests are resolved one at a time.
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        server_version = "reverie-local"

        def _serve(self) -> None:
            if self.path in ("/docs", "/docs/"):
                self._send(200, {"Content-Type": "text/html"}, SWAGGER_PAGE.encode())
                return
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            event = to_apigw_event(self.command, self.path, dict(self.headers.items()), body)
            with lock:
                result = app.resolve(event, cast(LambdaContext, LambdaContextStub()))
            headers = dict(result.get("headers") or {})
            for name, values in (result.get("multiValueHeaders") or {}).items():
                headers[name] = ", ".join(values)
            payload = result.get("body") or ""
            self._send(int(result["statusCode"]), headers, payload.encode())

        def _send(self, status: int, headers: dict[str, str], payload: bytes) -> None:
            self.send_response(status)
            for name, value in headers.items():
                if name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PATCH = do_DELETE = do_PUT = _serve

        def log_message(self, format: str, *args: Any) -> None:
            print(
                json.dumps(
                    {
                        "request": f"{self.command} {route_of(self.path)}",
                        "status": args[1] if len(args) > 1 else "",
                    }
                )
            )

    return ThreadingHTTPServer((host, port), Handler)
