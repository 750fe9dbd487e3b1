"""Per-agent access to a tenant's API: an agent's IAM role may invoke only the paths of the users it serves.

API Gateway authorises every method with IAM (SigV4), and the ARN it checks names the request's method
and path: `arn:aws:execute-api:<region>:<account>:<api-id>/v1/GET/users/alice/context`. So a role whose
`execute-api:Invoke` lists `…/v1/*/users/alice` and `…/v1/*/users/alice/*` reaches alice's memory and
nobody else's, and none of the tenant-wide routes (`/users`, `/reviews`, `/dreams/{run}`, `/overview`).

Two forms (docs/deploy.md, "Per-agent access"):
- `AgentAccess`: a role and a list of users, named in the template (`agents` in cdk.json makes one role per
  agent; a role from elsewhere can be passed in);
- `agent_policy_by_tag`: one managed policy for every agent, whose resources carry the policy variable
  `${aws:PrincipalTag/reverie:user}`: the role's (or the session's) tag says which user it serves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote

import aws_cdk as cdk
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_iam as iam
from constructs import Construct

USER_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$"  # domain.models.ID_PATTERN: never * or ?
AGENT_METHODS = ("GET", "POST", "PATCH")  # DELETE /users/{user} (forgetting a user) stays the admin's
PUBLIC_PATHS = ("GET/health", "GET/openapi.json")
USER_TAG = "reverie:user"


def user_paths(user: str) -> list[str]:
    """The path patterns of one user: the user itself and everything under it, in the form the request
    names it (raw and, if it differs, percent-encoded: `bob@example.com` travels as `bob%40example.com`)."""
    if not re.fullmatch(USER_PATTERN, user):
        raise ValueError(f"agent access: {user!r} is not a user id (letters, digits and . _ : @ + -)")
    forms = dict.fromkeys([user, quote(user, safe="")])
    return [path for form in forms for path in (f"users/{form}", f"users/{form}/*")]


def invoke_resources(api: apigw.RestApi, users: Sequence[str], methods: Sequence[str]) -> list[str]:
    stage = api.deployment_stage.stage_name
    resources = [
        api.arn_for_execute_api(method, f"/{path}", stage)
        for method in methods
        for u in users
        for path in user_paths(u)
    ]
    resources += [
        api.arn_for_execute_api(p.split("/")[0], "/" + p.split("/", 1)[1], stage) for p in PUBLIC_PATHS
    ]
    return resources


class AgentAccess(Construct):
    """Grants `role` `execute-api:Invoke` on the paths of `users` only (and the health and OpenAPI routes)."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        api: apigw.RestApi,
        role: iam.IRole,
        users: Sequence[str],
        methods: Sequence[str] = AGENT_METHODS,
    ) -> None:
        super().__init__(scope, construct_id)
        if not users:
            raise ValueError("agent access: name at least one user the agent serves")
        self.policy = iam.Policy(
            self,
            "Invoke",
            statements=[
                iam.PolicyStatement(
                    actions=["execute-api:Invoke"], resources=invoke_resources(api, users, methods)
                )
            ],
        )
        self.policy.attach_to_role(role)


def agent_policy_by_tag(scope: Construct, construct_id: str, api: apigw.RestApi) -> iam.ManagedPolicy:
    """One managed policy for every agent role: it reaches the user its `reverie:user` tag names (a role
    tag, or a session tag passed when it is assumed), nothing if it has none."""
    variable = "${aws:PrincipalTag/" + USER_TAG + "}"
    stage = api.deployment_stage.stage_name
    resources = [
        api.arn_for_execute_api(method, f"/users/{variable}{tail}", stage)
        for method in AGENT_METHODS
        for tail in ("", "/*")
    ]
    return iam.ManagedPolicy(
        scope,
        construct_id,
        description=f"Reverie: invoke the API for the user named by the caller's {USER_TAG} tag",
        statements=[iam.PolicyStatement(actions=["execute-api:Invoke"], resources=resources)],
    )


def agent_role(scope: Construct, name: str, tenant: str, assumed_by: str) -> iam.Role:
    """An agent's role, assumable by an account (12 digits) or a role ARN."""
    principal: iam.IPrincipal = (
        iam.AccountPrincipal(assumed_by)
        if re.fullmatch(r"\d{12}", assumed_by)
        else iam.ArnPrincipal(assumed_by)
    )
    return iam.Role(
        scope,
        f"Agent{name.title().replace('-', '')}",
        role_name=f"reverie-{tenant}-agent-{name}"[:64],
        assumed_by=principal,
        description=f"Reverie {tenant}: agent {name} (its users' API paths only)",
        max_session_duration=cdk.Duration.hours(1),
    )
