"""Browser tests of the memory console: Debian's Chromium, headless, driven by Playwright.

One service for the whole session, built as `reverie serve` builds it (the embedded backends, MiniLM,
the rules reasoner, manual dreams on background threads, the console in front), on a loopback port, over a
fresh data folder holding the sample sessions, each user dreamt once (what `make run` loads). A second,
empty service is the home an export is imported into. Each test gets its own browser page; its screenshot
is saved under `tests/e2e/artifacts/` (gitignored) whatever the outcome, and a script error on the page
fails the test. `REVERIE_DOCS_SCREENSHOTS=1` also writes the README's screenshots into `docs/`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.api.background_dreams import BackgroundDreams
from reverie.api.caller import BearerTokens
from reverie.api.routes import create_app
from reverie.bootstrap.local import build_local
from reverie.bootstrap.local_settings import LocalSettings
from reverie.cli.ingest import ingest, load_sessions
from reverie.console.assets import make_console_server
from reverie.domain.dream import Trigger
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DOCS = ROOT / "docs"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
TENANT = "local"
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@dataclass
class Service:
    """A running local service: its URL and the backends behind it (to check what the pages did)."""

    url: str
    backends: Backends

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The API, as an agent calls it, to set a scene or check an outcome."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as resp:
                text = resp.read().decode()
                return resp.status, json.loads(text) if text and resp.headers["Content-Type"].startswith(
                    "application/json"
                ) else text
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    @property
    def console(self) -> str:
        return f"{self.url}/console/"


def _serve(backends: Backends) -> Any:
    app = create_app(lambda: backends, TENANT, BackgroundDreams(backends, TENANT))
    return make_console_server(app, "127.0.0.1", 0)


def _plant_review(service: Service, user: str) -> None:
    """`user` said where their backups live; a document later 'corrects' it: a proposal waits for review."""
    now = datetime.now(UTC)

    def session(name: str, events: list[dict[str, Any]], at: datetime) -> None:
        timed = [{**e, "ts": at.isoformat()} for e in events]
        assert service.call("POST", f"/users/{user}/sessions/{name}/events", {"events": timed})[0] == 200
        assert service.call("POST", f"/users/{user}/sessions/{name}/end", {"outcome": "success"})[0] == 202
        assert dream(service.backends, TENANT, user, Trigger.MANUAL).status.value == "succeeded"

    said = {
        "kind": "message",
        "event_id": "m1",
        "role": "user",
        "text": f"My backup bucket is s3://{user}-backups-main.",
    }
    session("s0", [said], now - timedelta(hours=2))
    swap = {
        "kind": "feedback",
        "event_id": "fb1",
        "signal": "correction",
        "text": f"Actually, my backup bucket is s3://{user}-backups-archive.",
        "source": "document",
    }
    session("s1", [swap], now - timedelta(hours=1))


@pytest.fixture(scope="package")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    """The sample users (alice, bob, carol) loaded and dreamt; dave and erin each with a correction waiting
    for review."""
    home = tmp_path_factory.mktemp("console-home")
    backends = build_local(LocalSettings(home=home, tenant_id=TENANT, dream_enabled=False))
    for path in sorted((ROOT / "events" / "sessions").glob("*.json")):
        ingest(backends, TENANT, load_sessions(path))
    for user in backends.log.users(TENANT):
        dream(backends, TENANT, user, Trigger.MANUAL)
    with _serve(backends) as server:
        found = Service(server.url, backends)
        for user in ("dave", "erin"):
            _plant_review(found, user)
        yield found


@pytest.fixture(scope="package")
def empty_service(service: Service, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    """Another home, empty: where an export is imported. It shares the first one's embedder (the same
    model, loaded once)."""
    home = tmp_path_factory.mktemp("empty-home")
    backends = build_local(LocalSettings(home=home, tenant_id=TENANT, dream_enabled=False))
    backends.embedder = service.backends.embedder
    with _serve(backends) as server:
        yield Service(server.url, backends)


ADMIN_TOKEN = "e2e-admin-token-0123456789"


@pytest.fixture(scope="package")
def guarded_service(service: Service) -> Iterator[Service]:
    """The same memory behind a service that requires a bearer token (REVERIE_API_TOKEN)."""
    app = create_app(lambda: service.backends, TENANT)
    tokens = BearerTokens(admin=SecretStr(ADMIN_TOKEN), agent=SecretStr("e2e-agent-token-0123456789"))
    with make_console_server(app, "127.0.0.1", 0, tokens) as server:
        yield Service(server.url, service.backends)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One Chromium for the console's tests, closed when they end: the sync API keeps an event loop running in
    this thread, which later tests that run asyncio (the MCP server's) cannot share."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # a loaded CI machine: assertions wait as long as actions do

    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: `make install` installs Debian's chromium (apt-get install chromium)"
        )
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page at laptop width; its screenshot saved after the test; script errors fail the test."""
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    opened.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


def docs_screenshot(page: Any, name: str) -> None:
    """Save the README's screenshot `docs/<name>` when REVERIE_DOCS_SCREENSHOTS=1 (and always as an artifact)."""
    page.screenshot(path=str(ARTIFACTS / name))  # the first screen: what a reader sees first
    if os.environ.get("REVERIE_DOCS_SCREENSHOTS") == "1":
        DOCS.mkdir(exist_ok=True)
        shutil.copy(ARTIFACTS / name, DOCS / name)
