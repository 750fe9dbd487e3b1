"""An in-memory `RunStore` for unit tests of the dream services.

It subclasses the port and passes the same contract suite as `SqliteRunStore`
(tests/contract/test_run_store.py), with the same choices (see that adapter's docstring). It reuses the
adapter's pure contract rules (what may be resolved, a valid ttl, a plain-JSON stage output) so the two
cannot drift apart. Every record is kept as JSON, so a caller can never change what is stored by
mutating an object it passed in or got back.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from reverie.adapters.run_rules import (
    check_limit,
    check_resolution,
    check_same_entry,
    check_status_filter,
    encode_output,
    lease_lost,
    resolved,
    ttl_micros,
    validated,
)
from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.domain.errors import InvalidRequest, NotFound
from reverie.ports import Fence, Lease, RunStore

_Run = tuple[str, str]  # (tenant_id, run_id)
_User = tuple[str, str]  # (tenant_id, user_id)


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class InMemoryRunStore(RunStore):
    """`RunStore` in dicts guarded by one lock (so racing threads see the lease exactly as SQLite does)."""

    def __init__(self) -> None:
        self._runs: dict[_Run, str] = {}
        self._changes: dict[_Run, dict[str, str]] = {}  # change_id -> JSON, in the order recorded
        self._outputs: dict[_Run, dict[str, str]] = {}  # stage -> JSON
        self._leases: dict[_User, tuple[str, datetime]] = {}  # holder, expires_at
        self._tokens: dict[_User, int] = {}  # the fencing counter (kept when a lease is released)
        self._journals: dict[_Run, dict[int, str]] = {}  # seq -> JSON
        self._commits: dict[_Run, datetime] = {}
        self._rolled_back: dict[_User, set[str]] = {}
        self._reviews: dict[tuple[str, str], str] = {}  # (tenant_id, item_id) -> JSON
        self._lock = threading.RLock()

    # --- runs -------------------------------------------------------------------------------------

    def save_run(self, run: DreamRun, fence: Fence | None = None) -> None:
        run = validated(run)
        with self._lock:
            self._check_fence(run.tenant_id, fence)
            stored = self._runs.get((run.tenant_id, run.run_id))
            if stored is not None and (owner := DreamRun.model_validate_json(stored).user_id) != run.user_id:
                raise InvalidRequest(f"run {run.run_id} belongs to user {owner}, not {run.user_id}")
            self._runs[(run.tenant_id, run.run_id)] = run.model_dump_json()

    def get_run(self, tenant_id: str, run_id: str) -> DreamRun:
        with self._lock:
            stored = self._runs.get((tenant_id, run_id))
        if stored is None:
            raise NotFound(f"dream run {run_id} not found")
        return DreamRun.model_validate_json(stored)

    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        check_limit(limit)
        with self._lock:
            runs = [
                DreamRun.model_validate_json(body) for (t, _), body in self._runs.items() if t == tenant_id
            ]
        runs = [run for run in runs if user_id is None or run.user_id == user_id]
        runs.sort(key=lambda run: (run.started_at, run.run_id), reverse=True)
        return runs[:limit]

    # --- changes and stage outputs ----------------------------------------------------------------

    def _require_run(self, tenant_id: str, run_id: str) -> None:
        if (tenant_id, run_id) not in self._runs:
            raise NotFound(f"dream run {run_id} not found; save the run before recording its work")

    def record_change(self, tenant_id: str, change: Change, fence: Fence | None = None) -> None:
        change = validated(change)
        with self._lock:
            self._check_fence(tenant_id, fence)
            self._require_run(tenant_id, change.run_id)
            recorded = self._changes.setdefault((tenant_id, change.run_id), {})
            recorded.setdefault(change.change_id, change.model_dump_json())

    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        with self._lock:
            bodies = list(self._changes.get((tenant_id, run_id), {}).values())
        return [Change.model_validate_json(body) for body in bodies]

    def save_stage_output(
        self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any], fence: Fence | None = None
    ) -> None:
        encoded = encode_output(output)
        with self._lock:
            self._check_fence(tenant_id, fence)
            self._require_run(tenant_id, run_id)
            self._outputs.setdefault((tenant_id, run_id), {}).setdefault(stage, encoded)

    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None:
        with self._lock:
            encoded = self._outputs.get((tenant_id, run_id), {}).get(stage)
        return None if encoded is None else dict(json.loads(encoded))

    # --- the lease --------------------------------------------------------------------------------

    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> Lease | None:
        ttl = timedelta(microseconds=ttl_micros(ttl_s))
        now = _utc(now)
        user = (tenant_id, user_id)
        with self._lock:
            held = self._leases.get(user)
            if held is not None and held[0] != holder and held[1] > now:
                return None
            if held is None or held[0] != holder:
                self._tokens[user] = self._tokens.get(user, 0) + 1
            self._leases[user] = (holder, now + ttl)
            return Lease(holder=holder, token=self._tokens[user], expires_at=now + ttl)

    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None:
        with self._lock:
            held = self._leases.get((tenant_id, user_id))
            if held is not None and held[0] == holder:
                del self._leases[(tenant_id, user_id)]

    def _check_fence(self, tenant_id: str, fence: Fence | None) -> None:
        if fence is None:
            return
        held = self._leases.get((tenant_id, fence.user_id))
        if (
            held is None
            or held[0] != fence.holder
            or self._tokens.get((tenant_id, fence.user_id)) != fence.token
        ):
            raise lease_lost(fence)

    # --- the journal and the commit marker --------------------------------------------------------

    def append_journal(
        self, tenant_id: str, run_id: str, seq: int, entry: dict[str, Any], fence: Fence
    ) -> None:
        encoded = encode_output(entry)
        with self._lock:
            self._check_fence(tenant_id, fence)
            self._require_run(tenant_id, run_id)
            entries = self._journals.setdefault((tenant_id, run_id), {})
            if seq in entries:
                check_same_entry(run_id, seq, entries[seq], encoded)
            else:
                entries[seq] = encoded

    def journal(self, tenant_id: str, run_id: str) -> list[dict[str, Any]]:
        with self._lock:
            entries = dict(self._journals.get((tenant_id, run_id), {}))
        return [dict(json.loads(entries[seq])) for seq in sorted(entries)]

    def commit_run(self, tenant_id: str, run_id: str, fence: Fence, at: datetime) -> datetime:
        with self._lock:
            if (tenant_id, run_id) in self._commits:
                return self._commits[(tenant_id, run_id)]
            self._check_fence(tenant_id, fence)
            self._require_run(tenant_id, run_id)
            self._commits[(tenant_id, run_id)] = _utc(at)
            return _utc(at)

    def committed_at(self, tenant_id: str, run_id: str) -> datetime | None:
        with self._lock:
            return self._commits.get((tenant_id, run_id))

    # --- rollback memory --------------------------------------------------------------------------

    def mark_rolled_back(self, tenant_id: str, user_id: str, fingerprints: Sequence[str]) -> None:
        with self._lock:
            self._rolled_back.setdefault((tenant_id, user_id), set()).update(fingerprints)

    def rolled_back_fingerprints(self, tenant_id: str, user_id: str) -> set[str]:
        with self._lock:
            return set(self._rolled_back.get((tenant_id, user_id), set()))

    # --- the review queue -------------------------------------------------------------------------

    def add_review(self, item: ReviewItem) -> None:
        item = validated(item)
        with self._lock:
            self._reviews.setdefault((item.tenant_id, item.item_id), item.model_dump_json())

    def get_review(self, tenant_id: str, item_id: str) -> ReviewItem:
        with self._lock:
            stored = self._reviews.get((tenant_id, item_id))
        if stored is None:
            raise NotFound(f"review item {item_id} not found")
        return ReviewItem.model_validate_json(stored)

    def list_reviews(
        self, tenant_id: str, user_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewItem]:
        check_status_filter(status)
        with self._lock:
            items = [
                ReviewItem.model_validate_json(body)
                for (t, _), body in self._reviews.items()
                if t == tenant_id
            ]
        items = [
            item
            for item in items
            if (user_id is None or item.user_id == user_id) and (status is None or item.status == status)
        ]
        return sorted(items, key=lambda item: (item.created_at, item.item_id))

    def resolve_review(self, tenant_id: str, item_id: str, status: str, at: datetime) -> ReviewItem:
        check_resolution(status)
        with self._lock:
            stored = self._reviews.get((tenant_id, item_id))
            if stored is None:
                raise NotFound(f"review item {item_id} not found")
            item = resolved(ReviewItem.model_validate_json(stored), status, at)
            self._reviews[(tenant_id, item_id)] = item.model_dump_json()
            return item

    # --- forgetting a user ------------------------------------------------------------------------

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        with self._lock:
            runs = [
                key for key in self._runs if key[0] == tenant_id and self.get_run(*key).user_id == user_id
            ]
            removed = len(runs)
            for key in runs:
                del self._runs[key]
                removed += len(self._changes.pop(key, {})) + len(self._outputs.pop(key, {}))
                removed += len(self._journals.pop(key, {})) + (1 if self._commits.pop(key, None) else 0)
            removed += 1 if self._leases.pop((tenant_id, user_id), None) else 0
            self._tokens.pop((tenant_id, user_id), None)  # bookkeeping of the lease: not a record
            removed += len(self._rolled_back.pop((tenant_id, user_id), set()))
            items = [
                key
                for key, body in self._reviews.items()
                if key[0] == tenant_id and ReviewItem.model_validate_json(body).user_id == user_id
            ]
            for key in items:
                del self._reviews[key]
            return removed + len(items)
