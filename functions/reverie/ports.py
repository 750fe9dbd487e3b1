"""Ports: the small abstract classes the services depend on. Each backend fills one in.

Every adapter of a port passes the same contract suite (tests/contract/). Adapters raise the domain
exceptions from `reverie.domain.errors`, never a backend's own error.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Candidate, Change, DreamRun, ProbeResult, ReviewItem
from reverie.domain.events import Event
from reverie.domain.models import Layer, MemoryCard, MemoryType, Scope, Status
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit


@dataclass(frozen=True)
class AppendResult:
    stored: int
    duplicates: int


@dataclass(frozen=True)
class SessionInfo:
    session_id: str
    first_ts: datetime
    last_ts: datetime
    event_count: int
    ended: bool


class LogStore(ABC):
    """L1: the raw log. Append-only and immutable, partitioned by tenant / user / session.

    - `append` is idempotent by `event_id` within a session: an event already stored with the same payload
      counts as a duplicate and is not stored again; the same id with a different payload raises
      `EventConflict` and then nothing of the batch is stored.
    - Reads return events in append order (a session) or by (ts, append order) (a user).
    - The only removal is `delete_user` (a person's right to be forgotten).
    """

    @abstractmethod
    def append(self, events: Sequence[Event]) -> AppendResult: ...

    @abstractmethod
    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]: ...

    @abstractmethod
    def read_user(self, tenant_id: str, user_id: str, since: datetime | None = None) -> list[Event]: ...

    @abstractmethod
    def sessions(self, tenant_id: str, user_id: str) -> list[SessionInfo]:
        """The user's sessions, oldest first."""

    @abstractmethod
    def users(self, tenant_id: str) -> list[str]:
        """Users with at least one event, sorted."""

    @abstractmethod
    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Remove every event of the user; returns how many were removed."""


@dataclass(frozen=True)
class CardQuery:
    """Listing of current card versions inside one scope. Newest `updated_at` first."""

    scope: Scope
    layers: frozenset[Layer] | None = None
    types: frozenset[MemoryType] | None = None
    statuses: frozenset[Status] | None = None
    key: str | None = None
    limit: int = 100
    offset: int = 0


class NoteStore(ABC):
    """L2 and L3: versioned memory cards (the source of truth).

    - A card's current version is the highest; older versions stay readable through `history`.
    - `update` and `supersede` name the version they read: if it is no longer current they raise
      `VersionConflict` and write nothing (optimistic locking; no update is lost silently).
    - `supersede` is atomic: the new card is created and the old one gets a new version with status
      `superseded` and `superseded_by` set, or neither happens.
    - Hit counters (`record_hits`) are usage statistics kept beside the versions: they never add a version.
    - `get` raises `NotFound` for an unknown id or another tenant's card.
    """

    @abstractmethod
    def create(self, card: MemoryCard) -> MemoryCard:
        """Store version 1 of a new card; `AlreadyExists` if the id is taken."""

    @abstractmethod
    def get(self, tenant_id: str, memory_id: str) -> MemoryCard: ...

    @abstractmethod
    def get_many(self, tenant_id: str, memory_ids: Sequence[str]) -> list[MemoryCard]:
        """Current versions of the ids that exist, in the order asked (unknown ids are skipped)."""

    @abstractmethod
    def update(self, card: MemoryCard, expected_version: int) -> MemoryCard:
        """Append version `expected_version + 1` with the card's content; returns what was stored."""

    @abstractmethod
    def supersede(self, old: MemoryCard, new: MemoryCard) -> tuple[MemoryCard, MemoryCard]:
        """Retire `old` (at the version it was read) in favour of the new card `new`; returns both."""

    @abstractmethod
    def history(self, tenant_id: str, memory_id: str) -> list[MemoryCard]:
        """Every version, oldest first; `NotFound` if none."""

    @abstractmethod
    def query(self, query: CardQuery) -> list[MemoryCard]: ...

    @abstractmethod
    def record_hits(self, tenant_id: str, memory_ids: Sequence[str], at: datetime) -> None: ...

    @abstractmethod
    def delete(self, tenant_id: str, memory_id: str) -> None:
        """Remove the card and all its versions; `NotFound` if unknown."""

    @abstractmethod
    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Remove every card (all versions) scoped to the user; returns how many cards."""

    @abstractmethod
    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        """Current user-scoped cards per user (all layers and statuses)."""


class SearchIndex(ABC):
    """The index over current cards: three recall paths, each filtering inside its query.

    Every search applies the `SearchFilter` (tenant, the scope visibility rule, statuses, types, expiry)
    in the backend query itself. Results are ordered by score, higher first. `upsert` replaces a document
    with the same `memory_id`; `delete` of an unknown id is a no-op.
    """

    @abstractmethod
    def upsert(self, docs: Sequence[SearchDoc]) -> None: ...

    @abstractmethod
    def delete(self, tenant_id: str, memory_ids: Sequence[str]) -> None: ...

    @abstractmethod
    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Remove every document scoped to the user; returns how many."""

    @abstractmethod
    def search_text(self, query: str, filter: SearchFilter, k: int) -> list[SearchHit]:
        """Keyword path (BM25); an empty or stop-word-only query returns nothing."""

    @abstractmethod
    def search_vector(self, vector: Sequence[float], filter: SearchFilter, k: int) -> list[SearchHit]:
        """Vector path (cosine similarity, in [-1, 1])."""

    @abstractmethod
    def search_timeline(
        self,
        filter: SearchFilter,
        k: int,
        entities: Sequence[str] = (),
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[SearchHit]:
        """Timeline / entity path: documents observed within [start, end] (open ends allowed) and, when
        entities are given, mentioning at least one of them (case-insensitive). Score: the number of given
        entities matched; ties go to the most recently observed."""

    @abstractmethod
    def count(self, filter: SearchFilter) -> int: ...


class Embedder(ABC):
    """Sentence embeddings: unit-length vectors of `dim` floats, the same text always the same vector."""

    model_id: str
    dim: int

    @abstractmethod
    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class TokenCounter(ABC):
    """Counts tokens the way a model would see the text (for the recall budget)."""

    @abstractmethod
    def count(self, text: str) -> int: ...


class Reranker(ABC):
    """Scores (query, passage) pairs; higher is more relevant. One score per passage, in order."""

    @abstractmethod
    def rerank(self, query: str, passages: Sequence[str]) -> list[float]: ...


@dataclass(frozen=True)
class QueueMessage:
    message_id: str
    body: dict[str, Any]


class Queue(ABC):
    """Work queue (session end → dream). At-least-once: a received message comes back until `ack`ed.
    A `dedup_id` already sent and not yet acked is not queued twice."""

    @abstractmethod
    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None: ...

    @abstractmethod
    def receive(self, max_messages: int = 10) -> list[QueueMessage]: ...

    @abstractmethod
    def ack(self, message_id: str) -> None: ...


# --- the dream -------------------------------------------------------------------------------------


class ReasonerUsage(BaseModel):
    model_config = ConfigDict(frozen=True)

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: ReasonerUsage) -> ReasonerUsage:
        return ReasonerUsage(
            calls=self.calls + other.calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class Extraction(BaseModel):
    model_config = ConfigDict(frozen=True)

    candidates: list[Candidate]
    usage: ReasonerUsage = ReasonerUsage()


class MergeAction(StrEnum):
    ADD = "add"  # nothing like it exists: a new card
    UPDATE = "update"  # same idea, better or extra detail: a new version of the target
    SUPERSEDE = "supersede"  # the state changed (latest wins): retire the target for a new card
    NOOP = "noop"  # already known: at most the target gains evidence
    CONFLICT = "conflict"  # contradicts the target and cannot be settled: both go to human review


class MergeDecision(BaseModel):
    model_config = ConfigDict(frozen=True)

    action: MergeAction
    target_id: str | None = None
    statement: str | None = Field(default=None, description="the merged text for UPDATE, if it changes")
    reason: str = ""
    usage: ReasonerUsage = ReasonerUsage()


class Reasoner(ABC):
    """The dream's language work: extraction of candidate propositions and merge decisions.

    - `extract` reads one session's events (in order) and returns candidates that cite those events;
      it follows the extraction rules: will it still matter in a month, better to miss than to store
      noise, one idea per candidate, facts without opinion, volatile state never.
    - `decide` compares one candidate with the most similar current cards (possibly none) and says what
      to do; `target_id` is one of the given cards' ids (None for ADD).
    - Both report their usage; a deterministic reasoner reports calls and zero tokens.
    """

    name: str

    @abstractmethod
    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction: ...

    @abstractmethod
    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision: ...


class Prober(ABC):
    """A registered re-check of a claim against the environment (a file exists, a service answers...).

    `applies_to` says whether this probe can judge the candidate; `probe` answers supported,
    contradicted or unknown, never raises for an unreachable environment (that is `unknown`).
    """

    name: str

    @abstractmethod
    def applies_to(self, candidate: Candidate) -> bool: ...

    @abstractmethod
    def probe(self, candidate: Candidate) -> ProbeResult: ...


class RunStore(ABC):
    """Dream runs, their changes, stage outputs, the per-user lease and the human review queue.

    - Runs are operational records: `save_run` replaces the stored run of the same id.
    - `record_change` is idempotent by (run_id, change_id): a retried stage records a change once.
    - `save_stage_output` / `stage_output` hold a stage's result (small JSON) so the next stage, or a
      resumed run, reads it instead of redoing the work; saving twice keeps the first.
    - `acquire_lease` succeeds when no lease is held for the (tenant, user) or the held one expired
      (its holder died); `release_lease` by a non-holder is a no-op.
    - `add_review` is idempotent by item_id; `get_review` and `resolve_review` raise `NotFound` for an
      unknown item or another tenant's.
    - `rolled_back_fingerprints`: candidates whose changes were rolled back; a later run must not
      promote them again without new evidence.
    """

    @abstractmethod
    def save_run(self, run: DreamRun) -> None: ...

    @abstractmethod
    def get_run(self, tenant_id: str, run_id: str) -> DreamRun: ...

    @abstractmethod
    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        """Newest first."""

    @abstractmethod
    def record_change(self, tenant_id: str, change: Change) -> None: ...

    @abstractmethod
    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        """In the order recorded."""

    @abstractmethod
    def save_stage_output(self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any]) -> None: ...

    @abstractmethod
    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None: ...

    @abstractmethod
    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> bool: ...

    @abstractmethod
    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None: ...

    @abstractmethod
    def mark_rolled_back(self, tenant_id: str, user_id: str, fingerprints: Sequence[str]) -> None: ...

    @abstractmethod
    def rolled_back_fingerprints(self, tenant_id: str, user_id: str) -> set[str]: ...

    @abstractmethod
    def add_review(self, item: ReviewItem) -> None: ...

    @abstractmethod
    def get_review(self, tenant_id: str, item_id: str) -> ReviewItem:
        """The review item as stored now (any status), read by its id alone: `NotFound` if the tenant has
        no item of that id (another tenant's item is not found either)."""

    @abstractmethod
    def list_reviews(
        self, tenant_id: str, user_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewItem]:
        """Oldest first; `status=None` lists every status."""

    @abstractmethod
    def resolve_review(self, tenant_id: str, item_id: str, status: str, at: datetime) -> ReviewItem: ...

    @abstractmethod
    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Remove the user's runs, changes, stage outputs, lease, review items; returns how many records."""
