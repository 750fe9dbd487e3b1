"""Deploy-time set-up of a tenant's search (a CloudFormation custom resource), in two uses:

- `Custom::ReverieTenantAccess` (the platform's function, running as the shared domain's fine-grained-access
  master): creates the tenant's two OpenSearch security roles (`reverie_<tenant>_admin` for the index sync,
  `reverie_<tenant>_rw` for the API and the dream stages) and maps them to the tenant's IAM roles. It does
  not trust the tenant's stack for their reach: a role that names another index pattern or any cluster
  permission beyond `ALLOWED_CLUSTER` is refused. On delete the tenant leaves: its role mappings and roles,
  any index template under its pattern (earlier versions installed one per embedding model) and, with
  `DropIndices`, its indices and so their aliases.
- `Custom::ReverieSearchSetup` (the tenant's own function): the same roles on a dedicated domain (then it
  runs as that domain's master), then invokes the index sync with {"action": "rebuild_if_needed"}, which
  creates the alias and first index of the configured embedding model. On delete, with `StampParameter`
  (the tenant's indices go with its stack), it removes the index's model stamp, so a later stack of the
  same name rebuilds its index instead of trusting a stamp whose index is gone.

Why nothing cluster-wide is created for a tenant: in OpenSearch's security plugin, index templates
(`indices:admin/index_template/*`, `indices:admin/template/*`) and search pipelines
(`cluster:admin/search/pipeline/*`) are cluster permissions (`isClusterPerm` in the plugin's privileges
evaluator), and a role's `cluster_permissions` are bare action names: nothing limits one to a template or
pipeline name. A tenant role allowed to put its own could overwrite every other tenant's. So the index sync
creates each index with its settings and mappings in the create request and each hybrid search carries its
pipeline (opensearch_index.py): the tenant's roles hold index permissions on `reverie_<tenant>_cards-*` only.

Every delete is idempotent (what is already gone is not an error). A failure fails the deployment, which
CloudFormation then rolls back. Only the Lambda runtime's own boto3/botocore are used.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import urllib.error
import urllib.request
from typing import Any

import boto3
import botocore.session
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest

PHYSICAL_ID = "reverie-search-access"
TENANT = re.compile(r"^[a-z][a-z0-9-]{1,30}[a-z0-9]$")  # infra/config.py TENANT_PATTERN: no "_" in it
ALLOWED_CLUSTER = {"cluster_composite_ops"}
"""The only cluster permission a tenant role may hold: bulk, mget and msearch, whose every item the plugin
checks again against the role's index permissions."""


def index_pattern(tenant: str) -> str:
    return f"reverie_{tenant}_cards-*"


def _domain_call(method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    url = f"https://{os.environ['DOMAIN_ENDPOINT']}/{path}"
    data = json.dumps(body).encode() if body is not None else None
    request = AWSRequest(method=method, url=url, data=data, headers={"Content-Type": "application/json"})
    credentials = botocore.session.get_session().get_credentials()
    SigV4Auth(credentials, "es", os.environ["AWS_REGION"]).add_auth(request)
    sent = urllib.request.Request(url, data=data, method=method, headers=dict(request.headers))
    with urllib.request.urlopen(sent, timeout=30) as response:  # raises on 4xx/5xx
        return json.loads(response.read() or b"null")


def _gone_ok(method: str, path: str) -> Any:
    """A call whose 404 means "already gone" (a second delete, or a stack that never finished creating)."""
    try:
        return _domain_call(method, path)
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            raise
        return None


def _security_api(method: str, path: str, body: dict[str, Any] | None = None) -> None:
    _domain_call(method, f"_plugins/_security/api/{path}", body)


def _checked_roles(tenant: str, roles: dict[str, Any]) -> dict[str, Any]:
    """`roles` if each is the tenant's own and reaches its own indices only; else ValueError saying why."""
    pattern, problems = index_pattern(tenant), []
    for name, role in roles.items():
        permissions = role.get("permissions", {})
        if not name.startswith(f"reverie_{tenant}_"):
            problems.append(f"{name} is not named reverie_{tenant}_*")
        if unknown := set(permissions) - {"cluster_permissions", "index_permissions"}:
            problems.append(f"{name} sets {sorted(unknown)}")
        if extra := set(permissions.get("cluster_permissions", [])) - ALLOWED_CLUSTER:
            problems.append(f"{name} asks for cluster permissions {sorted(extra)}")
        for grant in permissions.get("index_permissions", []):
            if grant.get("index_patterns") != [pattern]:
                problems.append(f"{name} reaches {grant.get('index_patterns')}, not only {pattern}")
    if problems:
        raise ValueError(f"tenant {tenant}'s OpenSearch roles are refused: {'; '.join(problems)}")
    return roles


def _put_roles(roles: dict[str, Any]) -> None:
    for name, role in roles.items():
        _security_api("PUT", f"roles/{name}", role["permissions"])
        _security_api("PUT", f"rolesmapping/{name}", {"backend_roles": role["backend_roles"]})


def _forget(tenant: str, props: dict[str, Any]) -> None:
    """A tenant leaves the shared domain: first its mappings (its functions lose access), then its roles,
    its index templates and, with `DropIndices`, its indices. Only the tenant's own names are touched,
    whatever the properties say."""
    for name in json.loads(props.get("Roles", "{}")):
        if name.startswith(f"reverie_{tenant}_"):
            for path in (f"rolesmapping/{name}", f"roles/{name}"):
                _gone_ok("DELETE", f"_plugins/_security/api/{path}")
    pattern = index_pattern(tenant)
    _gone_ok("DELETE", f"_index_template/{pattern}")  # a wildcard: every template under the tenant's pattern
    if props.get("DropIndices"):
        # resolved to names first: a wildcard delete fails where action.destructive_requires_name is set
        found = _gone_ok("GET", f"{pattern}/_alias?expand_wildcards=all") or {}
        if found:
            _gone_ok("DELETE", f"{','.join(sorted(found))}?ignore_unavailable=true")


def _drop_stamp(name: str) -> None:
    client = boto3.client("ssm")
    with contextlib.suppress(client.exceptions.ParameterNotFound):
        client.delete_parameter(Name=name)


def _invoke_index_sync(function_name: str) -> dict[str, Any]:
    client = boto3.client("lambda")
    response = client.invoke(FunctionName=function_name, Payload=json.dumps({"action": "rebuild_if_needed"}))
    payload = json.loads(response["Payload"].read() or b"{}")
    if response.get("FunctionError"):
        raise RuntimeError(f"the index sync failed: {payload}")
    return payload


def on_event(event: dict[str, Any], context: Any) -> dict[str, Any]:
    props = event["ResourceProperties"]
    tenant = props.get("Tenant", "")
    if tenant and not TENANT.fullmatch(tenant):
        raise ValueError(f"not a tenant name: {tenant!r}")
    physical = f"{PHYSICAL_ID}-{tenant}" if tenant else PHYSICAL_ID
    if event["RequestType"] == "Delete":
        if tenant:  # a dedicated domain goes with the stack (or is retained as it is)
            _forget(tenant, props)
        if props.get("StampParameter"):
            _drop_stamp(props["StampParameter"])
        return {"PhysicalResourceId": event.get("PhysicalResourceId", physical)}
    roles = json.loads(props.get("Roles", "{}"))
    _put_roles(_checked_roles(tenant, roles) if tenant else roles)
    if not props.get("IndexSyncFunction"):
        return {"PhysicalResourceId": physical}
    done = _invoke_index_sync(props["IndexSyncFunction"])
    return {"PhysicalResourceId": physical, "Data": {"IndexSync": json.dumps(done)[:1000]}}
