"""`Backends` for unit tests: in-memory fakes of every port, the real SQLite index in memory."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.domain.models import utcnow
from reverie.ports import Reasoner, TokenCounter
from reverie.services.backends import Backends
from tests.fakes.embedder import HashEmbedder
from tests.fakes.run_store import InMemoryRunStore
from tests.fakes.stores import InMemoryLogStore, InMemoryNoteStore, InMemoryQueue


class WhitespaceTokenCounter(TokenCounter):
    """Unit tests only: one token per whitespace-separated word."""

    def count(self, text: str) -> int:
        return len(text.split())


def fake_backends(
    clock: Callable[[], datetime] = utcnow,
    reasoner: Reasoner | None = None,
    tokens: TokenCounter | None = None,
) -> Backends:
    """Fakes for every port; the dream's ports too when a reasoner is given."""
    embedder = HashEmbedder()
    return Backends(
        log=InMemoryLogStore(),
        notes=InMemoryNoteStore(clock=clock),
        index=SqliteSearchIndex(":memory:", dim=embedder.dim),
        embedder=embedder,
        tokens=tokens or WhitespaceTokenCounter(),
        queue=InMemoryQueue(),
        clock=clock,
        runs=InMemoryRunStore() if reasoner is not None else None,
        reasoner=reasoner,
    )
