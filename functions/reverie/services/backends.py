"""The ports a service needs, handed over together. Built by `reverie.bootstrap` (or by tests, with fakes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from reverie.domain.models import utcnow
from reverie.ports import Embedder, LogStore, NoteStore, Queue, Reranker, SearchIndex, TokenCounter


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
