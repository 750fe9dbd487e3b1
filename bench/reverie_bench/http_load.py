"""Load over HTTP on loopback: client threads on keep-alive connections, and a bare waitress as the ceiling.

`keep_alive_load` sends each client's requests one after another on one persistent connection (as an
agent's SDK does), all clients at once, and returns every request's time. `ceiling` starts, in a
process of its own, the same `LocalServer` (waitress, the service's `ServerOptions`) around a WSGI
application that only reads the body and answers a fixed 200 JSON, optionally after burning a given CPU
time: what this machine, this client and waitress allow before any Reverie code runs, and around an
application exactly as costly as Reverie's that never lets go of the GIL.

    python -m reverie_bench.http_load   serves the ceiling on a loopback ephemeral port (prints its URL)
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

Request = tuple[str, bytes]  # path, JSON body (POST)
_ANSWER = b'{"stored":1,"duplicates":0,"notes":[],"masked":[]}'
_URL = re.compile(r"http://[0-9.]+:[0-9]+")


@dataclass
class Load:
    """What a load sent: requests answered, their times (seconds), the wall time of the whole load, and
    the CPU time and context switches the server spent on it."""

    requests: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    switches: int | None = None

    def add(self, other: Load) -> None:
        self.requests += other.requests
        self.seconds += other.seconds
        self.times += other.times
        self.cpu_seconds += other.cpu_seconds
        if other.switches is not None:
            self.switches = (self.switches or 0) + other.switches


def keep_alive_load(
    url: str, work: Sequence[Sequence[Request]], expect: int = 200, headers: dict[str, str] | None = None
) -> Load:
    """One thread and one keep-alive connection per item of `work`, each sending its requests in order
    (with `headers`), all started together; any other status than `expect` stops the load with an error."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port
    times: list[list[float]] = [[] for _ in work]
    errors: list[str] = []
    start = threading.Barrier(len(work) + 1)

    def client(i: int) -> None:
        connection = http.client.HTTPConnection(host, port, timeout=60)
        sent = {"Content-Type": "application/json", **(headers or {})}
        start.wait()
        try:
            for path, body in work[i]:
                began = time.perf_counter()
                connection.request("POST", path, body, sent)
                reply = connection.getresponse()
                answer = reply.read()
                times[i].append(time.perf_counter() - began)
                if reply.status != expect:
                    errors.append(f"{path}: {reply.status} {answer[:300]!r}")
                    return
        except (OSError, http.client.HTTPException) as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(len(work))]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    if errors:
        raise RuntimeError(f"{url}: {len(errors)} client(s) failed, first: {errors[0]}")
    every = [t for client_times in times for t in client_times]
    return Load(requests=len(every), seconds=seconds, times=every)


def ceiling_app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
    """A WSGI application that reads the body and answers a capture's 200 JSON, after keeping its thread
    busy (the GIL held, no I/O) for the microseconds of CPU the request's `X-Burn-Us` header names."""
    environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    until = time.thread_time() + float(environ.get("HTTP_X_BURN_US") or 0) / 1e6
    while time.thread_time() < until:
        pass
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(_ANSWER)))])
    return [_ANSWER]


@dataclass(frozen=True)
class Server:
    """A server process on loopback: its URL, and the CPU it has used (Linux: /proc)."""

    url: str
    pid: int

    def cpu_seconds(self) -> float:
        """User + system CPU time of the process and its child processes (every thread; a server that
        serves from worker processes counts them) so far; 0.0 where /proc is absent."""
        total = 0
        for pid in _process_tree(self.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
            except OSError:  # a process that ended meanwhile
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")

    def context_switches(self) -> int:
        """Voluntary and involuntary context switches of every thread of the process and its children so
        far; 0 where /proc is absent."""
        total = 0
        for pid in _process_tree(self.pid):
            for status in Path(f"/proc/{pid}/task").glob("*/status"):
                try:
                    lines = status.read_text(encoding="ascii").splitlines()
                except OSError:  # a thread that ended meanwhile
                    continue
                total += sum(int(line.split()[1]) for line in lines if "ctxt_switches:" in line)
        return total


def _process_tree(pid: int) -> list[int]:
    """`pid` and its descendants (Linux: /proc/PID/task/TID/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for children in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                todo.extend(int(child) for child in children.read_text(encoding="ascii").split())
            except OSError:
                continue
    return found


@contextmanager
def served(command: list[str], log: Path, env: dict[str, str] | None = None) -> Iterator[Server]:
    """Run `command` (a server that prints its `http://host:port` once listening) with its output in the
    file `log`, so no reader in this process competes with the clients; yields it once it listens."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})}
        )
    try:
        deadline = time.monotonic() + 180
        while not (found := _URL.search(log.read_text(encoding="utf-8", errors="replace"))):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"{' '.join(command)} did not start: {log.read_text(errors='replace')[-2000:]}"
                )
            time.sleep(0.05)
        yield Server(found.group(), proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


def reverie_serve(home: Path, env: dict[str, str] | None = None) -> AbstractContextManager[Server]:
    """`reverie serve` over the data folder `home` on a loopback ephemeral port, dream triggers off."""
    command = [sys.executable, "-m", "reverie.cli.main", "serve", "--host", "127.0.0.1", "--port", "0"]
    own = {"REVERIE_HOME": str(home), "REVERIE_DREAM_ENABLED": "false"}
    home.mkdir(parents=True, exist_ok=True)
    return served(command, home / "serve.log", {**(env or {}), **own})


def ceiling(folder: Path, env: dict[str, str] | None = None) -> AbstractContextManager[Server]:
    """`python -m reverie_bench.http_load`: waitress around `ceiling_app`, as `reverie serve` runs it."""
    folder.mkdir(parents=True, exist_ok=True)
    return served([sys.executable, "-m", "reverie_bench.http_load"], folder / "ceiling.log", env)


def main() -> int:
    from reverie.api.http_server import LocalServer
    from reverie.bootstrap.local_settings import LocalSettings

    server = LocalServer(ceiling_app, "127.0.0.1", 0, LocalSettings().server_options())
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"ceiling serving on {server.url}", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
