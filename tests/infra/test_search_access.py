"""The deploy-time set-up of a tenant's search (infra/search_access/handler.py), with the domain's HTTP
calls recorded instead of sent (emulated: no OpenSearch security plugin here): what it creates on deploy,
and what a tenant leaving the shared domain takes with it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from infra.search_access import handler

ROLES = {
    "reverie_acme_admin": {
        "permissions": {"cluster_permissions": ["cluster_monitor"]},
        "backend_roles": ["arn:a"],
    },
    "reverie_acme_rw": {"permissions": {"cluster_permissions": []}, "backend_roles": ["arn:b"]},
}


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, Any]]:
    recorded: list[tuple[str, str, Any]] = []
    monkeypatch.setattr(
        handler, "_domain_call", lambda method, path, body=None: recorded.append((method, path, body))
    )
    monkeypatch.setattr(handler, "_invoke_index_sync", lambda name: {"invoked": name})
    return recorded


def event(kind: str, **props: str) -> dict[str, Any]:
    return {
        "RequestType": kind,
        "PhysicalResourceId": "reverie-search-access-acme",
        "ResourceProperties": props,
    }


def test_a_tenant_joining_the_shared_domain_gets_its_roles_mapped(calls: list[tuple[str, str, Any]]) -> None:
    reply = handler.on_event(event("Create", Tenant="acme", Roles=json.dumps(ROLES), DropIndices=""), None)
    assert reply == {"PhysicalResourceId": "reverie-search-access-acme"}
    assert [(m, p) for m, p, _ in calls] == [
        ("PUT", "_plugins/_security/api/roles/reverie_acme_admin"),
        ("PUT", "_plugins/_security/api/rolesmapping/reverie_acme_admin"),
        ("PUT", "_plugins/_security/api/roles/reverie_acme_rw"),
        ("PUT", "_plugins/_security/api/rolesmapping/reverie_acme_rw"),
    ]
    assert calls[1][2] == {"backend_roles": ["arn:a"]}


def test_a_tenant_leaving_takes_its_roles_and_with_destroy_its_indices(
    calls: list[tuple[str, str, Any]],
) -> None:
    handler.on_event(
        event("Delete", Tenant="acme", Roles=json.dumps(ROLES), DropIndices="reverie_acme_cards-*"), None
    )
    deleted = [p for m, p, _ in calls if m == "DELETE"]
    assert "_plugins/_security/api/rolesmapping/reverie_acme_rw" in deleted
    assert "_plugins/_security/api/roles/reverie_acme_admin" in deleted
    assert deleted[-1].startswith("reverie_acme_cards-*?")  # only the tenant's own indices


def test_a_retained_tenant_leaves_its_indices(calls: list[tuple[str, str, Any]]) -> None:
    handler.on_event(event("Delete", Tenant="acme", Roles=json.dumps(ROLES), DropIndices=""), None)
    assert not [p for _, p, _ in calls if "cards" in p]


def test_the_tenants_own_set_up_runs_the_index_sync(calls: list[tuple[str, str, Any]]) -> None:
    reply = handler.on_event(event("Create", Roles="{}", IndexSyncFunction="arn:sync"), None)
    assert calls == [] and reply["Data"]["IndexSync"] == json.dumps({"invoked": "arn:sync"})
    assert handler.on_event(event("Delete", Roles="{}", IndexSyncFunction="arn:sync"), None) == {
        "PhysicalResourceId": "reverie-search-access-acme"
    }
    assert calls == []  # a dedicated domain goes with its stack: nothing to undo
