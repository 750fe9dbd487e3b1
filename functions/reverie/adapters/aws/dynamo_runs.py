"""Dream runs, their changes, stage outputs, journals and commit markers in the tenant's DynamoDB table
(the same table as the cards), with the per-user lease (`dynamo_run_leases`) and the review queue
(`dynamo_run_reviews`) on the same table. Item layout and access patterns: docs/dynamodb.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_fencing import COMMIT, JOURNAL_PREFIX, commit_put, journal_put, run_exists
from reverie.adapters.aws.dynamo_run_items import change_record, run_save
from reverie.adapters.aws.dynamo_run_leases import DynamoLeases
from reverie.adapters.aws.dynamo_run_reviews import DynamoReviews
from reverie.adapters.aws.dynamo_table import (
    CHANGE_PREFIX,
    LEASE,
    REVIEW,
    REVIEW_MARKER,
    ROLLED_BACK,
    RUN,
    RUN_MARKER,
    STAGE_PREFIX,
    TTL_ATTRIBUTE,
    Cancelled,
    from_micros,
    key,
    listing_pk,
    micros,
    n,
    number,
    review_pk,
    run_pk,
    s,
    text,
    user_pk,
)
from reverie.adapters.run_rules import check_limit, check_same_entry, encode_output, validated
from reverie.domain.dream import Change, DreamRun
from reverie.domain.errors import InvalidRequest, NotFound, StorageError
from reverie.domain.models import utcnow
from reverie.ports import Fence, RunStore

_ATTEMPTS = 20


class DynamoRunStore(DynamoLeases, DynamoReviews, RunStore):
    """The `RunStore` contract on one DynamoDB table (the choices of `SqliteRunStore`, mirrored).

    - A run is one partition: the `RUN` item (with a `change_seq` counter), its `CHANGE#<change_id>`
      items and its `STAGE#<stage>` outputs. `record_change` reads the counter and, in one transaction,
      moves it on by one (if unchanged) and puts the change (if its id is new): idempotent by change id,
      ordered by `seq`, and a racing recorder simply reads again.
    - The lease (`dynamo_run_leases`) is one conditional update: a renewal by its holder, else a takeover
      of a free or expired lease that moves the fencing token on (`ADD token 1`); release removes the
      holder (conditioned on it) and keeps the counter. A fenced write carries a ConditionCheck on the
      lease (holder and token) in its transaction (`dynamo_fencing`); a run's journal entries and its
      commit marker live in the run's partition. Its `purge_at` (TTL) lies a day past its expiry by
      both the caller's clock and the wall clock, so DynamoDB only sweeps up leases long dead; the
      condition, not TTL, decides who holds it.
    - Stage outputs are kept (rollback reads the verify output later); `stage_output_ttl` opts in to
      letting DynamoDB purge them after that long.
    - Every run and review item has a marker in its user's partition, written in the same transaction,
      so `delete_user` finds everything with one strongly consistent query (never through a lagging index).
    - Listings (`list_runs`, `list_reviews`) find keys through an index and read the items back with a
      consistent BatchGetItem, so a listed record is never staler than `get_run`.
    """

    def __init__(
        self,
        table_name: str,
        client: Any | None = None,
        stage_output_ttl: timedelta | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self._table = Table(table_name, client)
        self._stage_output_ttl = stage_output_ttl
        self._clock = clock

    # --- runs -------------------------------------------------------------------------------------

    def save_run(self, run: DreamRun, fence: Fence | None = None) -> None:
        run = validated(run)
        try:
            self._table.transact(self._fenced(run_save(run), run.tenant_id, fence))
        except Cancelled as cancelled:
            self._raise_if_fenced_out(cancelled, 2, fence)
            owner = text(cancelled.item(0) or {}, "user_id") or "another user"
            raise InvalidRequest(f"run {run.run_id} belongs to user {owner}, not {run.user_id}") from None

    def get_run(self, tenant_id: str, run_id: str) -> DreamRun:
        item = self._table.get(run_pk(tenant_id, run_id), RUN)
        if item is None:
            raise NotFound(f"dream run {run_id} not found")
        return DreamRun.model_validate_json(item["body"]["S"])

    def list_runs(self, tenant_id: str, user_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        check_limit(limit)
        if limit == 0:
            return []
        index = "gsi1" if user_id is None else "gsi2"  # a tenant's runs / one user's, newest first
        page: dict[str, Any] = {"ScanIndexForward": False, "Limit": min(1_000, max(25, limit))}
        entries = self._table.query(listing_pk(tenant_id, "RUNS", user_id), index=index, **page)
        runs: list[DreamRun] = []
        for item in self._table.resolve(entries, batch=min(100, limit)):
            run = DreamRun.model_validate_json(item["body"]["S"])
            if user_id is None or run.user_id == user_id:
                runs.append(run)
            if len(runs) == limit:
                break
        return runs

    # --- changes and stage outputs ----------------------------------------------------------------

    def record_change(self, tenant_id: str, change: Change, fence: Fence | None = None) -> None:
        change = validated(change)
        pk = run_pk(tenant_id, change.run_id)
        for _ in range(_ATTEMPTS):
            run = self._table.get(pk, RUN)
            if run is None:
                raise NotFound(f"dream run {change.run_id} not found; save the run before recording its work")
            seq = number(run, "change_seq") or 0
            try:
                self._table.transact(self._fenced(change_record(tenant_id, change, seq), tenant_id, fence))
                return
            except Cancelled as cancelled:
                self._raise_if_fenced_out(cancelled, 2, fence)
                if cancelled.failed(1):
                    return  # recorded before: the first record stands
                # another change was recorded meanwhile (or the run was removed): read again
        raise StorageError(f"dream run {change.run_id}: too many concurrent changes; retry")

    def changes(self, tenant_id: str, run_id: str) -> list[Change]:
        items = sorted(
            self._table.query(run_pk(tenant_id, run_id), CHANGE_PREFIX), key=lambda i: number(i, "seq") or 0
        )
        return [Change.model_validate_json(item["body"]["S"]) for item in items]

    def save_stage_output(
        self, tenant_id: str, run_id: str, stage: str, output: dict[str, Any], fence: Fence | None = None
    ) -> None:
        encoded = encode_output(output)
        pk = run_pk(tenant_id, run_id)
        item = {**key(pk, STAGE_PREFIX + stage), "kind": s("stage-output"), "body": s(encoded)}
        if self._stage_output_ttl is not None:
            item[TTL_ATTRIBUTE] = n((micros(self._clock() + self._stage_output_ttl)) // 1_000_000)
        put = {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}
        self._write_once(tenant_id, run_id, put, fence)  # False: saved before, the first save stands

    def stage_output(self, tenant_id: str, run_id: str, stage: str) -> dict[str, Any] | None:
        item = self._table.get(run_pk(tenant_id, run_id), STAGE_PREFIX + stage)
        return None if item is None else dict(json.loads(item["body"]["S"]))

    # --- the journal and the commit marker --------------------------------------------------------

    def append_journal(
        self, tenant_id: str, run_id: str, seq: int, entry: dict[str, Any], fence: Fence
    ) -> None:
        encoded = encode_output(entry)
        if not self._write_once(tenant_id, run_id, journal_put(tenant_id, run_id, seq, encoded), fence):
            stored = self._table.get(run_pk(tenant_id, run_id), f"{JOURNAL_PREFIX}{seq:010d}")
            check_same_entry(run_id, seq, stored["body"]["S"] if stored else "null", encoded)

    def _write_once(self, tenant_id: str, run_id: str, put: dict[str, Any], fence: Fence | None) -> bool:
        """One conditional put of a run's work, with the run's existence and its fence checked in the same
        transaction: True when written, False when the item was there already (`NotFound` without the
        run, `LeaseLost` once the run's lease has moved on)."""
        try:
            self._table.transact(self._fenced([run_exists(tenant_id, run_id), put], tenant_id, fence))
        except Cancelled as cancelled:
            self._raise_if_fenced_out(cancelled, 2, fence)
            if cancelled.failed(0):
                raise NotFound(
                    f"dream run {run_id} not found; save the run before recording its work"
                ) from None
            return False
        return True

    def journal(self, tenant_id: str, run_id: str) -> list[dict[str, Any]]:
        items = self._table.query(run_pk(tenant_id, run_id), JOURNAL_PREFIX)
        ordered = sorted(items, key=lambda i: i["sk"]["S"])
        return [dict(json.loads(item["body"]["S"])) for item in ordered]

    def commit_run(self, tenant_id: str, run_id: str, fence: Fence, at: datetime) -> datetime:
        if (done := self.committed_at(tenant_id, run_id)) is not None:
            return done
        try:
            actions = [run_exists(tenant_id, run_id), commit_put(tenant_id, run_id, fence.token, micros(at))]
            self._table.transact(self._fenced(actions, tenant_id, fence))
        except Cancelled as cancelled:
            if cancelled.failed(1) and (done := self.committed_at(tenant_id, run_id)) is not None:
                return done  # committed meanwhile by a retry of the same call
            self._raise_if_fenced_out(cancelled, 2, fence)
            raise NotFound(f"dream run {run_id} not found; save the run before committing it") from None
        return from_micros(micros(at))

    def committed_at(self, tenant_id: str, run_id: str) -> datetime | None:
        item = self._table.get(run_pk(tenant_id, run_id), COMMIT)
        at = None if item is None else number(item, "at")
        return None if at is None else from_micros(at)

    # --- forgetting a user ------------------------------------------------------------------------

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        """Records first, the markers that lead to them last: an interrupted run can be repeated."""
        pk = user_pk(tenant_id, user_id)
        mine = list(self._table.query(pk))
        sks = [item["sk"]["S"] for item in mine]
        own = [(pk, sk) for sk in sks if sk == LEASE or sk.startswith(ROLLED_BACK)]
        released = sum(1 for i in mine if i["sk"]["S"] == LEASE and "holder" not in i)  # a counter only
        runs = [sk[len(RUN_MARKER) :] for sk in sks if sk.startswith(RUN_MARKER)]
        reviews = [
            (review_pk(tenant_id, sk[len(REVIEW_MARKER) :]), REVIEW)
            for sk in sks
            if sk.startswith(REVIEW_MARKER)
        ]
        removed = len(own) - released + len(self._table.batch_get(reviews))
        for run_id in runs:
            items = [(i["pk"]["S"], i["sk"]["S"]) for i in self._table.query(run_pk(tenant_id, run_id))]
            self._table.batch_delete(items)
            removed += len(items)
        self._table.batch_delete([*own, *reviews])
        self._table.batch_delete((pk, sk) for sk in sks if sk.startswith((RUN_MARKER, REVIEW_MARKER)))
        return removed
