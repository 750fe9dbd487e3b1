"""Ports: the small abstract classes the services depend on. Each backend fills one in.

Every adapter of a port passes the same contract suite (tests/contract/). Adapters raise the domain
exceptions from `reverie.domain.errors`, never a backend's own error. The storage ports live in `storage`,
the model ports (embeddings, tokens, reranking, reasoning, probes) in `models`; both are imported from here.
"""

from reverie.ports.models import (
    Embedder,
    Extraction,
    MergeAction,
    MergeDecision,
    Prober,
    Reasoner,
    ReasonerUsage,
    Reranker,
    TokenCounter,
)
from reverie.ports.storage import (
    AppendResult,
    CardQuery,
    Fence,
    Lease,
    LogStore,
    NoteStore,
    Queue,
    QueueMessage,
    RunStore,
    SearchIndex,
    SessionInfo,
)

__all__ = [
    "AppendResult",
    "CardQuery",
    "Embedder",
    "Extraction",
    "Fence",
    "Lease",
    "LogStore",
    "MergeAction",
    "MergeDecision",
    "NoteStore",
    "Prober",
    "Queue",
    "QueueMessage",
    "Reasoner",
    "ReasonerUsage",
    "Reranker",
    "RunStore",
    "SearchIndex",
    "SessionInfo",
    "TokenCounter",
]
