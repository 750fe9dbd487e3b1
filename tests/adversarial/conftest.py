"""What the adversarial tests share: the planted secret corpus and one run of every path through it."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie_bench.secrets import Form, Lookalike, Report, leaks, load_corpus
from tests.fakes.embedder import HashEmbedder

FORMS, LOOKALIKES = load_corpus()


@pytest.fixture(scope="session")
def secret_report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    """Every corpus form sent along every path into embedded stores (rules reasoner, hash embedder)."""
    root: Path = tmp_path_factory.mktemp("secrets")
    return leaks(HashEmbedder(), root)


__all__ = ["FORMS", "LOOKALIKES", "Form", "Lookalike"]
