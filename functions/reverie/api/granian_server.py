"""`reverie serve` on Granian, the default (`REVERIE_API_SERVER=granian`): the WSGI application on a faster server.

Granian is a maintained HTTP server written in Rust (hyper): it accepts connections, parses HTTP and
writes answers on its own threads, outside the GIL, and hands each parsed request to the WSGI application
on one of `REVERIE_API_THREADS` Python threads. waitress does all of that in Python, on the GIL the
application needs: measured by `reverie bench appends` in one run (single-event appends, 8 keep-alive
clients, 2 cores), Granian around the same application served 2.0-2.5x waitress's requests a second, at
about half the server CPU a request (the application's own share unchanged).

It runs the application in one worker process that Granian starts (one, so SQLite keeps one writer
process and the manual dreams, the dream loop and the console's counters stay one set): `service_app`
builds everything there, as `reverie serve` does on waitress, and says where it serves once it is ready.

Stopping (SIGTERM, as `reverie stop` sends, or SIGINT): Granian's main process passes the signal to the
worker, whose server stops taking requests; the worker then waits up to `cli/serve.DREAM_GRACE_S` for the manual
dreams still running, as waitress's `reverie serve` does (`_worker`), and the main process kills
it only if it is still there `kill_after_s` seconds later.

What Granian answers itself, never reaching the application, so without the API's JSON error body (the
status is a 4xx either way; measured request by request against waitress, raw bytes on a socket):
- what is not HTTP/1.x as RFC 9112 frames it: a garbage or space-holding request line, a missing or
  unknown version, a raw non-ASCII byte in the path, `Content-Length` not a number or given twice
  differently, a header name holding a space, a header without a colon, folded over two lines or holding
  a control byte, `Transfer-Encoding` other than chunked: 400 with an empty body (waitress: JSON 400, or
  501 for the transfer coding; it took the unversioned and the folded ones as valid). HTTP libraries
  write the request line and the framing headers themselves and refuse a URL with a space or a non-ASCII
  character (curl, urllib, requests), so a client meets this only through a header it sets by hand:
  urllib and requests send a value holding a control byte (`\x01`) as given, and urllib a folded one;
- a path of 64 KiB or more (the API refuses paths past `REVERIE_API_MAX_PATH_CHARS`, 2,048, with a JSON
  414 itself): 414 with an empty body;
- more than 100 header fields: 431 with an empty body (waitress had no such bound).
Granian sets no body size limit, so `LocalApi` refuses a body past `REVERIE_API_MAX_BODY_BYTES`'s server
bound itself (413, before reading it).
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reverie.bootstrap.local_settings import LocalSettings
    from reverie.cli.serve import Service

ADDRESS_VARIABLE = "REVERIE_GRANIAN_ADDRESS"
"""Where the parent tells the worker process the address it serves on (`host:port`), for its ready line."""

_SERVED: list[Service] = []
"""The service the worker process built (`service_app`), for `_worker` once Granian has stopped serving."""


def free_port(host: str) -> int:
    """A port free on `host` now (Granian binds the port it is given, so port 0 is resolved first)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def serve(settings: LocalSettings, host: str, port: int, kill_after_s: float = 15.0) -> int:
    """Serve until SIGINT or SIGTERM: Granian in this process, the application in its one worker, which
    is killed if it has not exited `kill_after_s` seconds after the signal."""
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels
    from granian.server import Server

    port = port or free_port(host)
    os.environ[ADDRESS_VARIABLE] = f"{host}:{port}"  # the worker inherits the environment
    server = Server(
        f"{__name__}:service_app",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=1,
        blocking_threads=settings.api_threads,
        backlog=settings.api_backlog,
        http=HTTPModes.http1,
        websockets=False,
        factory=True,
        log_level=LogLevels.warning,
        log_access=False,  # `LocalApi` writes one line a request, with the route and never the ids
        workers_kill_timeout=max(1, round(kill_after_s)),
    )
    server.serve(spawn_target=_worker)
    return 0


def service_app() -> Any:
    """The worker's application, built as `reverie serve` builds it (settings from the environment)."""
    from reverie.bootstrap.local_settings import LocalSettings
    from reverie.cli.serve import build_service

    settings = LocalSettings()
    service = build_service(settings, max_body_bytes=settings.server_options().max_body_bytes)
    host, _, port = os.environ.get(ADDRESS_VARIABLE, "127.0.0.1:0").rpartition(":")
    _SERVED.append(service)
    watch = threading.Thread(
        target=_stop_when_orphaned, args=(os.getppid(),), name="reverie-parent", daemon=True
    )
    watch.start()
    service.announce(host, int(port), "granian")
    return service.app


def _stop_when_orphaned(parent: int, every_s: float = 1.0) -> None:
    """In the worker: stop as on SIGTERM once Granian's main process is gone (killed with SIGKILL, say),
    rather than serve on as an orphan that holds the port and the data folder."""
    while os.getppid() == parent:
        time.sleep(every_s)
    os.kill(os.getpid(), signal.SIGTERM)


def _worker(*args: Any, **kwargs: Any) -> None:
    """The worker process's main: Granian's own WSGI worker (the spawn target it uses by default), which
    returns once it has stopped serving (SIGTERM or SIGINT), then the grace of the manual dreams still
    running. Granian's shutdown hooks run in its main process, not in the worker where the dreams are;
    and the grace must come before the worker's interpreter begins to shut down, past which a dream can
    no longer start the thread pools its stages use (measured: the run then failed)."""
    from granian.server import Server

    Server._spawn_wsgi_worker(*args, **kwargs)
    for service in _SERVED:
        service.finish_dreams()
