"""Deploy-time set-up of a tenant's search (a CloudFormation custom resource), in two uses:

- `Custom::ReverieTenantAccess` (the platform's function, running as the shared domain's fine-grained-access
  master): creates the tenant's two OpenSearch security roles (`reverie_<tenant>_admin` for the index sync,
  `reverie_<tenant>_rw` for the API and the dream stages), each limited to the tenant's own indices, and maps
  them to the tenant's IAM roles. On delete it removes them (and the tenant's indices if `DropIndices`).
- `Custom::ReverieSearchSetup` (the tenant's own function): the same roles on a dedicated domain (then it
  runs as that domain's master), then invokes the index sync with {"action": "rebuild_if_needed"}, which
  installs the index template, the search pipeline and the alias of the configured embedding model.

A failure fails the deployment, which CloudFormation then rolls back. Only the Lambda runtime's own
boto3/botocore are used.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any

import boto3
import botocore.session
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest

PHYSICAL_ID = "reverie-search-access"


def _domain_call(method: str, path: str, body: dict[str, Any] | None = None) -> None:
    url = f"https://{os.environ['DOMAIN_ENDPOINT']}/{path}"
    data = json.dumps(body).encode() if body is not None else None
    request = AWSRequest(method=method, url=url, data=data, headers={"Content-Type": "application/json"})
    credentials = botocore.session.get_session().get_credentials()
    SigV4Auth(credentials, "es", os.environ["AWS_REGION"]).add_auth(request)
    sent = urllib.request.Request(url, data=data, method=method, headers=dict(request.headers))
    with urllib.request.urlopen(sent, timeout=30) as response:  # raises on 4xx/5xx
        response.read()


def _security_api(method: str, path: str, body: dict[str, Any] | None = None) -> None:
    _domain_call(method, f"_plugins/_security/api/{path}", body)


def _forget(props: dict[str, Any]) -> None:
    """A tenant leaves the shared domain: its roles and mappings go (then nothing maps to its indices)."""
    for name in json.loads(props.get("Roles", "{}")):
        for path in (f"rolesmapping/{name}", f"roles/{name}"):
            try:
                _security_api("DELETE", path)
            except urllib.error.HTTPError as exc:
                if exc.code != 404:
                    raise
    if props.get("DropIndices"):
        _domain_call("DELETE", f"{props['DropIndices']}?expand_wildcards=all&ignore_unavailable=true")


def _invoke_index_sync(function_name: str) -> dict[str, Any]:
    client = boto3.client("lambda")
    response = client.invoke(FunctionName=function_name, Payload=json.dumps({"action": "rebuild_if_needed"}))
    payload = json.loads(response["Payload"].read() or b"{}")
    if response.get("FunctionError"):
        raise RuntimeError(f"the index sync failed: {payload}")
    return payload


def on_event(event: dict[str, Any], context: Any) -> dict[str, Any]:
    props = event["ResourceProperties"]
    physical = f"{PHYSICAL_ID}-{props['Tenant']}" if props.get("Tenant") else PHYSICAL_ID
    if event["RequestType"] == "Delete":
        if props.get("Tenant"):  # a dedicated domain goes with the stack (or is retained as it is)
            _forget(props)
        return {"PhysicalResourceId": event.get("PhysicalResourceId", physical)}
    for name, role in json.loads(props.get("Roles", "{}")).items():
        _security_api("PUT", f"roles/{name}", role["permissions"])
        _security_api("PUT", f"rolesmapping/{name}", {"backend_roles": role["backend_roles"]})
    if not props.get("IndexSyncFunction"):
        return {"PhysicalResourceId": physical}
    done = _invoke_index_sync(props["IndexSyncFunction"])
    return {"PhysicalResourceId": physical, "Data": {"IndexSync": json.dumps(done)[:1000]}}
