"""Serving the console's files at `/console/` in front of the local service's WSGI application.

The files are read once, from the package, into memory (a few tens of kilobytes): only those files are
ever served, so no path can reach anything else. They hold no data and need no token: every read of
memory goes through the API, which checks the caller. The answers carry the security headers a static
host would add (a content security policy of 'self' only: no CDN, no inline script).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from reverie.api.caller import BearerTokens
from reverie.api.http_server import LocalServer, ServerOptions
from reverie.api.local_server import LocalApi
from reverie.console.context_stats import ContextStats

STATIC = Path(__file__).resolve().parent / "static"
PREFIX = "/console"
STATS = PREFIX + "/context-stats.json"  # injected tokens per context since start (`ContextStats`)
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
StartResponse = Callable[[str, list[tuple[str, str]]], Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def load_files(root: Path = STATIC) -> dict[str, tuple[str, bytes]]:
    """Every servable file under `root`: its URL path below `/console/` → (content type, bytes)."""
    return {
        path.relative_to(root).as_posix(): (_TYPES[path.suffix], path.read_bytes())
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.suffix in _TYPES
    }


class WithConsole:
    """A WSGI application: `GET /console/...` answered from the console's files, anything else by `api`."""

    def __init__(
        self,
        api: WsgiApp,
        files: dict[str, tuple[str, bytes]] | None = None,
        tokens: BearerTokens | None = None,
    ) -> None:
        self.api = api
        self.files = load_files() if files is None else files
        self.tokens = tokens or BearerTokens()
        self.stats = ContextStats()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO") or "/")
        if path != PREFIX and not path.startswith(PREFIX + "/"):
            return self.stats.watch(self.api, environ, start_response)
        if path == STATS:
            return self._stats(environ, start_response)
        method = str(environ.get("REQUEST_METHOD", "GET"))
        if method not in ("GET", "HEAD"):
            return self._send(
                start_response, "405 Method Not Allowed", "text/plain", b"read-only", Allow="GET, HEAD"
            )
        if path == PREFIX:
            return self._send(
                start_response, "308 Permanent Redirect", "text/plain", b"", Location=PREFIX + "/"
            )
        name = path[len(PREFIX) + 1 :] or "index.html"
        found = self.files.get(name)
        if found is None:
            return self._send(
                start_response, "404 Not Found", "text/plain; charset=utf-8", b"no such console file"
            )
        content_type, body = found
        return self._send(
            start_response, "200 OK", content_type, b"" if method == "HEAD" else body, length=len(body)
        )

    def _stats(self, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
        """The contexts' token counts, for the admin (the one figure here not in the package's files)."""
        caller = self.tokens.caller(environ.get("HTTP_AUTHORIZATION")) if self.tokens.required else None
        if self.tokens.required and (caller is None or not caller.is_admin):
            return self._send(
                start_response, "401 Unauthorized", "application/json", b'{"error":"Unauthorized"}'
            )
        body = json.dumps(self.stats.summary()).encode()
        return self._send(start_response, "200 OK", "application/json", body)

    @staticmethod
    def _send(
        start_response: StartResponse,
        status: str,
        content_type: str,
        body: bytes,
        length: int | None = None,
        **extra: str,
    ) -> list[bytes]:
        headers = {
            "Content-Type": content_type,
            "Content-Length": str(len(body) if length is None else length),
        }
        start_response(status, list({**headers, **SECURITY_HEADERS, **extra}.items()))
        return [body]


def make_console_server(
    app: APIGatewayRestResolver,
    host: str,
    port: int,
    tokens: BearerTokens | None = None,
    options: ServerOptions | None = None,
) -> LocalServer:
    """The local service (as `api.local_server.make_server` builds it) with the console at `/console/`."""
    return LocalServer(WithConsole(LocalApi(app, tokens), tokens=tokens), host, port, options)
