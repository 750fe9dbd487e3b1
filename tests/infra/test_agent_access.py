"""Per-agent access (infra/agent_access.py): an agent's role may invoke the API on its users' paths only.

The template's policies are read back and evaluated the way IAM evaluates `execute-api:Invoke` against a
request: a SigV4-signed request (botocore's signer, as an agent's SDK signs it) becomes the method ARN API
Gateway checks, `arn:aws:execute-api:<region>:<account>:<api>/<stage>/<METHOD>/<path>`, matched with IAM's
wildcards. Emulated: no API Gateway here; the ARN format is API Gateway's documented one."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from botocore.auth import SigV4Auth  # type: ignore[import-untyped, unused-ignore]
from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped, unused-ignore]
from botocore.credentials import Credentials  # type: ignore[import-untyped, unused-ignore]
from infra.config import TenantConfigError

from tests.infra.conftest import as_list, template_of
from tests.infra.test_tenants import config_of

REGION, ACCOUNT, API_ID = "eu-west-1", "123456789012", "abc123"
HOST = f"https://{API_ID}.execute-api.{REGION}.amazonaws.com"
AGENTS = {
    "support-bot": {"users": ["alice", "bob@example.com"], "assumed_by": ACCOUNT},
    "coach": {"users": ["carol"], "assumed_by": f"arn:aws:iam::{ACCOUNT}:role/coach-runtime"},
}


@pytest.fixture(scope="module")
def agents() -> dict[str, Any]:
    """The template as JSON, read once (each `to_json` is a round trip to jsii)."""
    return dict(template_of("acme", {"agents": AGENTS, "agents_by_tag": True}).to_json())


def of_type(template: dict[str, Any], kind: str) -> dict[str, Any]:
    return {n: r for n, r in template["Resources"].items() if r["Type"] == kind}


def resolve(value: Any, template: dict[str, Any]) -> str:
    """A template value as deployed: pseudo parameters, the API's id and its stage's name."""
    kinds = {n: r["Type"] for n, r in template["Resources"].items()}
    refs = {"AWS::Partition": "aws", "AWS::Region": REGION, "AWS::AccountId": ACCOUNT}
    if isinstance(value, str):
        return value
    if "Fn::Join" in value:
        return "".join(resolve(v, template) for v in value["Fn::Join"][1])
    name = value["Ref"]
    if name in refs:
        return refs[name]
    return {"AWS::ApiGateway::RestApi": API_ID, "AWS::ApiGateway::Stage": "v1"}[kinds[name]]


def granted(template: dict[str, Any], role_name: str | None = None, managed: bool = False) -> list[str]:
    """The execute-api:Invoke resources of one agent role's policies (or of the by-tag managed policy)."""
    found = []
    if managed:
        policies = [p["Properties"] for p in of_type(template, "AWS::IAM::ManagedPolicy").values()]
    else:
        role = next(
            n
            for n, r in of_type(template, "AWS::IAM::Role").items()
            if r["Properties"].get("RoleName") == role_name
        )
        policies = [
            p["Properties"]
            for p in of_type(template, "AWS::IAM::Policy").values()
            if {"Ref": role} in p["Properties"]["Roles"]
        ]
    for policy in policies:
        for statement in policy["PolicyDocument"]["Statement"]:
            if "execute-api:Invoke" in as_list(statement["Action"]):
                found += [resolve(r, template) for r in as_list(statement["Resource"])]
    return found


def signed_arn(method: str, path: str) -> str:
    """Sign a request as an agent's SDK does and name the method ARN API Gateway authorises it against."""
    request = AWSRequest(method=method, url=f"{HOST}{path}", data=b"{}" if method != "GET" else None)
    SigV4Auth(Credentials("AKIDEXAMPLE", "secret", "token"), "execute-api", REGION).add_auth(request)
    assert request.headers["Authorization"].startswith("AWS4-HMAC-SHA256")
    signed_path = urlsplit(request.url).path  # /v1/users/...
    stage, resource_path = signed_path.lstrip("/").split("/", 1)
    return f"arn:aws:execute-api:{REGION}:{ACCOUNT}:{API_ID}/{stage}/{method}/{resource_path}"


def allows(patterns: list[str], arn: str, tags: dict[str, str] | None = None) -> bool:
    """IAM's matching of a resource ARN: `*` any characters, `?` one; policy variables from the tags."""
    for pattern in patterns:
        for key, value in (tags or {}).items():
            pattern = pattern.replace("${aws:PrincipalTag/" + key + "}", value)
        if "${" in pattern:
            continue  # a variable the caller has no value for matches nothing
        regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
        if re.fullmatch(regex, arn):
            return True
    return False


def test_an_agent_role_is_made_per_agent_and_trusts_its_runtime(agents: dict[str, Any]) -> None:
    roles = {
        r["Properties"].get("RoleName"): r["Properties"] for r in of_type(agents, "AWS::IAM::Role").values()
    }
    bot, coach = roles["reverie-acme-agent-support-bot"], roles["reverie-acme-agent-coach"]
    assert "123456789012" in str(bot["AssumeRolePolicyDocument"])
    assert coach["AssumeRolePolicyDocument"]["Statement"][0]["Principal"] == {
        "AWS": f"arn:aws:iam::{ACCOUNT}:role/coach-runtime"
    }


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("POST", "/v1/users/alice/context", True),
        ("POST", "/v1/users/alice/sessions/s1/events", True),
        ("GET", "/v1/users/alice/memories", True),
        ("PATCH", "/v1/users/alice/memories/m1", True),
        ("POST", "/v1/users/bob%40example.com/context", True),  # an id with @ travels percent-encoded
        ("GET", "/v1/health", True),
        ("POST", "/v1/users/carol/context", False),  # another agent's user
        ("GET", "/v1/users/alice2/memories", False),  # a longer id that starts with the same letters
        ("DELETE", "/v1/users/alice", False),  # forgetting a user is the admin's
        ("DELETE", "/v1/users/alice/memories/m1", False),
        ("GET", "/v1/users", False),  # tenant-wide routes
        ("GET", "/v1/reviews", False),
        ("POST", "/v1/dreams/run-1/rollback", False),
        ("GET", "/v1/overview", False),
    ],
)
def test_a_signed_request_reaches_only_the_agents_users(
    agents: dict[str, Any], method: str, path: str, allowed: bool
) -> None:
    assert allows(granted(agents, "reverie-acme-agent-support-bot"), signed_arn(method, path)) is allowed


def test_the_other_agent_reaches_its_own_user_only(agents: dict[str, Any]) -> None:
    coach = granted(agents, "reverie-acme-agent-coach")
    assert allows(coach, signed_arn("POST", "/v1/users/carol/context"))
    assert not allows(coach, signed_arn("POST", "/v1/users/alice/context"))


def test_the_tag_policy_follows_the_callers_reverie_user_tag(agents: dict[str, Any]) -> None:
    policy = granted(agents, managed=True)
    arn = signed_arn("POST", "/v1/users/alice/context")
    assert allows(policy, arn, {"reverie:user": "alice"})
    assert not allows(policy, arn, {"reverie:user": "bob"})
    assert not allows(policy, arn)  # an untagged role reaches nobody


def test_a_bad_agent_setting_stops_the_synth() -> None:
    with pytest.raises(TenantConfigError, match="agents"):
        config_of("acme", agents={"bot": {"users": ["al*ce"], "assumed_by": ACCOUNT}})
    with pytest.raises(TenantConfigError, match="agents"):
        config_of("acme", agents={"bot": {"users": [], "assumed_by": ACCOUNT}})
    with pytest.raises(TenantConfigError, match="assumed_by"):
        config_of("acme", agents={"bot": {"users": ["alice"], "assumed_by": "*"}})
