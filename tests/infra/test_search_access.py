"""The deploy-time set-up of a tenant's search (infra/search_access/handler.py), with the domain's HTTP
calls recorded instead of sent (emulated: no OpenSearch security plugin here, so fine-grained access control
itself is not exercised, only the requests that configure it): what a tenant gets on deploy, what the
platform refuses to give it, and what a tenant leaving the shared domain takes with it. The index and
template deletions also run against a real OpenSearch (tests/contract/test_search_teardown.py)."""

from __future__ import annotations

import io
import json
import urllib.error
from typing import Any

import boto3
import pytest
from infra.search import security_roles
from infra.search_access import handler
from moto import mock_aws

from tests.infra.conftest import one, resources

PATTERN = "reverie_acme_cards-*"


def role(*, cluster: list[str] | None = None, patterns: list[str] | None = None, arn: str = "arn:a") -> Any:
    return {
        "permissions": {
            "cluster_permissions": ["cluster_composite_ops"] if cluster is None else cluster,
            "index_permissions": [{"index_patterns": patterns or [PATTERN], "allowed_actions": ["crud"]}],
        },
        "backend_roles": [arn],
    }


ROLES = {"reverie_acme_admin": role(arn="arn:a"), "reverie_acme_rw": role(arn="arn:b")}
Call = tuple[str, str, Any]


class Domain:
    """Records each call; answers from `replies` by (method, path), a number there being an HTTP error."""

    def __init__(self, replies: dict[tuple[str, str], Any] | None = None) -> None:
        self.calls: list[Call] = []
        self.replies = replies or {}

    def __call__(self, method: str, path: str, body: Any = None) -> Any:
        self.calls.append((method, path, body))
        reply = self.replies.get((method, path), {"acknowledged": True})
        if isinstance(reply, int):
            raise urllib.error.HTTPError(path, reply, "refused", {}, io.BytesIO(b"{}"))  # type: ignore[arg-type]
        return reply

    def paths(self, method: str | None = None) -> list[str]:
        return [p for m, p, _ in self.calls if method in (None, m)]


@pytest.fixture
def domain(monkeypatch: pytest.MonkeyPatch) -> Domain:
    recorded = Domain()
    monkeypatch.setattr(handler, "_domain_call", recorded)
    monkeypatch.setattr(handler, "_invoke_index_sync", lambda name: {"invoked": name})
    return recorded


def event(kind: str, roles: dict[str, Any] | None = None, **props: str) -> dict[str, Any]:
    return {
        "RequestType": kind,
        "PhysicalResourceId": "reverie-search-access-acme",
        "ResourceProperties": {"Roles": json.dumps(ROLES if roles is None else roles), **props},
    }


# -- joining -------------------------------------------------------------------------------------------


def test_a_tenant_joining_the_shared_domain_gets_its_roles_mapped(domain: Domain) -> None:
    reply = handler.on_event(event("Create", Tenant="acme", DropIndices=""), None)
    assert reply == {"PhysicalResourceId": "reverie-search-access-acme"}
    assert domain.calls == [
        (
            "PUT",
            "_plugins/_security/api/roles/reverie_acme_admin",
            ROLES["reverie_acme_admin"]["permissions"],
        ),
        ("PUT", "_plugins/_security/api/rolesmapping/reverie_acme_admin", {"backend_roles": ["arn:a"]}),
        ("PUT", "_plugins/_security/api/roles/reverie_acme_rw", ROLES["reverie_acme_rw"]["permissions"]),
        ("PUT", "_plugins/_security/api/rolesmapping/reverie_acme_rw", {"backend_roles": ["arn:b"]}),
    ]


def test_the_roles_the_stack_builds_pass_the_platforms_check() -> None:
    # GIVEN the roles infra/search.py builds for a tenant (IAM roles stood in by their ARNs)
    class Arn:
        def __init__(self, arn: str) -> None:
            self.role_arn = arn

    built = json.loads(json.dumps(security_roles("acme", [Arn("arn:a")], [Arn("arn:b")])))  # type: ignore[list-item]
    # THEN the platform accepts them: only bulk/mget/msearch cluster-wide, index rights on acme's pattern
    assert handler._checked_roles("acme", built) == built


@pytest.mark.parametrize(
    ("roles", "why"),
    [
        ({"reverie_acme_admin": role(cluster=["cluster:admin/search/pipeline/put"])}, "cluster permissions"),
        ({"reverie_acme_admin": role(cluster=["indices:admin/index_template/put"])}, "cluster permissions"),
        ({"reverie_acme_admin": role(cluster=["cluster_all"])}, "cluster permissions"),
        ({"reverie_acme_rw": role(patterns=["reverie_*"])}, "not only reverie_acme_cards-*"),
        ({"reverie_acme_rw": role(patterns=[PATTERN, "reverie_beta_cards-*"])}, "not only"),
        ({"reverie_beta_rw": role()}, "not named reverie_acme_*"),
        ({"reverie_acme_rw": {**role(), "permissions": {"tenant_permissions": []}}}, "sets"),
    ],
)
def test_a_tenant_role_reaching_beyond_its_own_indices_is_refused(
    domain: Domain, roles: dict[str, Any], why: str
) -> None:
    # WHEN a tenant's stack asks the platform's set-up (the domain's master) for more than its own indices
    with pytest.raises(ValueError, match=why):
        handler.on_event(event("Create", roles, Tenant="acme", DropIndices=""), None)
    # THEN nothing is created or mapped
    assert domain.calls == []


def test_a_bad_tenant_name_is_refused(domain: Domain) -> None:
    with pytest.raises(ValueError, match="not a tenant name"):
        handler.on_event(event("Delete", Tenant="*", DropIndices="*"), None)
    assert domain.calls == []


# -- leaving ---------------------------------------------------------------------------------------------


def test_a_destroyed_tenant_takes_its_mappings_roles_templates_and_indices(domain: Domain) -> None:
    # GIVEN the tenant's indices on the shared domain (two embedding models' generations)
    domain.replies[("GET", f"{PATTERN}/_alias?expand_wildcards=all")] = {
        "reverie_acme_cards-titan-v000002": {"aliases": {"reverie_acme_cards-titan": {}}},
        "reverie_acme_cards-cohere-v000001": {"aliases": {}},
    }
    # WHEN its stack, with removal: destroy, is deleted
    handler.on_event(event("Delete", Tenant="acme", DropIndices=PATTERN), None)
    # THEN its functions lose access first, then its roles, templates and indices (by name) go
    assert [(m, p) for m, p, _ in domain.calls] == [
        ("DELETE", "_plugins/_security/api/rolesmapping/reverie_acme_admin"),
        ("DELETE", "_plugins/_security/api/roles/reverie_acme_admin"),
        ("DELETE", "_plugins/_security/api/rolesmapping/reverie_acme_rw"),
        ("DELETE", "_plugins/_security/api/roles/reverie_acme_rw"),
        ("DELETE", f"_index_template/{PATTERN}"),
        ("GET", f"{PATTERN}/_alias?expand_wildcards=all"),
        (
            "DELETE",
            "reverie_acme_cards-cohere-v000001,reverie_acme_cards-titan-v000002?ignore_unavailable=true",
        ),
    ]


def test_leaving_again_finds_everything_gone_and_is_not_an_error(domain: Domain) -> None:
    # GIVEN a tenant already gone (a retried delete, or a create that failed half-way)
    for method, path in [
        ("DELETE", "_plugins/_security/api/rolesmapping/reverie_acme_admin"),
        ("DELETE", "_plugins/_security/api/roles/reverie_acme_admin"),
        ("DELETE", "_plugins/_security/api/rolesmapping/reverie_acme_rw"),
        ("DELETE", "_plugins/_security/api/roles/reverie_acme_rw"),
        ("DELETE", f"_index_template/{PATTERN}"),
        ("GET", f"{PATTERN}/_alias?expand_wildcards=all"),
    ]:
        domain.replies[(method, path)] = 404
    # WHEN its delete runs THEN it succeeds, and no index delete is sent for indices that do not exist
    reply = handler.on_event(event("Delete", Tenant="acme", DropIndices=PATTERN), None)
    assert reply == {"PhysicalResourceId": "reverie-search-access-acme"}
    assert len(domain.calls) == 6


def test_a_failure_other_than_not_found_fails_the_delete(domain: Domain) -> None:
    domain.replies[("DELETE", f"_index_template/{PATTERN}")] = 403
    with pytest.raises(urllib.error.HTTPError):
        handler.on_event(event("Delete", Tenant="acme", DropIndices=PATTERN), None)


def test_a_retained_tenant_keeps_its_indices_but_not_its_templates(domain: Domain) -> None:
    handler.on_event(event("Delete", Tenant="acme", DropIndices=""), None)
    assert [p for p in domain.paths() if "cards" in p] == [f"_index_template/{PATTERN}"]


def test_leaving_touches_only_the_tenants_own_names_whatever_the_properties_say(domain: Domain) -> None:
    # GIVEN properties that name another tenant's role and every index
    roles = {**ROLES, "reverie_beta_rw": role()}
    domain.replies[("GET", f"{PATTERN}/_alias?expand_wildcards=all")] = {"reverie_acme_cards-t-v000001": {}}
    handler.on_event(event("Delete", roles, Tenant="acme", DropIndices="*"), None)
    # THEN only acme's roles, acme's templates and acme's indices are deleted
    deleted = domain.paths("DELETE")
    assert not [p for p in deleted if "beta" in p]
    assert [p for p in deleted if not p.startswith("_plugins/")] == [
        f"_index_template/{PATTERN}",
        "reverie_acme_cards-t-v000001?ignore_unavailable=true",
    ]


# -- the tenant's own set-up -----------------------------------------------------------------------------


def test_the_tenants_own_set_up_runs_the_index_sync(domain: Domain) -> None:
    reply = handler.on_event(event("Create", {}, IndexSyncFunction="arn:sync", StampParameter=""), None)
    assert domain.calls == [] and reply["Data"]["IndexSync"] == json.dumps({"invoked": "arn:sync"})
    assert handler.on_event(event("Delete", {}, IndexSyncFunction="arn:sync", StampParameter=""), None) == {
        "PhysicalResourceId": "reverie-search-access-acme"
    }
    assert domain.calls == []  # a dedicated domain goes with its stack: nothing to undo


@pytest.mark.emulated
def test_a_destroyed_tenants_set_up_removes_the_index_stamp_once_and_again(
    domain: Domain, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Emulated: SSM is moto's. GIVEN the stamp the index sync wrote (its index goes with the stack)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    with mock_aws():
        ssm = boto3.client("ssm")
        ssm.put_parameter(Name="/reverie/acme/index-model", Value="titan/1024", Type="String")
        ssm.put_parameter(Name="/reverie/beta/index-model", Value="titan/1024", Type="String")
        props = {"IndexSyncFunction": "arn:sync", "StampParameter": "/reverie/acme/index-model"}
        # WHEN the set-up's delete runs, twice (a retried delete)
        for _ in range(2):
            handler.on_event(event("Delete", {}, **props), None)
        # THEN the tenant's stamp is gone (a later stack of that name rebuilds), another's is kept
        names = [p["Name"] for p in ssm.describe_parameters()["Parameters"]]
        assert names == ["/reverie/beta/index-model"]


# -- the stacks that call it ------------------------------------------------------------------------------


def test_only_a_destroyed_tenant_names_its_stamp_and_may_delete_it(demo: Any, dedicated: Any) -> None:
    # the demo (removal: destroy, on the shared domain): its indices go with it, and so does their stamp
    assert one(demo, "Custom::ReverieSearchSetup")["StampParameter"] == "/reverie/demo/index-model"
    policies = json.dumps(resources(demo, "AWS::IAM::Policy"))
    assert policies.count("ssm:DeleteParameter") == 1 and "parameter/reverie/demo/index-model" in policies
    # a retained tenant (here with its own domain, which is retained too) keeps its indices and their stamp
    assert one(dedicated, "Custom::ReverieSearchSetup")["StampParameter"] == ""
    assert "ssm:DeleteParameter" not in json.dumps(resources(dedicated, "AWS::IAM::Policy"))
