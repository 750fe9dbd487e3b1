"""The `LogStore` (L1 raw log) on Amazon S3: one immutable object per appended batch.

Layout, under `prefix`:

    {tenant}/{user}/sessions/{session}.json                   the session's pointer: its date and `gen`
    {tenant}/{user}/{date}/{session}/{seq:08d}.{gen}.jsonl    batch `seq` of the session, JSON lines

`date` is the UTC day of the earliest event of the batch that opened the session; the pointer records it,
so a session is found without knowing its date. Every write is a conditional put (`IfNoneMatch="*"`), so
nothing is ever overwritten: a session's batches take slots 0, 1, 2... and of two writers racing for a
slot one wins; the other (HTTP 412) re-reads the session and retries with what is still new. A batch is
checked against the stored events before its put, and the put stores it whole or not at all: that is
what makes `append` idempotent, and a conflict store nothing. `gen` is drawn when the pointer is
created, so a session re-created after `delete_user` never reuses a key.

Cost of idempotency: an append is GET pointer + LIST of the session (1 per 1000 batches) + a GET per batch
this instance has not read yet + PUT. Objects never change, so an instance keeps what it has read (an LRU
of `cached_batches`): a warm instance reads only new batches, a cold one the whole session (tens of small
objects). Rejected: a per-session index object (rewritten on every append, which L1 forbids), cumulative
id lists in each batch (quadratic storage), a DynamoDB idempotency table (a second store to keep in step).
`read_user`, `sessions` and `delete_user` LIST the user's prefix and read every batch (cached likewise).
Ties of `ts` across sessions go to the writer's clock at append (kept increasing within a session).

What S3 cannot promise: a batch naming several sessions is checked whole before any write but written a
session at a time, so a racing writer with a conflicting payload can leave earlier sessions stored (the
API appends to one session per request). A crash between a pointer and its first batch leaves the user
listed by `users` with no events until that session is appended to again. `delete_user` removes every
version and delete marker under the user's prefix (needs s3:ListBucketVersions, s3:DeleteObjectVersion),
so a versioned bucket keeps nothing either; an append racing it may survive it.
Encryption: SSE-KMS with `kms_key_id` (and an S3 Bucket Key: fewer KMS calls), else SSE-S3.
The S3 calls themselves, and what their errors tell the operator, are `s3_objects`.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from reverie.adapters.aws.s3_batches import Batch, Pointer, StoredSession, batch_events, fresh_events
from reverie.adapters.aws.s3_objects import S3Objects
from reverie.domain.errors import StorageError
from reverie.domain.events import Event
from reverie.ports import AppendResult, LogStore, SessionInfo

MAX_SLOT_ATTEMPTS = 20


class S3LogStore(LogStore):
    """The `LogStore` contract on S3 (the module docstring has the layout and its costs).

    `client` is a ready `s3` client; without one, a client is built with boto3 on first use, never at
    import or construction. `prefix` puts the whole log under a folder of the bucket.
    """

    def __init__(
        self,
        bucket: str,
        kms_key_id: str | None = None,
        client: Any | None = None,
        prefix: str = "",
        cached_batches: int = 4096,
    ) -> None:
        self.bucket = bucket
        self.prefix = prefix if not prefix or prefix.endswith("/") else prefix + "/"
        self._objects = S3Objects(bucket, kms_key_id, client)
        self._cache: OrderedDict[str, Batch] = OrderedDict()
        self._cache_size = cached_batches
        self._lock = threading.Lock()

    @property
    def client(self) -> Any:
        return self._objects.client

    def append(self, events: Sequence[Event]) -> AppendResult:
        groups: dict[tuple[str, str, str], list[Event]] = {}
        for event in events:
            groups.setdefault((event.tenant_id, event.user_id, event.session_id), []).append(event)
        # Every session is checked before any is written, so a conflict stores nothing of the batch.
        plans = []
        for (tenant_id, user_id, session_id), group in groups.items():
            session = self._session(tenant_id, user_id, session_id)
            plans.append((group, session, fresh_events(group, session)))
        stored = sum(self._write(group, session, fresh) for group, session, fresh in plans)
        return AppendResult(stored=stored, duplicates=len(events) - stored)

    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]:
        return [
            e for batch in self._session(tenant_id, user_id, session_id).batches for e in batch_events(batch)
        ]

    def read_user(self, tenant_id: str, user_id: str, since: datetime | None = None) -> list[Event]:
        if since is not None and since.tzinfo is None:
            since = since.replace(tzinfo=UTC)
        found = [
            ((event.ts, batch.appended_at, batch.session_id, batch.seq, n), event)
            for batch in self._user_batches(tenant_id, user_id)
            for n, event in enumerate(batch_events(batch))
            if since is None or event.ts >= since
        ]
        return [event for _, event in sorted(found, key=lambda item: item[0])]

    def sessions(self, tenant_id: str, user_id: str) -> list[SessionInfo]:
        found: dict[str, list[Event]] = {}
        first_append: dict[str, int] = {}
        for batch in self._user_batches(tenant_id, user_id):  # by session, then seq
            first_append.setdefault(batch.session_id, batch.appended_at)
            found.setdefault(batch.session_id, []).extend(batch_events(batch))
        infos = [
            SessionInfo(
                session_id=session_id,
                first_ts=min(e.ts for e in events),
                last_ts=max(e.ts for e in events),
                event_count=len(events),
                ended=any(e.kind == "session_end" for e in events),
            )
            for session_id, events in found.items()
            if events
        ]
        return sorted(infos, key=lambda i: (i.first_ts, first_append[i.session_id], i.session_id))

    def users(self, tenant_id: str) -> list[str]:
        return self._objects.folders(f"{self.prefix}{tenant_id}/", "list users")

    def has_events(self, tenant_id: str, user_id: str) -> bool:
        """One LIST call as a rule: batch keys (`{date}/...`) sort before the `sessions/` pointers."""
        prefix = self._user_prefix(tenant_id, user_id)
        return any(
            key[len(prefix) :].count("/") == 2 and key.endswith(".jsonl")
            for key in self._objects.keys(prefix)
        )

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        removed = sum(len(batch.lines) for batch in self._user_batches(tenant_id, user_id))
        prefix = self._user_prefix(tenant_id, user_id)
        if errors := self._objects.delete_versions(prefix, "delete a user"):
            raise StorageError(
                f"S3 kept {len(errors)} objects of user {user_id} (first: {errors[0]['Key']}, "
                f"{errors[0].get('Code')}); the rest is gone: run delete_user again"
            )
        with self._lock:
            for key in [k for k in self._cache if k.startswith(prefix)]:
                del self._cache[key]
        return removed

    # --- writing ----------------------------------------------------------------------------------

    def _write(self, group: list[Event], session: StoredSession, fresh: list[tuple[Event, str]]) -> int:
        tenant_id, user_id, session_id = group[0].tenant_id, group[0].user_id, group[0].session_id
        for _ in range(MAX_SLOT_ATTEMPTS):
            if not fresh:
                return 0
            pointer = session.pointer or self._open_session(tenant_id, user_id, session_id, fresh)
            last = session.batches[-1] if session.batches else None
            seq = last.seq + 1 if last else 0
            key = f"{self._user_prefix(tenant_id, user_id)}{pointer.date}/{session_id}/{seq:08d}.{pointer.gen}.jsonl"
            appended_at = max(time.time_ns(), last.appended_at + 1 if last else 0)
            lines = tuple(line for _, line in fresh)
            body = "".join(line + "\n" for line in lines).encode()
            if self._objects.put_new(key, body, {"appended-at": str(appended_at), "events": str(len(lines))}):
                self._remember(Batch(key, session_id, seq, appended_at, lines))
                return len(lines)
            session = self._session(tenant_id, user_id, session_id)  # the slot was taken: look again
            fresh = fresh_events(group, session)
        raise StorageError(f"session {session_id}: {MAX_SLOT_ATTEMPTS} writers got in first; retry later")

    def _open_session(
        self, tenant_id: str, user_id: str, session_id: str, fresh: list[tuple[Event, str]]
    ) -> Pointer:
        first = min(event.ts for event, _ in fresh).astimezone(UTC)
        pointer = Pointer(date=first.date().isoformat(), gen=secrets.token_hex(4))
        body = json.dumps({"date": pointer.date, "gen": pointer.gen}).encode()
        if self._objects.put_new(self._pointer_key(tenant_id, user_id, session_id), body, {}):
            return pointer
        if (existing := self._pointer(tenant_id, user_id, session_id)) is None:  # another writer was first
            raise StorageError(f"session {session_id} was deleted while being opened; retry the append")
        return existing

    # --- reading ----------------------------------------------------------------------------------

    def _session(self, tenant_id: str, user_id: str, session_id: str) -> StoredSession:
        if (pointer := self._pointer(tenant_id, user_id, session_id)) is None:
            return StoredSession(None, ())
        prefix = f"{self._user_prefix(tenant_id, user_id)}{pointer.date}/{session_id}/"
        batches = [
            self._batch(key, session_id) for key in self._objects.keys(prefix) if key.endswith(".jsonl")
        ]
        return StoredSession(pointer, tuple(sorted(batches, key=lambda b: (b.seq, b.key))))

    def _user_batches(self, tenant_id: str, user_id: str) -> list[Batch]:
        prefix = self._user_prefix(tenant_id, user_id)
        batches = []
        for key in self._objects.keys(prefix):
            parts = key[len(prefix) :].split("/")
            if len(parts) == 3 and parts[2].endswith(".jsonl"):  # {date}/{session}/{seq}.{gen}.jsonl
                batches.append(self._batch(key, parts[1]))
        return sorted(batches, key=lambda b: (b.session_id, b.seq, b.key))

    def _pointer(self, tenant_id: str, user_id: str, session_id: str) -> Pointer | None:
        found = self._objects.get(self._pointer_key(tenant_id, user_id, session_id))
        return None if found is None else Pointer(**json.loads(found[0]))

    def _batch(self, key: str, session_id: str) -> Batch:
        with self._lock:
            if (cached := self._cache.get(key)) is not None:
                self._cache.move_to_end(key)
                return cached
        if (found := self._objects.get(key)) is None:
            raise StorageError(f"S3 object {key} vanished while being read (user deleted?); retry")
        seq = int(key.rsplit("/", 1)[1].split(".", 1)[0])
        lines = tuple(found[0].decode().splitlines())
        batch = Batch(key, session_id, seq, int(found[1].get("appended-at", 0)), lines)
        self._remember(batch)
        return batch

    def _remember(self, batch: Batch) -> None:
        with self._lock:
            self._cache[batch.key] = batch
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _user_prefix(self, tenant_id: str, user_id: str) -> str:
        return f"{self.prefix}{tenant_id}/{user_id}/"

    def _pointer_key(self, tenant_id: str, user_id: str, session_id: str) -> str:
        return f"{self._user_prefix(tenant_id, user_id)}sessions/{session_id}.json"
