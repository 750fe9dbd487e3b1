"""A tenant leaving the shared search domain (infra/search_access/handler.py, its delete), against a real
OpenSearch 2.19 (tests/contract/engines.py): its indices, alias and index templates go, another tenant's
stay, and a second delete finds nothing and succeeds.

Not tested here: fine-grained access control. The engine runs without the security plugin, so the
handler's calls to `_plugins/_security` (role mappings and roles) are recorded, not sent, and what a tenant
role may or may not do is only read from the roles' bodies (tests/infra/test_search_access.py). Requests go
unsigned over HTTP to the engine instead of SigV4 over HTTPS to a domain.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from infra.search_access import handler

from reverie.adapters.aws.opensearch_index import OpenSearchIndex
from reverie.domain.models import Scope
from reverie.domain.search import SearchFilter
from tests.contract.test_opensearch_engine import NOW, card

pytestmark = pytest.mark.engine

ROLES = json.dumps({"reverie_acme_admin": {}, "reverie_acme_rw": {}})


@dataclass
class Engine:
    client: Any
    security_calls: list[tuple[str, str]] = field(default_factory=list)


@pytest.fixture
def engine(opensearch_engine: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    """An opensearch-py client on the session's engine, with the handler's domain calls sent to it."""
    from opensearchpy import OpenSearch

    engine = Engine(OpenSearch(hosts=[opensearch_engine]))

    def unsigned(method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        if path.startswith("_plugins/_security/"):
            engine.security_calls.append((method, path))
            return {}
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"{opensearch_engine}/{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    monkeypatch.setattr(handler, "_domain_call", unsigned)
    yield engine
    engine.client.indices.delete(index="reverie_*_cards-*", expand_wildcards="all", ignore_unavailable=True)
    engine.client.indices.delete_index_template(name="reverie_*", ignore=[404])
    engine.client.close()


def tenant_index(engine: Engine, tenant: str) -> OpenSearchIndex:
    """The tenant's index as its index sync sets it up (one model's alias), holding one card."""
    client = engine.client
    index = OpenSearchIndex(client=client, alias=f"reverie_{tenant}_cards-titan-1024", dim=4, replicas=0)
    index.ensure_index()
    index.upsert([card("m-1", "deploys go out on tuesdays", [1.0, 0.0, 0.0, 0.0], tenant=tenant)])
    # a template an earlier version of Reverie installed for the tenant's alias
    client.indices.put_index_template(
        name=f"{index.alias}-template", body={"index_patterns": [f"{index.alias}-v*"], "priority": 120}
    )
    return index


def leave(tenant: str, drop_indices: bool) -> None:
    pattern = f"reverie_{tenant}_cards-*" if drop_indices else ""
    props = {"Tenant": tenant, "Roles": ROLES, "DropIndices": pattern}
    handler.on_event({"RequestType": "Delete", "ResourceProperties": props}, None)


def test_a_destroyed_tenant_leaves_nothing_and_another_tenant_keeps_everything(engine: Engine) -> None:
    # GIVEN two tenants on the shared domain, each with its index, alias and an old template
    acme, beta = tenant_index(engine, "acme"), tenant_index(engine, "beta")
    # WHEN acme's stack (removal: destroy) is deleted, and its delete is retried
    leave("acme", drop_indices=True)
    leave("acme", drop_indices=True)
    # THEN acme's indices, alias and template are gone; its roles were unmapped before
    client = engine.client
    assert not client.indices.exists(index="reverie_acme_cards-*", allow_no_indices=False)
    assert not client.indices.exists_alias(name=acme.alias)
    assert not client.indices.exists_index_template(name=f"{acme.alias}-template")
    assert engine.security_calls[:2] == [
        ("DELETE", "_plugins/_security/api/rolesmapping/reverie_acme_admin"),
        ("DELETE", "_plugins/_security/api/roles/reverie_acme_admin"),
    ]
    # AND beta's index still answers through its alias, its template kept
    beta_view = SearchFilter(scope=Scope(tenant_id="beta", user_id="u1"), now=NOW)
    assert [hit.memory_id for hit in beta.search_text("deploys", beta_view, 5)] == ["m-1"]
    assert client.indices.exists_index_template(name=f"{beta.alias}-template")


def test_a_retained_tenant_keeps_its_indices_for_a_later_stack_but_not_its_templates(engine: Engine) -> None:
    acme = tenant_index(engine, "acme")
    leave("acme", drop_indices=False)
    assert engine.client.indices.exists_alias(name=acme.alias)
    assert not engine.client.indices.exists_index_template(name=f"{acme.alias}-template")
