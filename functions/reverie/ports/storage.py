"""The storage ports: the raw log (L1), memory cards (L2/L3), the search index, the session-end queue and
the dream's run records. Every adapter passes the port's contract suite (tests/contract/)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.domain.events import Event
from reverie.domain.models import Layer, MemoryCard, MemoryType, Scope, Status
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit
from reverie.ports.erasure import Compactable


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


class LogStore(Compactable, ABC):
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

    def stored_times(
        self, tenant_id: str, user_id: str, session_id: str, event_ids: Collection[str]
    ) -> dict[str, datetime]:
        """The stored `ts` of each of `event_ids` already in the session (ids not stored are left out).
        Backends that find an event by its id override this; this default reads the whole session."""
        wanted = set(event_ids)
        return {
            e.event_id: e.ts
            for e in self.read_session(tenant_id, user_id, session_id)
            if e.event_id in wanted
        }

    @abstractmethod
    def sessions(self, tenant_id: str, user_id: str) -> list[SessionInfo]:
        """The user's sessions, oldest first."""

    @abstractmethod
    def users(self, tenant_id: str) -> list[str]:
        """Users with at least one event, sorted."""

    def has_events(self, tenant_id: str, user_id: str) -> bool:
        """Whether the user has at least one event (a forgotten user has none). Backends answer it
        without reading the events where they can."""
        return bool(self.sessions(tenant_id, user_id))

    @abstractmethod
    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Remove every event of the user; returns how many were removed."""


@dataclass(frozen=True)
class CardQuery:
    """Listing of current card versions inside one scope. Newest `updated_at` first.

    `key` / `keys`: only cards whose key is that one / one of those (both given: both hold); a key read
    reads only the store's key index (one read per key, or one for the keys of a profile), never a
    listing of the scope."""

    scope: Scope
    layers: frozenset[Layer] | None = None
    types: frozenset[MemoryType] | None = None
    statuses: frozenset[Status] | None = None
    key: str | None = None
    limit: int = 100
    offset: int = 0
    keys: frozenset[str] | None = None

    def wanted_keys(self) -> frozenset[str] | None:
        """The keys a card may have to be listed (None: any key or none)."""
        if self.key is None:
            return self.keys
        return frozenset({self.key}) & self.keys if self.keys is not None else frozenset({self.key})

    def admits(self, card: MemoryCard) -> bool:
        """The card passes the query: visible to its scope, and of its layers, types, statuses and keys
        (what every store's read checks on a card, whatever its own query language did first)."""
        wanted = self.wanted_keys()
        return (
            card.visible_to(self.scope)
            and (self.layers is None or card.layer in self.layers)
            and (self.types is None or card.type in self.types)
            and (self.statuses is None or card.status in self.statuses)
            and (wanted is None or card.key in wanted)
        )


class NoteStore(Compactable, ABC):
    """L2 and L3: versioned memory cards (the source of truth).

    - A card's current version is the highest; older versions stay readable through `history`.
    - `update` and `supersede` name the version they read: if it is no longer current they raise
      `VersionConflict` and write nothing (optimistic locking; no update is lost silently).
    - `supersede` is atomic: the new card is created and the old one gets a new version with status
      `superseded` and `superseded_by` set, or neither happens.
    - Hit counters (`record_hits`) are usage statistics kept beside the versions: they never add a version.
    - `get` raises `NotFound` for an unknown id or another tenant's card.
    - A dream run never writes here before it commits: its card versions wait in its journal
      (`RunStore.append_journal`, fenced by its lease) and are applied only after its commit marker,
      idempotently (`services.dream.commit`). So every version read here belongs to a committed run, a
      capture or a person, and a note store needs no fencing of its own: a run that lost its lease is
      stopped at its journal (`LeaseLost`) before anything reaches the cards.
    """

    @abstractmethod
    def create(self, card: MemoryCard) -> MemoryCard:
        """Store version 1 of a new card; `AlreadyExists` if the id is taken."""

    def create_many(self, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
        """Store version 1 of each new card, as `create` would one by one, and return them in the order
        given; `AlreadyExists` if an id is taken (or given twice). Stores that can write a batch at once
        override this (SQLite: one transaction, all or none); this default creates them one by one."""
        return [self.create(card) for card in cards]

    @abstractmethod
    def get(self, tenant_id: str, memory_id: str) -> MemoryCard: ...

    @abstractmethod
    def get_many(self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True) -> list[MemoryCard]:
        """Current versions of the ids that exist, in the order asked (unknown ids are skipped).

        `counters=False`: the caller reads no hit counters (recall, which ranks without them), so the
        store may leave `hit_count` and `last_hit_at` out of date (a read that skips counting the hits
        still buffered, or the counters' items not read at all)."""

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
    def shared_by(self, tenant_id: str, user_id: str) -> list[str]:
        """Ids of the project, org and global cards written through the user's path (their `user_id`
        names the author), sorted; what forgetting the user must also settle."""

    @abstractmethod
    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        """Current user-scoped cards per user (all layers and statuses)."""


class SearchIndex(Compactable, ABC):
    """The index over current cards: three recall paths, each filtering inside its query.

    Every search applies the `SearchFilter` (tenant, the scope visibility rule, statuses, types, expiry)
    in the backend query itself. Results are ordered by score, higher first. `upsert` replaces a document
    with the same `memory_id`; `delete` of an unknown id is a no-op.

    `in_process`: its searches are work on the caller's own CPU (an embedded index), not a wait on a
    server; recall then runs its keyword search on the request's thread instead of beside it on a worker.
    """

    in_process: ClassVar[bool] = False

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

    def search_windows(
        self, filter: SearchFilter, k: int, windows: Sequence[tuple[datetime, datetime]]
    ) -> list[list[SearchHit]]:
        """The timeline path over several time windows at once: for each `(start, end)` of `windows`, in
        order, what `search_timeline(filter, k, (), start, end)` returns. A backend that can answer them
        in one round trip overrides this loop."""
        return [self.search_timeline(filter, k, (), start, end) for start, end in windows]

    @abstractmethod
    def count(self, filter: SearchFilter) -> int: ...

    def cached_vectors(self, tenant_id: str, user_id: str) -> int:
        """Vectors of the user's documents this process holds in memory (a cache); 0 without a cache."""
        return 0


@dataclass(frozen=True)
class QueueMessage:
    message_id: str
    body: dict[str, Any]


class Queue(Compactable, ABC):
    """Work queue (session end → dream). At-least-once: a received message comes back until `ack`ed.
    A `dedup_id` already sent and not yet acked is not queued twice."""

    @abstractmethod
    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None: ...

    @abstractmethod
    def receive(self, max_messages: int = 10) -> list[QueueMessage]: ...

    @abstractmethod
    def ack(self, message_id: str) -> None: ...

    @abstractmethod
    def purge_user(self, tenant_id: str, user_id: str) -> int | None:
        """Remove the queued messages (received or not) whose body names this `tenant_id` and `user_id`;
        returns how many. None when the backend cannot pick messages out of the queue (SQS): then the
        consumer must drop them (see the adapter)."""


# --- the dream -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lease:
    """The per-(tenant, user) dream lease as granted: `token` is its fencing token, a counter that moves on
    by one each time a new holder acquires the lease (a renewal by the same holder keeps it)."""

    holder: str
    token: int
    expires_at: datetime


@dataclass(frozen=True)
class Fence:
    """What a run's write carries so the store can refuse it once the run lost its lease: the user whose
    lease it is, the holder (the run id) and the token the run was granted."""

    user_id: str
    holder: str
    token: int


class RunStore(Compactable, ABC):
    """Dream runs, their changes, stage outputs, journals, the per-user lease and the human review queue.

    - Runs are operational records: `save_run` replaces the stored run of the same id.
    - `record_change` is idempotent by (run_id, change_id): a retried stage records a change once.
    - `save_stage_output` / `stage_output` hold a stage's result (small JSON) so the next stage, or a
      resumed run, reads it instead of redoing the work; saving twice keeps the first.
    - `acquire_lease` succeeds when no lease is held for the (tenant, user), the held one expired (its
      holder died) or the caller already holds it; it returns the `Lease` with its fencing token, or None.
      A new holder gets the previous token + 1 (the counter survives `release_lease`); a renewal by the
      holder keeps its token. `release_lease` by a non-holder is a no-op.
    - Fencing: `save_run`, `record_change`, `save_stage_output`, `append_journal` and `commit_run` given a
      `Fence` write only while that lease still names `fence.holder` with `fence.token` (an expired lease
      nobody took over still counts); otherwise they raise `LeaseLost` and write nothing. The check and the
      write are one atomic step.
    - The journal: a run's card writes wait in `append_journal` entries (plain JSON, one per `seq`,
      idempotent: the same entry at a taken seq is a no-op, another one is `InvalidRequest`), read back in
      seq order by `journal`. `commit_run` writes the run's commit marker once (later calls return the
      first commit's time); `committed_at` is that time, or None for a run that never committed.
    - `add_review` is idempotent by item_id; `get_review` and `resolve_review` raise `NotFound` for an
      unknown item or another tenant's.
    - `rolled_back_fingerprints`: candidates whose changes were rolled back; a later run must not
      promote them again without new evidence.
    """

    @abstractmethod
    def save_run(self, run: DreamRun, fence: Fence | None = None) -> None: ...

    @abstractmethod
    def get_run(self, tenant_id: str, run_id: str) -> DreamRun: ...

    @abstractmethod
    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        """Newest first."""

    @abstractmethod
    def record_change(self, tenant_id: str, change: Change, fence: Fence | None = None) -> None: ...

    @abstractmethod
    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        """In the order recorded."""

    @abstractmethod
    def save_stage_output(
        self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any], fence: Fence | None = None
    ) -> None: ...

    @abstractmethod
    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None: ...

    @abstractmethod
    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> Lease | None: ...

    @abstractmethod
    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None: ...

    @abstractmethod
    def append_journal(
        self, tenant_id: str, run_id: str, seq: int, entry: dict[str, Any], fence: Fence
    ) -> None:
        """Keep one card write of the run (entry `seq`, from 0); `NotFound` if the run was never saved."""

    @abstractmethod
    def journal(self, tenant_id: str, run_id: str) -> list[dict[str, Any]]:
        """The run's journal entries in seq order ([] for an unknown run)."""

    @abstractmethod
    def commit_run(self, tenant_id: str, run_id: str, fence: Fence, at: datetime) -> datetime:
        """Write the run's commit marker (fenced; the one step that makes its journal the truth); returns
        when it committed: `at`, or the time of an earlier commit of the same run."""

    @abstractmethod
    def committed_at(self, tenant_id: str, run_id: str) -> datetime | None: ...

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
        """Remove the user's runs (changes, stage outputs, journals, commit markers), lease, review items;
        returns how many records."""
