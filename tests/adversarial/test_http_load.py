"""Issue 10, "Load": 100 clients at once get no connection reset, and a dream started through the API
holds no request: it answers 202 with the run to poll, and `/health` answers while the run goes on.

Against the local server on a loopback ephemeral port (waitress, fake stores).
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from reverie.api.background_dreams import BackgroundDreams
from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from reverie.domain.events import Event
from reverie.domain.models import Scope
from reverie.ports import Extraction
from reverie.services.backends import Backends
from reverie_bench.reliability_http import concurrent_appends
from tests.fakes.backends import fake_backends
from tests.fakes.reasoner import ScriptedReasoner

TENANT = "t-load"


class HeldReasoner(ScriptedReasoner):
    """Extracts only once the test lets it: a dream that is provably still running meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.release = threading.Event()

    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction:
        self.entered.set()
        self.release.wait(60)
        return super().extract(events, scope)


@pytest.fixture
def reasoner() -> Iterator[HeldReasoner]:
    held = HeldReasoner()
    yield held
    held.release.set()  # never leave a dream thread waiting


@pytest.fixture
def backends(reasoner: HeldReasoner) -> Backends:
    return fake_backends(reasoner=reasoner)


@pytest.fixture
def base_url(backends: Backends) -> Iterator[str]:
    app = create_app(lambda: backends, TENANT, BackgroundDreams(backends, TENANT))
    with make_server(app, "127.0.0.1", 0) as server:
        yield server.url


def call(base_url: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base_url + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    # a short timeout: a request that waited for the held dream would fail here
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


def test_a_hundred_clients_at_once_are_all_answered(base_url: str, backends: Backends) -> None:
    # WHEN 100 clients connect at the same moment, each appending an event for a user of its own
    load = concurrent_appends(base_url, clients=100)

    # THEN none is reset or left unanswered, and every event is stored
    assert (load.resets, load.unanswered, dict(load.failures)) == (0, 0, {})
    assert load.statuses == {200: 100}
    assert len(backends.log.users(TENANT)) == 100


def test_a_dream_runs_off_the_request_and_health_answers_meanwhile(
    base_url: str, reasoner: HeldReasoner
) -> None:
    # GIVEN alice said something worth a dream
    note = {"kind": "note", "event_id": "n1", "text": "The staging database is read-only on Fridays."}
    assert call(base_url, "POST", "/users/alice/sessions/s1/events", {"events": [note]})[0] == 200

    # WHEN a dream is started through the API, and its reasoner is held mid-run
    status, started = call(base_url, "POST", "/users/alice/dreams", {})
    assert reasoner.entered.wait(10)

    # THEN the start was answered at once with the run to poll, and the service answers during the run
    assert (status, started["status"], started["poll"]) == (
        202,
        "running",
        f"/users/alice/dreams/{started['run_id']}",
    )
    assert call(base_url, "GET", "/health") == (200, {"status": "ok", "tenant_id": TENANT})
    assert call(base_url, "GET", started["poll"])[1]["run"]["status"] == "running"
    # AND a second start for the same user is refused while the first runs
    with pytest.raises(urllib.error.HTTPError) as busy:
        call(base_url, "POST", "/users/alice/dreams", {})
    assert busy.value.code == 409

    # WHEN the reasoner is let go, THEN the polled run finishes
    reasoner.release.set()
    for _ in range(200):
        run = call(base_url, "GET", started["poll"])[1]["run"]
        if run["status"] != "running":
            break
        threading.Event().wait(0.05)
    assert run["status"] == "succeeded", run
