"""The local service over real HTTP answers exactly as the Lambda function does for the same request."""

from __future__ import annotations

import io
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from reverie.api.local_server import LocalApi, make_server
from tests.api.conftest import Api, Reply, body_of


@pytest.fixture
def base_url(app: APIGatewayRestResolver) -> Iterator[str]:
    """The real local server on a free loopback port, serving the same resolver (and stores) as `api`."""
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="reverie-local-test", daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def http(base_url: str, method: str, path: str, body: Any = None) -> Reply:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data is not None else {}
    request = urllib.request.Request(base_url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, got = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        status, raw, got = error.code, error.read(), dict(error.headers)
    return Reply(status=status, json=json.loads(raw) if raw else None, headers=got)


def test_capture_then_context_over_http_answers_as_lambda_does(base_url: str, api: Api) -> None:
    # GIVEN alice's agent records a session and writes a memory through the local service
    captured = http(base_url, "POST", "/users/alice/sessions/prod-1130/events", body_of("append_events"))
    created = http(base_url, "POST", "/users/alice/memories", body_of("create_memory"))

    # WHEN it asks for context over HTTP, and the same request reaches the Lambda resolver
    over_http = http(base_url, "POST", "/users/alice/context", body_of("get_context"))
    in_lambda = api.call("get_context")

    # THEN both answer the same JSON, with the memory just written
    assert captured.status == 200
    assert captured.json["stored"] == len(body_of("append_events")["events"])
    assert created.status == 201
    assert over_http.status == in_lambda.status == 200
    assert over_http.json == in_lambda.json
    assert "m-alice-snapshot-first@alice" in over_http.json["memory_ids"]
    assert over_http.headers["Content-Type"] == in_lambda.headers["Content-Type"] == "application/json"


@pytest.mark.parametrize(
    ("method", "path", "name", "body"),
    [
        ("POST", "/users/alice/sessions/prod-1130/events", "append_events", ...),
        ("GET", "/users/alice/memories/m-alice-snapshot-first", "get_memory", None),
        ("GET", "/users/alice/memories?layer=L2", "list_memories", None),
        ("GET", "/users", "list_users", None),
        ("POST", "/users/alice/memories", "bad_confidence", ...),
        ("POST", "/users/al!ce/memories", "bad_user_id", ...),
        ("GET", "/users/bob/memories/m-alice-snapshot-first", "get_memory", None),
        ("GET", "/users/alice/dreams", "health", None),
    ],
    ids=["retry", "get", "list", "users", "422-body", "422-path", "404-other-user", "404-route"],
)
def test_the_local_service_and_lambda_give_the_same_answer(
    base_url: str, api: Api, method: str, path: str, name: str, body: Any
) -> None:
    # GIVEN a session and a memory stored through the local service
    http(base_url, "POST", "/users/alice/sessions/prod-1130/events", body_of("append_events"))
    http(base_url, "POST", "/users/alice/memories", body_of("create_memory"))

    # WHEN the same request is sent over HTTP and as an API Gateway event
    sent = body_of(name) if body is ... else body
    url_path, _, query = path.partition("?")
    over_http = http(base_url, method, path, sent)
    in_lambda = api.call(
        name,
        path=url_path,
        body=sent,
        query=dict(pair.split("=") for pair in query.split("&")) if query else None,
        method=method,
    )

    # THEN the status and the JSON are identical, but for an error's own request id
    def same(reply: Reply) -> tuple[int, Any]:
        if reply.status >= 400:
            assert reply.json.pop("request_id")
        return reply.status, reply.json

    assert same(over_http) == same(in_lambda)


class _UnsizedBody(io.BytesIO):
    """A request body as some WSGI servers hand a chunked one: no CONTENT_LENGTH, and read() takes no
    negative size (Granian's raises OverflowError)."""

    def read(self, size: int | None = None) -> bytes:
        if size is not None and size < 0:
            raise OverflowError("can't convert negative int to unsigned")
        return super().read(size)


def test_a_body_without_content_length_is_read_whole(app: APIGatewayRestResolver) -> None:
    # GIVEN a WSGI server that hands a chunked request's body with no CONTENT_LENGTH
    body = json.dumps(body_of("append_events")).encode()
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/users/alice/sessions/prod-1130/events",
        "CONTENT_TYPE": "application/json",
        "wsgi.input": _UnsizedBody(body),
    }
    statuses: list[str] = []

    # WHEN the local service's application answers it
    answer = b"".join(LocalApi(app, log=lambda line: None)(environ, lambda s, h: statuses.append(s)))

    # THEN the events are stored, as when the length is given
    assert statuses == ["200 OK"]
    assert json.loads(answer)["stored"] == len(body_of("append_events")["events"])


def _post(api: LocalApi, body: bytes, length: bool) -> tuple[str, dict[str, Any], io.BytesIO]:
    stream = _UnsizedBody(body)
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/users/alice/sessions/prod-1130/events",
        "CONTENT_TYPE": "application/json",
        "wsgi.input": stream,
        **({"CONTENT_LENGTH": str(len(body))} if length else {}),
    }
    statuses: list[str] = []
    answer = b"".join(api(environ, lambda s, h: statuses.append(s)))
    return statuses[0], json.loads(answer), stream


@pytest.mark.parametrize("length", [True, False], ids=["content-length", "chunked"])
def test_a_body_past_the_limit_is_refused_whole_before_it_reaches_the_api(
    app: APIGatewayRestResolver, length: bool
) -> None:
    # GIVEN the application in front of a server that bounds no body itself, refusing bodies over 8 KiB
    api = LocalApi(app, log=lambda line: None, max_body_bytes=8192)
    small = json.dumps(body_of("append_events")).encode()
    large = json.dumps({"events": [{"kind": "message", "text": "x" * 20_000}]}).encode()

    # WHEN a body under the limit and one over it are posted, with or without their length
    kept, _, _ = _post(api, small, length)
    refused, answer, stream = _post(api, large, length)

    # THEN the first is stored and the second answered 413 in the API's error shape, never read whole
    assert kept == "200 OK"
    assert refused.startswith("413") and answer["error"] == "PayloadTooLarge"
    assert "8,192 bytes" in answer["message"]
    assert stream.tell() <= 8193
