"""In-memory fakes of the storage ports, for unit tests of services.

They subclass the ports (so the interface is enforced) and pass the same contract suites as the real
adapters (tests/contract/), so a service tested against them behaves the same on SQLite or AWS. Every
stored value is copied in and out, so a caller can never change what is stored by mutating an object.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from reverie.domain.card_versions import prepare_version
from reverie.domain.errors import AlreadyExists, EventConflict, InvalidRequest, NotFound, VersionConflict
from reverie.domain.events import Event, parse_event
from reverie.domain.models import MemoryCard, ScopeKind, Status, utcnow
from reverie.ports import AppendResult, CardQuery, LogStore, NoteStore, Queue, QueueMessage, SessionInfo


class InMemoryLogStore(LogStore):
    """`LogStore` in a list: events kept as their JSON dump, in append order."""

    def __init__(self) -> None:
        self._rows: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    @staticmethod
    def _key(data: dict[str, Any]) -> tuple[str, str, str, str]:
        return (data["tenant_id"], data["user_id"], data["session_id"], data["event_id"])

    def append(self, events: Sequence[Event]) -> AppendResult:
        with self._lock:
            known = {self._key(row): row for row in self._rows}
            new: list[dict[str, Any]] = []
            for event in events:
                data = json.loads(event.model_dump_json())
                key = self._key(data)
                if key not in known:
                    known[key] = data
                    new.append(data)
                elif known[key] != data:
                    raise EventConflict(f"event {event.event_id} is already stored with a different payload")
            self._rows.extend(new)
            return AppendResult(stored=len(new), duplicates=len(events) - len(new))

    def _select(self, tenant_id: str, user_id: str) -> list[Event]:
        with self._lock:
            rows = [r for r in self._rows if r["tenant_id"] == tenant_id and r["user_id"] == user_id]
        return [parse_event(row) for row in rows]

    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]:
        return [e for e in self._select(tenant_id, user_id) if e.session_id == session_id]

    def read_user(self, tenant_id: str, user_id: str, since: datetime | None = None) -> list[Event]:
        events = [e for e in self._select(tenant_id, user_id) if since is None or e.ts >= since]
        return sorted(events, key=lambda e: e.ts)  # stable: ties stay in append order

    def sessions(self, tenant_id: str, user_id: str) -> list[SessionInfo]:
        grouped: dict[str, list[Event]] = {}
        for event in self._select(tenant_id, user_id):
            grouped.setdefault(event.session_id, []).append(event)
        infos = [
            SessionInfo(
                session_id=session_id,
                first_ts=min(e.ts for e in events),
                last_ts=max(e.ts for e in events),
                event_count=len(events),
                ended=any(e.kind == "session_end" for e in events),
            )
            for session_id, events in grouped.items()
        ]
        return sorted(infos, key=lambda info: info.first_ts)  # dict order = first appended

    def users(self, tenant_id: str) -> list[str]:
        with self._lock:
            return sorted({r["user_id"] for r in self._rows if r["tenant_id"] == tenant_id})

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._lock:
            kept = [r for r in self._rows if (r["tenant_id"], r["user_id"]) != (tenant_id, user_id)]
            removed = len(self._rows) - len(kept)
            self._rows = kept
            return removed


class InMemoryNoteStore(NoteStore):
    """`NoteStore` in dicts, with the same choices as `SqliteNoteStore` (see its docstring)."""

    def __init__(self, clock: Callable[[], datetime] = utcnow) -> None:
        self._versions: dict[tuple[str, str], list[MemoryCard]] = {}
        self._hits: dict[tuple[str, str], tuple[int, datetime | None]] = {}
        self._clock = clock
        self._lock = threading.RLock()

    def _out(self, card: MemoryCard) -> MemoryCard:
        hits, last = self._hits[(card.tenant_id, card.memory_id)]
        return card.model_copy(update={"hit_count": hits, "last_hit_at": last}, deep=True)

    def _current(self, tenant_id: str, memory_id: str) -> MemoryCard:
        versions = self._versions.get((tenant_id, memory_id))
        if not versions:
            raise NotFound(f"memory {memory_id} not found")
        return versions[-1]

    def _check(self, tenant_id: str, memory_id: str, expected: int) -> None:
        actual = self._current(tenant_id, memory_id).version
        if actual != expected:
            raise VersionConflict(memory_id, expected, actual)

    def _insert(self, stored: MemoryCard, given: MemoryCard) -> None:
        key = (stored.tenant_id, stored.memory_id)
        if key in self._versions:
            raise AlreadyExists(f"memory {stored.memory_id} already exists")
        self._versions[key] = [stored]
        self._hits[key] = (given.hit_count, given.last_hit_at)

    def create(self, card: MemoryCard) -> MemoryCard:
        stored = prepare_version(card, 1, card.updated_at)
        with self._lock:
            self._insert(stored, card)
            return self._out(stored)

    def update(self, card: MemoryCard, expected_version: int) -> MemoryCard:
        with self._lock:
            self._check(card.tenant_id, card.memory_id, expected_version)
            stored = prepare_version(card, expected_version + 1, self._clock())
            self._versions[(card.tenant_id, card.memory_id)].append(stored)
            return self._out(stored)

    def supersede(self, old: MemoryCard, new: MemoryCard) -> tuple[MemoryCard, MemoryCard]:
        if old.tenant_id != new.tenant_id:
            raise InvalidRequest("a card can only be superseded by a card of the same tenant")
        new_stored = prepare_version(new.model_copy(update={"supersedes": old.memory_id}), 1, new.updated_at)
        retired = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": new.memory_id})
        with self._lock:
            self._check(old.tenant_id, old.memory_id, old.version)
            old_stored = prepare_version(retired, old.version + 1, self._clock())
            self._insert(new_stored, new)
            self._versions[(old.tenant_id, old.memory_id)].append(old_stored)
            return self._out(old_stored), self._out(new_stored)

    def get(self, tenant_id: str, memory_id: str) -> MemoryCard:
        with self._lock:
            return self._out(self._current(tenant_id, memory_id))

    def get_many(self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True) -> list[MemoryCard]:
        with self._lock:
            wanted = [m for m in dict.fromkeys(memory_ids) if (tenant_id, m) in self._versions]
            return [self._out(self._current(tenant_id, m)) for m in wanted]

    def history(self, tenant_id: str, memory_id: str) -> list[MemoryCard]:
        with self._lock:
            self._current(tenant_id, memory_id)
            return [self._out(card) for card in self._versions[(tenant_id, memory_id)]]

    def query(self, query: CardQuery) -> list[MemoryCard]:
        if query.limit < 0 or query.offset < 0:
            raise InvalidRequest("limit and offset must not be negative")
        with self._lock:
            found = [versions[-1] for versions in self._versions.values() if query.admits(versions[-1])]
            found.sort(key=lambda c: c.memory_id)
            found.sort(key=lambda c: c.updated_at, reverse=True)
            return [self._out(c) for c in found[query.offset : query.offset + query.limit]]

    def record_hits(self, tenant_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
        with self._lock:
            for memory_id in dict.fromkeys(memory_ids):
                key = (tenant_id, memory_id)
                if key in self._hits:
                    hits, last = self._hits[key]
                    self._hits[key] = (hits + 1, at if last is None else max(last, at))

    def delete(self, tenant_id: str, memory_id: str) -> None:
        with self._lock:
            self._current(tenant_id, memory_id)
            del self._versions[(tenant_id, memory_id)], self._hits[(tenant_id, memory_id)]

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._lock:
            doomed = [
                key
                for key, versions in self._versions.items()
                if key[0] == tenant_id
                and any(c.scope is ScopeKind.USER and c.user_id == user_id for c in versions)
            ]
            for key in doomed:
                del self._versions[key], self._hits[key]
            return len(doomed)

    def shared_by(self, tenant_id: str, user_id: str) -> list[str]:
        with self._lock:
            return sorted(
                memory_id
                for (tenant, memory_id), versions in self._versions.items()
                if tenant == tenant_id
                and any(c.scope is not ScopeKind.USER and c.user_id == user_id for c in versions)
            )

    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        with self._lock:
            for (tenant, _), versions in self._versions.items():
                card = versions[-1]
                if tenant == tenant_id and card.scope is ScopeKind.USER and card.user_id is not None:
                    counts[card.user_id] = counts.get(card.user_id, 0) + 1
        return dict(sorted(counts.items()))


class InMemoryQueue(Queue):
    """`Queue` in a list, with the same choices as `SqliteQueue` (see its docstring)."""

    def __init__(self, visibility_timeout_s: float = 30.0, clock: Callable[[], float] = time.time) -> None:
        self._visibility_timeout = visibility_timeout_s
        self._clock = clock
        self._messages: list[dict[str, Any]] = []  # message_id, dedup_id, body (JSON), visible_at
        self._lock = threading.Lock()

    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None:
        try:
            encoded = json.dumps(body, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise InvalidRequest(f"a queue message body must be plain JSON: {exc}") from exc
        with self._lock:
            if dedup_id is not None and any(m["dedup_id"] == dedup_id for m in self._messages):
                return
            self._messages.append(
                {
                    "message_id": uuid.uuid4().hex,
                    "dedup_id": dedup_id,
                    "body": encoded,
                    "visible_at": self._clock(),
                }
            )

    def receive(self, max_messages: int = 10) -> list[QueueMessage]:
        if not 1 <= max_messages <= 10:
            raise InvalidRequest(f"max_messages must be between 1 and 10, not {max_messages}")
        now = self._clock()
        with self._lock:
            ready = [m for m in self._messages if m["visible_at"] <= now][:max_messages]
            for message in ready:
                message["visible_at"] = now + self._visibility_timeout
            return [QueueMessage(message_id=m["message_id"], body=json.loads(m["body"])) for m in ready]

    def ack(self, message_id: str) -> None:
        with self._lock:
            self._messages = [m for m in self._messages if m["message_id"] != message_id]

    def purge_user(self, tenant_id: str, user_id: str) -> int:
        def named(message: dict[str, Any]) -> bool:
            body = json.loads(message["body"])
            return bool(body.get("tenant_id") == tenant_id and body.get("user_id") == user_id)

        with self._lock:
            kept = [m for m in self._messages if not named(m)]
            removed, self._messages = len(self._messages) - len(kept), kept
            return removed
