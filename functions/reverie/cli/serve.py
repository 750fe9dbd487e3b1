"""`reverie serve`: the local service composed once, then served by Granian (the default) or waitress.

`REVERIE_API_SERVER` picks the HTTP server; `api/granian_server.py` says why Granian and what it answers
differently, `api/http_server.py` why waitress stays selectable. Both serve the same WSGI application
(`build_service`): the console in front of the API over the embedded backends, with the manual dreams and
the dream loop. Both stop alike on SIGTERM or SIGINT: no new request is taken, and the manual dreams still
running get `DREAM_GRACE_S` seconds to finish (`Service.finish_dreams`).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from reverie.api.background_dreams import BackgroundDreams
from reverie.bootstrap.local_settings import LocalSettings

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

DREAM_GRACE_S = 10.0
"""How long a stopping service waits for its running manual dreams: one still running then is recovered by
the next run, as after a crash (its lease expires; the stages are idempotent)."""


@dataclass(frozen=True)
class Service:
    """The local service's WSGI application and the manual dreams it starts."""

    app: WsgiApp
    dreams: BackgroundDreams
    settings: LocalSettings

    def announce(self, host: str, port: int, server: str = "waitress") -> None:
        """The line that says the service is ready and where (scripts wait for its URL)."""
        auth = "bearer token required" if self.settings.bearer_tokens().required else "loopback, no token"
        print(
            f"Reverie serving {self.settings.home.resolve()} on http://{host}:{port} "
            f"({auth}; console: http://{host}:{port}/console/; docs: /docs; server: {server})",
            flush=True,
        )

    def finish_dreams(self, grace_s: float = DREAM_GRACE_S) -> bool:
        """Once the server has stopped: wait up to `grace_s` seconds for the manual dreams still running.
        True when none is left; otherwise says so on stderr."""
        if self.dreams.wait(timeout=grace_s):
            return True
        print(
            "stopped with a dream still running: it is recovered by the next run", file=sys.stderr, flush=True
        )
        return False


def build_service(settings: LocalSettings, max_body_bytes: int | None = None) -> Service:
    """Backends, manual dreams, the resolver and the console, and the dream loop when enabled.
    `max_body_bytes`: the application refuses larger bodies itself (a server that sets no limit)."""
    from reverie.api.local_server import LocalApi
    from reverie.api.routes import create_app
    from reverie.bootstrap.local import build_local
    from reverie.cli.dream import log_run, start_dream_loop
    from reverie.console.assets import WithConsole

    backends = build_local(settings)
    backends.embedder.embed(["warm up"])  # load the model before the first request, not during it
    dreams = BackgroundDreams(backends, settings.tenant_id, settings.api_max_dreams, on_done=log_run)
    app = create_app(lambda: backends, settings.tenant_id, dreams, settings.request_limits())
    tokens = settings.bearer_tokens()
    wsgi = WithConsole(LocalApi(app, tokens, max_body_bytes=max_body_bytes), tokens=tokens)
    if settings.dream_enabled:
        start_dream_loop(backends, settings)
    return Service(wsgi, dreams, settings)


def serve(settings: LocalSettings, host: str, port: int) -> int:
    """Serve on `host:port` (0: a free port, printed) until SIGINT or SIGTERM."""
    if settings.api_server == "granian":
        from reverie.api.granian_server import serve as serve_granian

        return serve_granian(settings, host, port, kill_after_s=DREAM_GRACE_S + 5)
    from reverie.api.http_server import LocalServer

    service = build_service(settings)
    server = LocalServer(service.app, host, port, settings.server_options())
    service.announce(host, server.server_address[1])
    # shutdown() waits for serve_forever() to return, so it must run on another thread than the loop's
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        service.finish_dreams()
    return 0
