"""Deploy-time set-up of the tenant's OpenSearch domain (a CloudFormation custom resource).

Runs as the domain's fine-grained-access master role: creates the two OpenSearch security roles
(`reverie_cards_admin` for the index sync, `reverie_cards_rw` for the API and the dream stages), maps each
to its functions' IAM roles, then invokes the index sync with {"action": "rebuild_if_needed"}, which
installs the index template and alias of the configured embedding model (and rebuilds the index when
the model changed). A failure fails the deployment, which CloudFormation then rolls back.
Only the Lambda runtime's own boto3/botocore are used.
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import boto3
import botocore.session
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest

PHYSICAL_ID = "reverie-search-access"


def _security_api(method: str, path: str, body: dict[str, Any]) -> None:
    url = f"https://{os.environ['DOMAIN_ENDPOINT']}/_plugins/_security/api/{path}"
    data = json.dumps(body).encode()
    request = AWSRequest(method=method, url=url, data=data, headers={"Content-Type": "application/json"})
    credentials = botocore.session.get_session().get_credentials()
    SigV4Auth(credentials, "es", os.environ["AWS_REGION"]).add_auth(request)
    sent = urllib.request.Request(url, data=data, method=method, headers=dict(request.headers))
    with urllib.request.urlopen(sent, timeout=30) as response:  # raises on 4xx/5xx
        response.read()


def _invoke_index_sync(function_name: str) -> dict[str, Any]:
    client = boto3.client("lambda")
    response = client.invoke(FunctionName=function_name, Payload=json.dumps({"action": "rebuild_if_needed"}))
    payload = json.loads(response["Payload"].read() or b"{}")
    if response.get("FunctionError"):
        raise RuntimeError(f"the index sync failed: {payload}")
    return payload


def on_event(event: dict[str, Any], context: Any) -> dict[str, Any]:
    if event["RequestType"] == "Delete":  # the domain goes with the stack (or is retained as it is)
        return {"PhysicalResourceId": event.get("PhysicalResourceId", PHYSICAL_ID)}
    props = event["ResourceProperties"]
    for name, role in json.loads(props["Roles"]).items():
        _security_api("PUT", f"roles/{name}", role["permissions"])
        _security_api("PUT", f"rolesmapping/{name}", {"backend_roles": role["backend_roles"]})
    done = _invoke_index_sync(props["IndexSyncFunction"])
    return {"PhysicalResourceId": PHYSICAL_ID, "Data": {"IndexSync": json.dumps(done)[:1000]}}
