"""L1 appends (`POST /users/{user}/sessions/{session}/events`), one event per request, layer by layer, in one run.

    reverie bench appends [--requests 3000] [--clients 8] [--batch 100] [--rounds 3]

The same kind of request (one chat message sent without a time, as an agent's SDK sends it, each client
to a session of its own that grows through the run) goes through each layer of the local service, so
what each layer adds is visible side by side:

    SQLite INSERT alone      the log's INSERT, one statement committing itself, same file settings
                             (WAL, synchronous=NORMAL): the storage floor
    log store append         `SqliteLogStore.append` of a ready event (its JSON dump, the idempotency
                             check that is the INSERT's own unique index)
    capture service          the route's work without Powertools: the body validated, the event
                             stamped, `capture.append_events` (isolation, notes)
    resolver in process      the Powertools resolver as Lambda runs it (limits, routing, request and
                             response validation)
    WSGI app, no socket      the local server's application: the request translated into an API
                             Gateway event, the resolver, the access log line
    HTTP, reverie serve      the real `reverie serve` on waitress (REVERIE_API_SERVER=waitress) in a
                             process of its own, on loopback
    HTTP, granian            `reverie serve` on Granian, its default: the same application under a
                             Rust HTTP server (one worker process, as many application threads as
                             waitress has): sockets, HTTP parsing and response writes in Rust, off
                             the GIL (api/granian_server.py)
    HTTP, bare waitress      the same waitress and options around an application that only answers
                             200: the ceiling of any HTTP figure here, with this client on this machine
    HTTP, waitress + app     the same, the application first burning as much CPU as the WSGI app's
                             (measured in this run) without ever releasing the GIL: the ceiling for an
                             application as costly as ours

The layers in process run one request at a time on one thread (requests/s = 1 / their mean time; CPU is
that thread's). HTTP: `--clients` threads of this process, each on one keep-alive connection (an SDK
keeps its connection), all at once; CPU is the server process's (every thread, from /proc), and so are
its context switches. 8 clients: several agents writing at once. The server resolves one request at a
time, so its requests/s barely moves from 1 to 16 clients (measured: 615-670 at load ~4); more clients
only lengthen the queue (p50, p95). Ways take turns in `--rounds` rounds so a burst of load elsewhere
falls on all of them.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.adapters.local.log_store import SCHEMA, SqliteLogStore
from reverie.adapters.local.sqlite import SqliteDatabase, to_micros
from reverie.api import schemas
from reverie.api.local_server import LambdaContextStub, LocalApi, to_apigw_event
from reverie.api.routes import create_app
from reverie.bootstrap.local_settings import LocalSettings
from reverie.domain.events import MessageEvent
from reverie.domain.models import Scope, utcnow
from reverie.services import capture
from reverie_bench.common import format_table, local_backends, percentile
from reverie_bench.http_load import (
    Load,
    Request,
    Server,
    ceiling,
    keep_alive_load,
    reverie_serve,
)
from reverie_bench.latency import sentence

TENANT = "local"  # `reverie serve`'s default tenant
INSERT = "INSERT INTO events (tenant_id, user_id, session_id, event_id, ts, kind, body) VALUES (?, ?, ?, ?, ?, ?, ?)"


def path_of(user: str) -> str:
    return f"/users/{user}/sessions/s-{user}/events"


def body_of(event_ids: list[str], texts: list[str]) -> bytes:
    """A request body of messages sent without `ts` (the server stamps them)."""
    events = [
        {"kind": "message", "event_id": e, "role": "user", "text": t}
        for e, t in zip(event_ids, texts, strict=True)
    ]
    return json.dumps({"events": events}).encode()


Thunk = Callable[[], object]


class InProcess:
    """One layer called in process, one request at a time: `prepare(i, text)` makes what the layer is
    handed (not timed) and returns the call that is timed."""

    def __init__(self, label: str, prepare: Callable[[int, str], Thunk]) -> None:
        self.label, self.prepare, self.load = label, prepare, Load()

    def run(self, first: int, texts: list[str]) -> None:
        for i, text in enumerate(texts, start=first):
            call = self.prepare(i, text)
            began, cpu = time.perf_counter(), time.thread_time()
            call()
            took = time.perf_counter() - began
            self.load.cpu_seconds += time.thread_time() - cpu
            self.load.times.append(took)
            self.load.seconds += took
            self.load.requests += 1


def in_process_layers(home: Path) -> list[InProcess]:
    """The five layers below HTTP, each over a data folder of its own."""
    raw = SqliteDatabase(home / "raw" / "log.db", SCHEMA)
    log = SqliteLogStore(home / "log" / "log.db")
    b = local_backends(home / "service")
    app = create_app(lambda: b, TENANT)
    wsgi = LocalApi(app, log=lambda line: None)  # the access log is measured with `reverie serve` below
    context = cast(LambdaContext, LambdaContextStub())
    user, scope = "bench", Scope(tenant_id=TENANT, user_id="bench")

    def insert(i: int, text: str) -> Thunk:
        ts = utcnow()
        event = {"kind": "message", "event_id": f"e{i}", "role": "user", "text": text, "ts": ts.isoformat()}
        values = (TENANT, user, "s-raw", f"e{i}", to_micros(ts), "message", json.dumps(event))

        def call() -> None:
            with raw.autocommit() as conn:
                conn.execute(INSERT, values)

        return call

    def append(i: int, text: str) -> Thunk:
        ids = {"tenant_id": TENANT, "user_id": user, "session_id": "s-log", "event_id": f"e{i}"}
        event = MessageEvent(**ids, role="user", text=text)
        return lambda: log.append([event])

    def service(i: int, text: str) -> Thunk:
        body = body_of([f"e{i}"], [text])

        def call() -> None:  # the route's body, without Powertools around it
            request = schemas.AppendEventsRequest.model_validate_json(body)
            events = [schemas.to_event(e, TENANT, user, "s-service") for e in request.events]
            capture.append_events(b, scope, events, schemas.untimed(request.events))

        return call

    def resolver(i: int, text: str) -> Thunk:
        body = body_of([f"e{i}"], [text]).decode()
        event = to_apigw_event("POST", path_of(user), "", {"Content-Type": "application/json"}, body)

        def call() -> None:
            answer = app.resolve(event, context)
            if answer["statusCode"] != 200:
                raise RuntimeError(f"resolver: {answer['statusCode']} {answer['body'][:300]}")

        return call

    def wsgi_app(i: int, text: str) -> Thunk:
        body = body_of([f"e{i}"], [text])
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": path_of("bench-wsgi"),
            "REQUEST_URI": path_of("bench-wsgi"),
            "QUERY_STRING": "",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_HOST": "127.0.0.1",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.input": io.BytesIO(body),
        }

        def call() -> None:
            statuses: list[str] = []
            wsgi(environ, lambda status, headers: statuses.append(status))
            if not statuses[0].startswith("200"):
                raise RuntimeError(f"WSGI app: {statuses[0]}")

        return call

    return [
        InProcess("SQLite INSERT alone", insert),
        InProcess("log store append", append),
        InProcess("capture service", service),
        InProcess("resolver in process (Lambda's)", resolver),
        InProcess("WSGI app, no socket", wsgi_app),
    ]


class OverHttp:
    """One HTTP way: `clients` keep-alive clients, `per_request` events a request, to `server`."""

    def __init__(
        self,
        label: str,
        server: Server,
        clients: int,
        per_request: int = 1,
        burn: Callable[[], float] | None = None,
    ) -> None:
        self.label, self.server, self.clients, self.per_request = label, server, clients, per_request
        self.burn, self.load = burn, Load()

    def run(self, first: int, texts: list[str]) -> None:
        n = self.per_request
        work: list[list[Request]] = [[] for _ in range(self.clients)]
        for k, start in enumerate(range(0, len(texts), n)):
            chunk = texts[start : start + n]
            user = f"bench-{n}-{k % self.clients}"
            work[k % self.clients].append(
                (path_of(user), body_of([f"e{first + start + j}" for j in range(len(chunk))], chunk))
            )
        cpu, switches = self.server.cpu_seconds(), self.server.context_switches()
        headers = {"X-Burn-Us": f"{self.burn():.0f}"} if self.burn else None
        load = keep_alive_load(self.server.url, work, headers=headers)
        load.cpu_seconds = self.server.cpu_seconds() - cpu
        load.switches = self.server.context_switches() - switches
        self.load.add(load)


def row(label: str, load: Load, per_request: int = 1) -> list[object]:
    cpu = per_request_cpu_us(load)
    return [
        label,
        load.requests,
        f"{rate(load):,.0f}",
        f"{rate(load) * per_request:,.0f}",
        f"{percentile(load.times, 50) * 1000:.2f}",
        f"{percentile(load.times, 95) * 1000:.2f}",
        f"{cpu:,.0f}",
        f"{1e6 / cpu:,.0f}" if cpu else "-",
        f"{load.switches / load.requests:.1f}" if load.switches is not None and load.requests else "-",
    ]


def share(items: list[str], r: int, rounds: int) -> tuple[int, list[str]]:
    """Round `r`'s part of `items`, and the index of its first item."""
    size = -(-len(items) // rounds)
    return r * size, items[r * size : (r + 1) * size]


def per_request_cpu_us(load: Load) -> float:
    return load.cpu_seconds / load.requests * 1e6 if load.requests else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000, help="single-event requests per way")
    parser.add_argument("--clients", type=int, default=8, help="HTTP clients, one keep-alive connection each")
    parser.add_argument("--batch", type=int, default=100, help="events per request of the batched HTTP way")
    parser.add_argument("--batched-requests", type=int, default=240, help="requests of the batched way")
    parser.add_argument("--rounds", type=int, default=3, help="turns each way takes")
    args = parser.parse_args(argv)
    rng = random.Random(14)
    texts = [sentence(rng) for _ in range(args.requests)]
    batched = [texts[i % len(texts)] for i in range(args.batched_requests * args.batch)]
    env = {"REVERIE_API_THREADS": os.environ.get("REVERIE_API_THREADS", str(LocalSettings().api_threads))}
    clients = args.clients
    with tempfile.TemporaryDirectory(prefix="reverie-appends-") as tmp:
        home = Path(tmp)
        with (
            reverie_serve(home / "serve", {**env, "REVERIE_API_SERVER": "waitress"}) as service,
            ceiling(home / "ceiling", env) as bare,
            reverie_serve(home / "granian", {**env, "REVERIE_API_SERVER": "granian"}) as rust,
        ):
            layers = in_process_layers(home)
            app = layers[-1]  # the WSGI app: all of Reverie's work for a request, no socket
            http = {
                "one": OverHttp("HTTP, serve on waitress, 1 client", service, 1),
                "serve": OverHttp(f"HTTP, serve on waitress, {clients} clients", service, clients),
                "granian": OverHttp(f"HTTP, serve on granian, {clients} clients", rust, clients),
                "bare": OverHttp(f"HTTP, bare waitress, {clients} clients", bare, clients),
                "busy": OverHttp(
                    f"HTTP, waitress + app burning its CPU, {clients}",
                    bare,
                    clients,
                    burn=lambda: per_request_cpu_us(app.load),
                ),
                "batched": OverHttp(
                    f"HTTP, serve on waitress, batches of {args.batch}", service, clients, args.batch
                ),
            }
            ways: list[InProcess | OverHttp] = [*layers, *http.values()]
            for way in ways:  # warm up (imports, caches, connections); not counted
                way.run(10**8, texts[: 2 * args.batch])
                way.load = Load()
            for r in range(args.rounds):
                for way in ways:
                    way.run(*share(batched if way is http["batched"] else texts, r, args.rounds))
    print_report(ways, f"{clients} clients, waitress threads {env['REVERIE_API_THREADS']}")
    serve, bare_load, busy = http["serve"].load, http["bare"].load, http["busy"].load
    cpu = per_request_cpu_us
    print(
        f"reverie serve on waitress: {rate(serve) / rate(bare_load):.0%} of bare waitress's requests/s and "
        f"{rate(serve) / rate(busy):.0%} of waitress around an application burning the same CPU "
        f"({cpu(app.load):,.0f} us, the WSGI app's) without I/O; server CPU per request "
        f"{cpu(serve):,.0f} us = the application {cpu(app.load):,.0f} + waitress, sockets and thread "
        f"switches {cpu(serve) - cpu(app.load):,.0f} (bare waitress {cpu(bare_load):,.0f}, "
        f"around the burning app {cpu(busy) - cpu(app.load):,.0f})"
    )
    fast = http["granian"].load
    print(
        f"reverie serve on granian (the default): {rate(fast):,.0f} requests/s against {rate(serve):,.0f} on waitress "
        f"(x{rate(fast) / rate(serve):.2f}); server CPU per request {cpu(fast):,.0f} us "
        f"against {cpu(serve):,.0f} (the application's {cpu(app.load):,.0f} included)"
    )
    return 0


def rate(load: Load) -> float:
    return load.requests / load.seconds if load.seconds else 0.0


def print_report(ways: list[InProcess | OverHttp], setup: str) -> None:
    with open("/proc/loadavg", encoding="ascii") as f:
        load_average = " ".join(f.read().split()[:3])
    print(f"load average {load_average}; {os.cpu_count()} CPUs; {setup}")
    headers = [
        "POST .../events",
        "requests",
        "req/s",
        "events/s",
        "p50 ms",
        "p95 ms",
        "CPU us/req",
        "req/CPU s",
        "switches/req",
    ]
    print(format_table(headers, [row(w.label, w.load, getattr(w, "per_request", 1)) for w in ways]))


if __name__ == "__main__":
    raise SystemExit(main())
