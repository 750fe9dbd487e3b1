"""Fixtures of the service tests that dream."""

from __future__ import annotations

import pytest

from reverie.adapters.local.embedder import MiniLMEmbedder
from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.fakes.backends import fake_backends
from tests.fakes.reasoner import ScriptedReasoner
from tests.fakes.run_store import InMemoryRunStore


@pytest.fixture
def b(backends: Backends) -> Backends:
    """The fake backends with the dream's ports: an in-memory run store and the scripted reasoner."""
    backends.runs = InMemoryRunStore()
    backends.reasoner = ScriptedReasoner()
    return backends


@pytest.fixture
def rules(clock: Clock) -> Backends:
    """The fake backends with the dream's ports, dreaming with the rule-based reasoner (the one the
    product runs offline) instead of a scripted one."""
    return fake_backends(clock, reasoner=RuleReasoner())


@pytest.fixture(scope="session")
def minilm() -> MiniLMEmbedder:
    """The real local embedder (MiniLM), loaded once, for the service tests that judge meaning."""
    model = MiniLMEmbedder()
    model.load()
    return model
