"""The per-user dream lease of the DynamoDB run store, and the fencing check every fenced write carries
(the local store's `run_leases`, mirrored; the request builders are `dynamo_fencing`).

The lease is one conditional update: a renewal by its holder, else a takeover of a free or expired lease
that moves the fencing token on (`ADD token 1`); release removes the holder (conditioned on it) and keeps
the counter. Its `purge_at` (TTL) lies a day past its expiry by both the caller's clock and the wall
clock, so DynamoDB only sweeps up leases long dead; the condition, not TTL, decides who holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from typing import Any

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_fencing import fence_check, lease_release, lease_renewal, lease_takeover
from reverie.adapters.aws.dynamo_table import (
    LEASE,
    Cancelled,
    ConditionFailed,
    from_micros,
    key,
    micros,
    number,
    user_pk,
)
from reverie.adapters.run_rules import lease_lost, ttl_micros
from reverie.ports import Fence, Lease

_PURGE_GRACE_S = 86_400  # a lease is purged (TTL) a day after it expired by every clock


class DynamoLeases:
    """`acquire_lease`, `release_lease` and the fencing check of the `RunStore` contract on DynamoDB."""

    _table: Table
    _clock: Callable[[], datetime]

    def acquire_lease(
        self, tenant_id: str, user_id: str, holder: str, ttl_s: float, now: datetime
    ) -> Lease | None:
        ttl = ttl_micros(ttl_s)
        expires = micros(now) + ttl
        purge_s = max(expires, micros(self._clock()) + ttl) // 1_000_000 + _PURGE_GRACE_S
        for request in (
            lease_renewal(tenant_id, user_id, holder, expires, purge_s),
            lease_takeover(tenant_id, user_id, holder, expires, purge_s, micros(now)),
        ):
            try:
                granted = self._table.call("update_item", TableName=self._table.name, **request)
            except ConditionFailed:
                continue
            return Lease(
                holder=holder,
                token=number(granted["Attributes"], "token") or 0,
                expires_at=from_micros(expires),
            )
        return None

    def release_lease(self, tenant_id: str, user_id: str, holder: str) -> None:
        with suppress(ConditionFailed):  # held by another holder, or by nobody: a no-op
            self._table.call(
                "update_item",
                TableName=self._table.name,
                Key=key(user_pk(tenant_id, user_id), LEASE),
                **lease_release(holder),
            )

    @staticmethod
    def _fenced(actions: list[dict[str, Any]], tenant_id: str, fence: Fence | None) -> list[dict[str, Any]]:
        """The write's actions, with the lease check last (so the others keep their positions)."""
        return actions if fence is None else [*actions, fence_check(tenant_id, fence)]

    @staticmethod
    def _raise_if_fenced_out(cancelled: Cancelled, position: int, fence: Fence | None) -> None:
        if fence is not None and cancelled.failed(position):
            raise lease_lost(fence) from None
