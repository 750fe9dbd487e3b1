"""The local service's pure-Python HTTP server: waitress, serving `LocalApi`.

Why waitress: it is a maintained, pure-Python production WSGI server (no C build, nothing to download),
with a thread pool that suits the resolver's synchronous routes, its own careful HTTP/1.1 parser, and the
knobs that matter here: listen backlog, connection limit, body size. Python's `http.server`, which served
before, dropped the connection on a malformed request (`Content-Length: abc`, a garbage request line, a
70k path) and reset clients once its listen backlog of 5 overflowed (31 of 48 simultaneous POSTs). An
ASGI server (uvicorn, hypercorn) would add an event loop and an adapter around routes that are not async.

waitress answers what it cannot parse itself (400, 413, 431, 501); `JsonErrorTask` makes those answers
the API's one error shape. Everything parsed goes to `LocalApi`.

`reverie serve` runs the same application on Granian by default (`api/granian_server.py`: faster, and
what it answers differently); `REVERIE_API_SERVER=waitress` picks this server, which tests and benchmarks
also run in process (`LocalServer`).
"""

from __future__ import annotations

import json
import logging
import re
import socket
import threading
import uuid
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer, create_server
from waitress.task import ErrorTask

from reverie.api.problems import REQUEST_ID_HEADER, error_body

_PATH = re.compile(r"(?<![\w/])/[^\s'\"]*")
_NAMES = {400: "BadRequest", 413: "PayloadTooLarge", 431: "HeadersTooLarge", 501: "NotImplemented"}


class ServerOptions(BaseModel):
    """The HTTP server's capacity (locally `REVERIE_API_*`, see `LocalSettings`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    # Two: the resolver answers one request at a time (`LocalApi`), so a second thread only readies the
    # next request meanwhile; more threads wait on its lock and every handoff of the lock and the GIL
    # wakes them (`reverie bench appends`: 17-39 context switches a request at 8 threads, 4-10 at 2,
    # and 4-40% more requests a second at 2 in each of six same-run comparisons on 2 cores).
    threads: int = Field(default=2, ge=1, le=256, description="request threads")
    backlog: int = Field(default=2_048, ge=16, le=65_535, description="the listen backlog")
    connection_limit: int = Field(default=1_000, ge=16, le=100_000, description="open connections at most")
    max_body_bytes: int = Field(
        default=16 * 1_048_576,
        ge=1_024,
        description="read at most this: waitress answers 413 and closes past it",
    )
    max_header_bytes: int = Field(default=262_144, ge=8_192, description="answered 431 past this")


def route_of(raw_path: str) -> str:
    """The request's path for a log line: every id replaced by `{id}` and the query dropped, so the log
    never holds a user's id or words. The API's paths alternate collection names and ids."""
    parts = urlsplit(raw_path).path.split("/")
    return "/".join("{id}" if i % 2 == 0 and part else part for i, part in enumerate(parts))


class _RoutesOnly(logging.Filter):
    """waitress names the path in some log lines ("Client disconnected while serving /users/..."): the
    path is replaced by its route, so the log holds no user id or words."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _PATH.sub(lambda m: route_of(m.group()), str(record.msg))
        if isinstance(record.args, tuple):
            record.args = tuple(
                _PATH.sub(lambda m: route_of(m.group()), a) if isinstance(a, str) else a for a in record.args
            )
        return True


_WAITRESS_LOG = logging.getLogger("waitress")
if not any(isinstance(f, _RoutesOnly) for f in _WAITRESS_LOG.filters):
    _WAITRESS_LOG.addFilter(_RoutesOnly())


class JsonErrorTask(ErrorTask):
    """waitress's answer to a request it could not parse, in the API's error shape."""

    def execute(self) -> None:
        error = self.request.error  # type: ignore[attr-defined]  # the stubs type the request as its error
        request_id = str(uuid.uuid4())
        message = {
            400: f"malformed HTTP request: {error.body}",
            413: f"the request body is larger than {self.channel.server.adj.max_request_body_size:,} bytes "
            "(REVERIE_API_MAX_BODY_BYTES)",
            431: f"the request's headers are larger than {self.channel.server.adj.max_request_header_size:,} "
            "bytes",
        }.get(error.code, str(error.body))
        shape = error_body(_NAMES.get(error.code, "BadRequest"), message, request_id)
        body = json.dumps(shape, separators=(",", ":")).encode()
        self.status = f"{error.code} {error.reason}"
        json_headers = [("Content-Type", "application/json"), (REQUEST_ID_HEADER, request_id)]
        self.response_headers = [*self.response_headers, *json_headers]
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)
        print(json.dumps({"request": "(unparsed)", "status": error.code}), flush=True)


class JsonErrorChannel(HTTPChannel):
    error_task_class = JsonErrorTask


def _one_address(host: str, port: int) -> str:
    """One IP address for `host` (IPv4 first), so the server listens on exactly one socket."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    found.sort(key=lambda info: info[0] != socket.AF_INET)
    return str(found[0][4][0])


class LocalServer:
    """waitress serving one WSGI application on one address, with the `socketserver` lifecycle:
    `serve_forever()` on a thread, `shutdown()` from another, then `server_close()`."""

    def __init__(self, wsgi_app: Any, host: str, port: int, options: ServerOptions | None = None) -> None:
        options = options or ServerOptions()
        self._map: dict[int, Any] = {}
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        server = create_server(
            wsgi_app,
            map=self._map,
            host=_one_address(host, port),
            port=port,
            threads=options.threads,
            backlog=options.backlog,
            connection_limit=options.connection_limit,
            max_request_body_size=options.max_body_bytes,
            max_request_header_size=options.max_header_bytes,
            expose_tracebacks=False,
            asyncore_use_poll=True,  # select() cannot watch a descriptor numbered 1024 or more
            ident="reverie",
        )
        if not isinstance(server, TcpWSGIServer):  # one address, so one socket
            raise TypeError(f"expected one TCP socket, got {type(server).__name__}")
        server.channel_class = JsonErrorChannel
        self._server = server
        assert server.socket is not None  # bound by create_server
        address = server.socket.getsockname()
        self.server_address: tuple[str, int] = (str(address[0]), int(address[1]))

    def serve_forever(self, poll_interval: float = 0.2) -> None:
        """Serve until `shutdown()`. Every socket is opened, polled and closed on this thread: another
        thread only asks it to stop, and it does within `poll_interval` seconds."""
        self._stopped.clear()
        try:
            while self._map and not self._stopping.is_set():
                wasyncore.loop(timeout=poll_interval, use_poll=True, map=self._map, count=1)
        finally:
            wasyncore.close_all(self._map)
            self._stopped.set()

    def shutdown(self, timeout: float = 10.0) -> None:
        """Ask `serve_forever` to stop, and wait until it has closed every socket."""
        self._stopping.set()
        self._stopped.wait(timeout)

    def server_close(self) -> None:
        """Stop the request threads (after they finish what they are answering)."""
        self._server.task_dispatcher.shutdown()

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

    def __enter__(self) -> LocalServer:
        """Serve on a background thread (tests, benchmarks); leaving the block stops the server."""
        self._thread = threading.Thread(target=self.serve_forever, name="reverie-http", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()
        self._thread.join(10)
