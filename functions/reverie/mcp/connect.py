"""Which Reverie `reverie mcp` speaks to: a remote one by URL, or a local home served in-process. Either way
the MCP tools go through the typed client, so they see exactly what any other API caller sees."""

from __future__ import annotations

from pathlib import Path

from reverie_client import Reverie

LOCAL_URL = "http://reverie.local"  # the in-process service's name in URLs (never resolved)


def local_client(home: Path | None = None) -> Reverie:
    """A client of the local home `home` (default `REVERIE_HOME`, else ./.reverie): the local service's WSGI
    application called in-process (no port opened), with the embedded backends, as `reverie serve` builds
    them; the caller is the local admin, as on loopback."""
    import httpx

    from reverie.api.local_server import LocalApi
    from reverie.api.routes import create_app
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    settings = LocalSettings(home=home) if home is not None else LocalSettings()
    backends = build_local(settings)
    app = create_app(lambda: backends, settings.tenant_id, limits=settings.request_limits())
    wsgi = LocalApi(app, log=lambda line: None)  # stdout carries the MCP protocol over stdio
    return Reverie(LOCAL_URL, transport=httpx.WSGITransport(app=wsgi))


def remote_client(url: str, token: str | None = None, aws_region: str | None = None) -> Reverie:
    """A client of a running Reverie: a local service (a bearer token when it asks for one) or one on AWS
    (SigV4 when `aws_region` is named; credentials from the standard chain)."""
    return Reverie(url, token=token, aws_region=aws_region)
