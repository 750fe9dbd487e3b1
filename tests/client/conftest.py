"""Client test fixtures: the real local service on a loopback port, over fakes of the stores and the rules
reasoner (so dreams run), and clients pointed at it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.api.caller import BearerTokens
from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from reverie.services.backends import Backends
from reverie_client import Reverie
from tests.fakes.backends import fake_backends

TENANT = "t-client"
ADMIN_TOKEN = "admin-token-for-tests"
AGENT_TOKEN = "agent-token-for-tests"


@pytest.fixture
def backends() -> Backends:
    return fake_backends(reasoner=RuleReasoner())


def serve(backends: Backends, tokens: BearerTokens | None = None) -> Iterator[str]:
    """The local service (waitress) on a free loopback port; yields its URL."""
    with make_server(create_app(lambda: backends, TENANT), "127.0.0.1", 0, tokens) as server:
        yield server.url


@pytest.fixture
def service_url(backends: Backends) -> Iterator[str]:
    """The local service as `reverie serve` runs it on loopback: no token."""
    yield from serve(backends)


@pytest.fixture
def guarded_url(backends: Backends) -> Iterator[str]:
    """The local service requiring bearer tokens (admin and agent roles)."""
    yield from serve(backends, BearerTokens(admin=SecretStr(ADMIN_TOKEN), agent=SecretStr(AGENT_TOKEN)))


@pytest.fixture
def reverie(service_url: str) -> Iterator[Reverie]:
    with Reverie(service_url) as client:
        yield client
