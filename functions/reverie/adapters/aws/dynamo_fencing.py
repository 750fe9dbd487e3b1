"""The dream lease's fencing on DynamoDB, as pure request builders: the lease item's updates, the check a
fenced write carries inside its transaction, and the journal and commit-marker items of a run.

The lease is the `LEASE` item of the user's partition: `holder`, `expires_at`, `token` (the fencing
counter, moved on by `ADD` each time a new holder takes the lease; a release removes the holder and keeps
the counter). A fenced write is a TransactWriteItems whose last action is `fence_check`: the lease must
still name the run as holder with the run's token, so a run that lost its lease writes nothing.
"""

from __future__ import annotations

from typing import Any

from reverie.adapters.aws.dynamo_table import LEASE, RUN, Action, key, n, run_pk, s, user_pk
from reverie.ports.storage import Fence

JOURNAL_PREFIX, COMMIT = "JOURNAL#", "COMMIT"
_LEASE_NAMES = {"#holder": "holder", "#expires": "expires_at", "#token": "token", "#purge": "purge_at"}


def lease_renewal(tenant_id: str, user_id: str, holder: str, expires: int, purge_s: int) -> dict[str, Any]:
    """update_item arguments: extend the lease if `holder` still holds it (its token stays)."""
    return {
        "Key": key(user_pk(tenant_id, user_id), LEASE),
        "UpdateExpression": "SET #expires = :expires, #purge = :purge",
        "ConditionExpression": "#holder = :me",
        "ExpressionAttributeNames": {k: v for k, v in _LEASE_NAMES.items() if k != "#token"},
        "ExpressionAttributeValues": {":expires": n(expires), ":purge": n(purge_s), ":me": s(holder)},
        "ReturnValues": "ALL_NEW",
    }


def lease_takeover(
    tenant_id: str, user_id: str, holder: str, expires: int, purge_s: int, now: int
) -> dict[str, Any]:
    """update_item arguments: take a free or expired lease, moving the fencing token on by one."""
    return {
        "Key": key(user_pk(tenant_id, user_id), LEASE),
        "UpdateExpression": "SET #holder = :me, #expires = :expires, #purge = :purge, #kind = :kind "
        "ADD #token :one",
        "ConditionExpression": "attribute_not_exists(#holder) OR #expires <= :now",
        "ExpressionAttributeNames": {**_LEASE_NAMES, "#kind": "kind"},
        "ExpressionAttributeValues": {
            ":me": s(holder),
            ":expires": n(expires),
            ":purge": n(purge_s),
            ":now": n(now),
            ":one": n(1),
            ":kind": s("lease"),
        },
        "ReturnValues": "ALL_NEW",
    }


def lease_release(holder: str) -> dict[str, Any]:
    """update_item arguments (without the key): let the lease go, keeping its fencing counter."""
    return {
        "UpdateExpression": "REMOVE #holder SET #expires = :zero",
        "ConditionExpression": "#holder = :me",
        "ExpressionAttributeNames": {"#holder": "holder", "#expires": "expires_at"},
        "ExpressionAttributeValues": {":me": s(holder), ":zero": n(0)},
    }


def fence_check(tenant_id: str, fence: Fence) -> Action:
    """The condition every fenced write carries: the lease still names this holder and token."""
    return {
        "ConditionCheck": {
            "Key": key(user_pk(tenant_id, fence.user_id), LEASE),
            "ConditionExpression": "#holder = :me AND #token = :token",
            "ExpressionAttributeNames": {"#holder": "holder", "#token": "token"},
            "ExpressionAttributeValues": {":me": s(fence.holder), ":token": n(fence.token)},
        }
    }


def run_exists(tenant_id: str, run_id: str) -> Action:
    return {
        "ConditionCheck": {
            "Key": key(run_pk(tenant_id, run_id), RUN),
            "ConditionExpression": "attribute_exists(pk)",
        }
    }


def journal_put(tenant_id: str, run_id: str, seq: int, encoded: str) -> Action:
    item = {
        **key(run_pk(tenant_id, run_id), f"{JOURNAL_PREFIX}{seq:010d}"),
        "kind": s("journal"),
        "body": s(encoded),
    }
    return {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}


def commit_put(tenant_id: str, run_id: str, token: int, at_micros: int) -> Action:
    item = {
        **key(run_pk(tenant_id, run_id), COMMIT),
        "kind": s("commit"),
        "token": n(token),
        "at": n(at_micros),
    }
    return {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}
