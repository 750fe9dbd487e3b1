"""Fixtures of the service tests that dream."""

from __future__ import annotations

import pytest

from reverie.services.backends import Backends
from tests.fakes.reasoner import ScriptedReasoner
from tests.fakes.run_store import InMemoryRunStore


@pytest.fixture
def b(backends: Backends) -> Backends:
    """The fake backends with the dream's ports: an in-memory run store and the scripted reasoner."""
    backends.runs = InMemoryRunStore()
    backends.reasoner = ScriptedReasoner()
    return backends
