"""Issue 10, "Bad input": every malformed request gets a 4xx in the one error shape, never a dropped
connection or a 500, and stores nothing.

The requests are `reverie bench reliability-http`'s, sent as raw bytes to the local server on a loopback
ephemeral port (waitress over the same resolver as Lambda, fake stores).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from reverie.services.backends import Backends
from reverie_bench.reliability_http import BadRequest, bad_requests, send_raw
from tests.fakes.backends import fake_backends
from tests.fakes.reasoner import ScriptedReasoner

TENANT = "t-bad"
BAD = bad_requests("mallory")


@pytest.fixture(scope="module")
def backends() -> Backends:
    return fake_backends(reasoner=ScriptedReasoner())


@pytest.fixture(scope="module")
def base_url(backends: Backends) -> Iterator[str]:
    with make_server(create_app(lambda: backends, TENANT), "127.0.0.1", 0) as server:
        yield server.url


@pytest.mark.parametrize("bad", BAD, ids=[b.name for b in BAD])
def test_a_malformed_request_gets_a_clear_4xx(base_url: str, backends: Backends, bad: BadRequest) -> None:
    # WHEN the malformed request arrives on a connection of its own
    answer = send_raw(base_url, bad.raw)

    # THEN it is answered with the expected 4xx, in the one error shape, with a request id
    assert (answer.status, answer.failure) == (bad.status, None), answer.body[:300]
    error = json.loads(answer.body)
    assert set(error) == {"error", "message", "request_id", "detail"}
    assert error["message"] and error["request_id"]
    # AND nothing of it was stored
    assert backends.log.read_user(TENANT, "mallory") == []


def test_the_service_still_works_after_every_malformed_request(base_url: str) -> None:
    # GIVEN every malformed request was sent
    for bad in BAD:
        send_raw(base_url, bad.raw)

    # WHEN a well-formed append follows
    body = json.dumps({"events": [{"kind": "message", "event_id": "ok-1", "role": "user", "text": "hi"}]})
    head = (
        "POST /users/alice/sessions/s1/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    answer = send_raw(base_url, head.encode() + body.encode())

    # THEN it is stored as usual
    assert answer.status == 200, answer.body
    assert json.loads(answer.body)["stored"] == 1
