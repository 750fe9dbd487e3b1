"""The ports a service needs, handed over together. Built by `reverie.bootstrap` (or by tests, with fakes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import utcnow
from reverie.ports import (
    Embedder,
    LogStore,
    NoteStore,
    Prober,
    Queue,
    Reasoner,
    Reranker,
    RunStore,
    SearchIndex,
    TokenCounter,
)


@dataclass
class Backends:
    log: LogStore
    notes: NoteStore
    index: SearchIndex
    embedder: Embedder
    tokens: TokenCounter
    queue: Queue
    reranker: Reranker | None = None
    clock: Callable[[], datetime] = field(default=utcnow)
    # The dream's ports: the online path needs none of them.
    runs: RunStore | None = None
    reasoner: Reasoner | None = None
    probers: Sequence[Prober] = ()

    def dream_ports(self) -> tuple[RunStore, Reasoner]:
        if self.runs is None or self.reasoner is None:
            raise InvalidRequest("dreaming is not configured here: no run store or reasoner")
        return self.runs, self.reasoner
