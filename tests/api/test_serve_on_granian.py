"""`reverie serve` with REVERIE_API_SERVER=granian: the same service in a Granian worker process.

Runs the real command (real embedded stores and MiniLM) on a loopback port and checks what an agent
relies on: appends are idempotent by event id, a body past the server's bound is refused whole, the
service shuts down on SIGTERM."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
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
        "REVERIE_API_SERVER": "granian",
        "REVERIE_DREAM_ENABLED": "false",
    }
    env.pop("REVERIE_API_TOKEN", None)
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


def post(url: str, body: bytes) -> tuple[int, Any]:
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json"}
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
