"""`reverie serve` on Granian, its default server: the same service in a Granian worker process.

Runs the real command (real embedded stores and MiniLM) on a loopback port and checks what an agent
relies on: appends are idempotent by event id, a body past the server's bound is refused whole, what is not
HTTP is refused, a dream running at SIGTERM finishes before the service exits, and the worker does not
outlive a killed main process."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    log = tmp_path / "serve.log"
    env = {
        **os.environ,
        "REVERIE_HOME": str(tmp_path / "home"),
        "REVERIE_DREAM_ENABLED": "false",
    }
    for name in ("REVERIE_API_TOKEN", "REVERIE_API_SERVER"):  # the default server
        env.pop(name, None)
    command = [sys.executable, "-m", "reverie.cli.main", "serve", "--host", "127.0.0.1", "--port", "0"]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 120
        while not (found := re.search(r"http://127\.0\.0\.1:\d+", log.read_text(errors="replace"))):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.1)
        yield found.group(), proc, log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def post(url: str, body: bytes | None) -> tuple[int, Any]:
    request = urllib.request.Request(
        url,
        data=body,
        method="POST" if body is not None else "GET",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def announce_large_body(url: str, length: int) -> tuple[int, Any]:
    """POST headers announcing `length` bytes and only the body's first bytes: the answer must come
    before the rest is sent (the body is refused by its announced length, unread)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest("POST", parts.path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(length))
        connection.endheaders(b'{"events": [')
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def raw_status(url: str, request: bytes) -> tuple[int, bytes]:
    """The status and body of the answer to `request` sent as is over a socket."""
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname or "", parts.port or 80), timeout=30) as sock:
        sock.sendall(request)
        reply = http.client.HTTPResponse(sock)
        reply.begin()
        return reply.status, reply.read()


def test_serve_on_granian_stores_each_event_once_and_refuses_an_oversized_body(
    served: tuple[str, subprocess.Popen[bytes], Path],
) -> None:
    base, proc, log = served
    events = f"{base}/users/alice/sessions/s-1/events"
    message = {"kind": "message", "event_id": "e-1", "role": "user", "text": "I moved to Lisbon in May"}

    # GIVEN an agent that sends the same event twice (a retry), then a body past the server's bound
    first = post(events, json.dumps({"events": [message]}).encode())
    again = post(events, json.dumps({"events": [message]}).encode())
    too_large = announce_large_body(events, 17 * 1_048_576)

    # THEN the event is stored once, the retry counted as a duplicate, the large body refused in the API's shape
    assert first == (200, {**first[1], "stored": 1, "duplicates": 0})
    assert again == (200, {**again[1], "stored": 0, "duplicates": 1})
    assert too_large[0] == 413 and too_large[1]["error"] == "PayloadTooLarge"
    assert "server: granian" in log.read_text()

    # AND SIGTERM stops the service
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0


def test_what_is_not_http_is_refused_and_a_long_path_gets_the_api_answer(
    served: tuple[str, subprocess.Popen[bytes], Path],
) -> None:
    base, _, _ = served

    # GIVEN a request line no HTTP client sends, a length that is no number, and a path past the API's limit
    garbage = raw_status(base, b"GARBAGE\r\n\r\n")
    length = raw_status(
        base, b"POST /users/a/sessions/s/events HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"
    )
    long_path = raw_status(base, f"GET /users/{'a' * 3_000}/dreams HTTP/1.1\r\nHost: x\r\n\r\n".encode())

    # THEN Granian refuses the first two itself (400, no body), and the API answers the path in its shape
    assert garbage == (400, b"") and length == (400, b"")
    assert long_path[0] == 414 and json.loads(long_path[1])["error"] == "URITooLong"


def test_a_dream_running_at_sigterm_finishes_before_the_service_exits(
    served: tuple[str, subprocess.Popen[bytes], Path],
) -> None:
    base, proc, log = served
    messages = [
        {
            "kind": "message",
            "event_id": f"e-{i}",
            "role": "user",
            "text": f"I moved to city number {i} in May",
        }
        for i in range(5)
    ]
    assert (
        post(f"{base}/users/alice/sessions/s-1/events", json.dumps({"events": messages}).encode())[0] == 200
    )

    # GIVEN a manual dream still running
    status, started = post(f"{base}/users/alice/dreams", b"{}")
    assert status == 202
    assert post(f"{base}/users/alice/dreams/{started['run_id']}", None)[1]["run"]["status"] == "running"

    # WHEN the service is told to stop
    proc.send_signal(signal.SIGTERM)

    # THEN it exits cleanly once the dream has finished (within the grace), not by killing it
    assert proc.wait(60) == 0
    finished = {"dream": started["run_id"], "trigger": "manual", "status": "succeeded"}
    assert json.dumps(finished) in log.read_text(), log.read_text()[-2_000:]


def test_the_worker_stops_when_the_main_process_is_killed(
    served: tuple[str, subprocess.Popen[bytes], Path],
) -> None:
    base, proc, _ = served
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    if not children.exists():
        pytest.skip("needs Linux's /proc")
    (worker,) = (int(pid) for pid in children.read_text().split())

    # WHEN Granian's main process is killed outright
    proc.kill()
    proc.wait(10)

    # THEN its worker stops too, rather than serve on with the port and the data folder
    deadline = time.monotonic() + 30
    while Path(f"/proc/{worker}").exists() and "Z" not in _state(worker):
        assert time.monotonic() < deadline, "the worker outlived its main process"
        time.sleep(0.2)
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{base}/health", timeout=5)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"
