"""`reverie serve` on Granian (`REVERIE_API_SERVER=granian`): the same WSGI application, a faster server.

Granian is a maintained HTTP server written in Rust (hyper): it accepts connections, parses HTTP and
writes answers on its own threads, outside the GIL, and hands each parsed request to the WSGI application
on one of `REVERIE_API_THREADS` Python threads. waitress does all of that in Python, on the GIL the
application needs: measured by `reverie bench appends` in one run (single-event appends, 8 keep-alive
clients, 2 cores), Granian around the same application served 2.0-2.5x waitress's requests a second, at
about half the server CPU a request (the application's own share unchanged).

It runs the application in one worker process that Granian starts (one, so SQLite keeps one writer
process and the manual dreams, the dream loop and the console's counters stay one set): `service_app`
builds everything there, as `reverie serve` does on waitress, and says where it serves once it is ready.
What differs from waitress, so waitress stays the default:
- a request Granian cannot parse (a garbage request line, `Content-Length: abc`, a path past its limit)
  is answered by Granian itself, 4xx with an empty body, not the API's JSON error shape;
- on SIGTERM the worker stops at once: a dream still running is recovered by the next run, as after a
  crash (waitress's `reverie serve` waits up to 10 s for it);
- Granian sets no body size limit, so `LocalApi` refuses a body past `REVERIE_API_MAX_BODY_BYTES`'s
  server bound itself (413, before reading it).
"""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reverie.bootstrap.local_settings import LocalSettings

ADDRESS_VARIABLE = "REVERIE_GRANIAN_ADDRESS"
"""Where the parent tells the worker process the address it serves on (`host:port`), for its ready line."""


def free_port(host: str) -> int:
    """A port free on `host` now (Granian binds the port it is given, so port 0 is resolved first)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def serve(settings: LocalSettings, host: str, port: int) -> int:
    """Serve until SIGINT or SIGTERM: Granian in this process, the application in its one worker."""
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
    )
    server.serve()
    return 0


def service_app() -> Any:
    """The worker's application, built as `reverie serve` builds it (settings from the environment)."""
    from reverie.bootstrap.local_settings import LocalSettings
    from reverie.cli.serve import build_service

    settings = LocalSettings()
    service = build_service(settings, max_body_bytes=settings.server_options().max_body_bytes)
    host, _, port = os.environ.get(ADDRESS_VARIABLE, "127.0.0.1:0").rpartition(":")
    service.announce(host, int(port), "granian")
    return service.app
