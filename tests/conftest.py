"""Shared fixtures: `backends` wires the services to fakes (and the real in-memory SQLite index)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from reverie.domain.models import Scope
from reverie.services.backends import Backends
from tests.fakes.backends import fake_backends


class Clock:
    """A clock tests move by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def backends(clock: Clock) -> Iterator[Backends]:
    yield fake_backends(clock)


@pytest.fixture
def alice() -> Scope:
    return Scope(tenant_id="t1", user_id="alice")


@pytest.fixture
def bob() -> Scope:
    return Scope(tenant_id="t1", user_id="bob")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Powertools warns when an invocation publishes no metric; many rightly publish none."""
    for item in items:
        if any(folder in str(item.path) for folder in ("tests/handlers/", "tests/integration/")):
            item.add_marker(pytest.mark.filterwarnings("ignore:No application metrics to publish"))
