"""HTTP reliability of the local service: every malformed request answered, 100 clients at once, no reset.

Starts `reverie serve` on a loopback ephemeral port with a data folder of its own (or uses `--url`), sends
each malformed request of issue 10's findings over a raw socket (invalid UTF-8, `Content-Length: abc`, a
70k path, a garbage request line, JSON nested 600 deep, `offset=1e20`, a dream budget of 1e300 seconds,
a 10 MB tool argument, NaN, a form instead of JSON), then opens 100 connections at once, each appending an event. Prints:

    unanswered requests: N               malformed requests without an HTTP answer, or answered 5xx,
                                         plus concurrent requests without an answer
    connection resets at 100 clients: N  concurrent requests whose connection was reset or dropped

Both must read 0. `measure()` (a service of its own) and `figures(url)` return them for
`reverie bench reliability`.
Usage: `reverie bench reliability-http [--url http://127.0.0.1:8080] [--clients 100]`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

RESETS = (ConnectionResetError, BrokenPipeError, ConnectionAbortedError, http.client.RemoteDisconnected)


@dataclass(frozen=True)
class BadRequest:
    """One malformed request as raw bytes, and the status the service must answer it with."""

    name: str
    raw: bytes
    status: int


@dataclass(frozen=True)
class Answer:
    """What came back: the status and body, or why nothing did (`failure`: reset, timeout, closed)."""

    status: int | None
    body: bytes = b""
    failure: str | None = None

    @property
    def answered(self) -> bool:
        return self.status is not None and self.status < 500


def _request(
    method: str, path: str, body: bytes = b"", length: str | None = None, media: str = "application/json"
) -> bytes:
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        f"Content-Type: {media}\r\nContent-Length: {length or len(body)}\r\n\r\n"
    )
    return head.encode() + body


def _events(*events: Mapping[str, object]) -> bytes:
    return json.dumps({"events": list(events)}).encode()


def bad_requests(user: str = "mallory") -> list[BadRequest]:
    """Issue 10's malformed requests (and two of the same kind), all aimed at `user`."""
    events = f"/users/{user}/sessions/s-bad/events"
    message = b'{"events":[{"kind":"message","event_id":"e1","role":"user","text":"caf\xe9 \xff"}]}'
    nested = b'{"events":[{"kind":"note","event_id":"n1","text":"x","metadata":' + b"[" * 600 + b"]" * 600
    big_args = {"kind": "tool_call", "event_id": "t1", "tool": "grep", "args": {"blob": "x" * 10_000_000}}
    long_text = {"kind": "message", "event_id": "m1", "role": "user", "text": "y" * 100_000}
    return [
        BadRequest("invalid-utf8-body", _request("POST", events, message), 400),
        BadRequest("content-length-abc", _request("POST", events, b"{}", length="abc"), 400),
        BadRequest("path-70k-characters", _request("GET", f"/users/{user}/memories/" + "m" * 70_000), 414),
        BadRequest("garbage-request-line", b"\x16\x03\x01\x02\x00 garbage\r\n\r\n", 400),
        BadRequest("json-nested-600-deep", _request("POST", events, nested + b"}]}"), 422),
        BadRequest("offset-1e20", _request("GET", f"/users/{user}/memories?offset=1e20"), 422),
        BadRequest(
            "offset-10-to-the-20", _request("GET", f"/users/{user}/memories?offset=" + "1" + "0" * 20), 422
        ),
        BadRequest(
            "dream-budget-1e300-seconds",
            _request("POST", f"/users/{user}/dreams", b'{"budget":{"max_seconds":1e300}}'),
            422,
        ),
        BadRequest("tool-args-10mb", _request("POST", events, _events(big_args)), 413),
        BadRequest("string-100k-characters", _request("POST", events, _events(long_text)), 422),
        BadRequest(
            "form-body",
            _request("POST", f"/users/{user}/dreams", b"{}", media="application/x-www-form-urlencoded"),
            415,
        ),
        BadRequest(
            "nan-confidence",
            _request(
                "POST",
                f"/users/{user}/memories",
                b'{"memories":[{"type":"fact","statement":"x","confidence":NaN}]}',
            ),
            422,
        ),
    ]


def send_raw(url: str, raw: bytes, timeout: float = 30.0) -> Answer:
    """Send `raw` on a new connection and read until the server closes it."""
    parts = urlsplit(url)
    received = b""
    try:
        with socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout) as sock:
            with suppress(*RESETS):  # the server may answer and close before it has read everything
                sock.sendall(raw)
            while chunk := sock.recv(65_536):
                received += chunk
    except RESETS as exc:
        if not received:
            return Answer(None, failure=type(exc).__name__)
    except TimeoutError:
        return Answer(None, received, failure="timeout")
    head, _, body = received.partition(b"\r\n\r\n")
    fields = head.split(b" ", 2)
    if len(fields) < 2 or not fields[1].isdigit():
        return Answer(None, received, failure="no HTTP answer")
    return Answer(int(fields[1]), body)


@dataclass
class Load:
    """What `clients` simultaneous requests got."""

    clients: int
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)

    @property
    def resets(self) -> int:
        return sum(n for name, n in self.failures.items() if name != "timeout")

    @property
    def unanswered(self) -> int:
        return self.failures["timeout"]


def concurrent_appends(url: str, clients: int = 100, timeout: float = 60.0) -> Load:
    """`clients` connections opened at once (a barrier releases them together), each appending one event
    for a user of its own."""
    parts = urlsplit(url)
    load = Load(clients)
    lock = threading.Lock()
    start = threading.Barrier(clients)

    def client(i: int) -> None:
        body = _events({"kind": "message", "event_id": f"load-{i}", "role": "user", "text": f"hello {i}"})
        connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
        start.wait()
        try:
            connection.request(
                "POST", f"/users/load-{i}/sessions/s-load/events", body, {"Content-Type": "application/json"}
            )
            status = connection.getresponse().status
            with lock:
                load.statuses[status] += 1
        except TimeoutError:
            with lock:
                load.failures["timeout"] += 1
        except (OSError, http.client.HTTPException) as exc:
            with lock:
                load.failures[type(exc).__name__] += 1
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return load


def figures(url: str, clients: int = 100, show: bool = False) -> dict[str, int]:
    """The two figures of `reverie bench reliability`: both must be 0. `show` prints each answer."""
    probes = {bad.name: (bad, send_raw(url, bad.raw)) for bad in bad_requests()}
    load = concurrent_appends(url, clients)
    if show:
        for name, (bad, answer) in probes.items():
            got = answer.status if answer.status is not None else answer.failure
            print(f"  {name:28} expected {bad.status}, got {got}")
        print(f"  {clients} clients at once: statuses {dict(load.statuses)}, failures {dict(load.failures)}")
    unanswered = sum(not answer.answered for _, answer in probes.values()) + load.unanswered
    return {"unanswered requests": unanswered, f"connection resets at {clients} clients": load.resets}


@contextmanager
def served(home: Path) -> Iterator[str]:
    """`reverie serve` on a loopback ephemeral port over `home` (dream triggers off); yields its URL."""
    env = {**os.environ, "REVERIE_HOME": str(home), "REVERIE_DREAM_ENABLED": "false"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "reverie.cli.main", "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    try:
        assert proc.stdout is not None
        said = []
        while "http://" not in (line := proc.stdout.readline()):
            said.append(line)
            if not line:  # it exited
                raise RuntimeError("reverie serve did not start:\n" + "".join(said))
        url = line.split("http://", 1)[1].split()[0]
        threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep its pipe drained
        yield f"http://{url}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


def measure(clients: int = 100, show: bool = False) -> dict[str, int]:
    """`figures` against a `reverie serve` of its own, over a new temporary data folder."""
    with tempfile.TemporaryDirectory(prefix="reverie-http-") as tmp, served(Path(tmp)) as url:
        return figures(url, clients, show)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="reverie bench reliability-http", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--url", help="a running service (default: start one on loopback)")
    parser.add_argument("--clients", type=int, default=100)
    args = parser.parse_args(argv)
    found = figures(args.url, args.clients, show=True) if args.url else measure(args.clients, show=True)
    for name, value in found.items():
        print(f"{name}: {value}")
    return 0 if not any(found.values()) else 1
