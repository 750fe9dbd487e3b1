"""cdk-nag (AwsSolutionsChecks) findings this design accepts, each acknowledged where it arises with the
reason a reviewer can check. Anything not listed here fails `cdk synth` (cdk.json turns nag on) and
tests/infra/test_nag.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import aws_cdk as cdk
from constructs import Construct

from infra.agent_access import AGENT_METHODS, USER_TAG, user_paths
from infra.models import split_profile

if TYPE_CHECKING:
    from infra.platform import PlatformStack
    from infra.stack import ReverieStack

XRAY = (
    "X-Ray's PutTraceSegments/PutTelemetryRecords have no resource-level permissions: Resource * is the "
    "only form AWS accepts (CDK adds it for Tracing.ACTIVE)."
)
OWN_OBJECTS = "Objects of this tenant's own raw-log bucket only: keys are tenant/user/date/session, not knowable in advance."
OWN_INDEXES = "The GSIs of this tenant's own table (gsi1-3): the adapters query them by name."
OWN_DOMAIN = (
    "HTTP paths inside the tenant's OpenSearch domain (shared or its own); fine-grained access control "
    "narrows each role to the tenant's reverie_<tenant>_cards-* indices."
)
INVOKE_VERSIONS = "Invoke this one function, any version or alias of it (CDK's grant_invoke adds ARN:*)."


PROFILE = (
    "A cross-region inference profile routes each call to one of its regions, chosen by Bedrock: the "
    "foundation model is granted in every region (region *) for this one model id only."
)
FRAMEWORK = (
    "Only on CDK-managed deploy-time helpers (the custom-resource framework): the managed policy lets them "
    "write their own logs, nothing else."
)


def acknowledge(scope: Construct, rule: str, reason: str) -> None:
    cdk.Validations.of(scope).acknowledge(
        cdk.Acknowledgment(id=f"AwsSolutions::AwsSolutions-{rule}", reason=reason)
    )


def acknowledge_findings(stack: ReverieStack) -> None:
    config = stack.config
    functions = [
        stack.api.function,
        stack.triggers.session_end,
        stack.triggers.sweep,
        stack.search.index_sync_function,
        *stack.dreaming.stages.values(),
    ]
    for fn in functions:
        acknowledge(fn.role, "IAM5[Resource::*]", XRAY)
        acknowledge(
            fn.function,
            "L1",
            "Pinned to python3.12 on purpose: the dependency wheels are installed for that ABI "
            "(infra/bundling.py) and a runtime upgrade goes through the test suite and the cold-start bench.",
        )
    for model in (config.models.reasoner, config.models.embedding, config.models.reranker):
        prefix, base = split_profile(model or "")
        if prefix:
            for resource in (
                f"arn:<AWS::Partition>:bedrock:*::foundation-model/{base}",
                f"arn:<AWS::Partition>:bedrock:*:<AWS::AccountId>:inference-profile/{model}",
            ):
                acknowledge(stack, f"IAM5[Resource::{resource}]", PROFILE)
    domain_paths = (
        f"IAM5[Resource::arn:<AWS::Partition>:es:<AWS::Region>:<AWS::AccountId>:domain/{stack.search.name}/*]"
    )
    for rule, reason in (
        ("IAM5[Resource::<StorageRawLog0E1B3AC9.Arn>/*]", OWN_OBJECTS),
        ("IAM5[Resource::<StorageTableB43FDCE7.Arn>/index/*]", OWN_INDEXES),
        (domain_paths, OWN_DOMAIN),
    ):
        acknowledge(stack, rule, reason)

    dreaming = stack.dreaming
    acknowledge(
        dreaming.role,
        "IAM5[Resource::*]",
        "Step Functions log delivery (logs:CreateLogDelivery etc.) and X-Ray accept only Resource *; CDK adds them.",
    )
    name = f"reverie-{config.tenant}-dream"
    for sep in (":", "/"):
        acknowledge(
            dreaming.role,
            f"IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{name}{sep}*]",
            "The Distributed Map describes and stops the child executions of this same state machine; their "
            "names are generated per run.",
        )
    for fn in dreaming.stages.values():
        logical = stack.get_logical_id(fn.function.node.default_child)  # type: ignore[arg-type]
        acknowledge(dreaming.role, f"IAM5[Resource::<{logical}.Arn>:*]", INVOKE_VERSIONS)

    search = stack.search
    index_sync = stack.get_logical_id(search.index_sync_function.function.node.default_child)  # type: ignore[arg-type]
    acknowledge(search.admin_role, f"IAM5[Resource::<{index_sync}.Arn>:*]", INVOKE_VERSIONS)
    setup = stack.get_logical_id(search.setup_function.node.default_child)  # type: ignore[arg-type]
    acknowledge(
        search,
        f"IAM5[Resource::<{setup}.Arn>:*]",
        "CDK's custom-resource framework invokes the set-up function (any version).",
    )
    acknowledge(
        stack,
        "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        FRAMEWORK,
    )
    if search.dedicated:
        acknowledge_domain(search.domain, config.search.dedicated_masters, config.search.instance_count)
    _acknowledge_agents(stack)
    api_reason = (
        "The API authorises with IAM (SigV4): its callers are agents and services holding IAM roles, "
        "optionally with API keys and a usage plan; there are no end-user logins to put in a Cognito pool."
    )
    acknowledge(stack.api.rest_api, "COG4", api_reason)
    acknowledge(
        stack.api.rest_api,
        "APIG3",
        "Every request is SigV4-authenticated and throttled per stage (and per key with api.api_keys); a WAF "
        "web ACL is an account-level choice an operator can attach to the v1 stage.",
    )


def acknowledge_domain(domain: Construct, dedicated_masters: bool, instance_count: int) -> None:
    acknowledge(
        domain,
        "OS1",
        "No VPC by design: every function would need a VPC with NAT or seven interface endpoints (Bedrock, "
        "S3, DynamoDB, SQS, Step Functions, SSM, OpenSearch) per tenant. Access is SigV4 only, the resource "
        "policy names the roles, fine-grained access control scopes them, TLS 1.2 is enforced.",
    )
    acknowledge(
        domain,
        "OS3",
        "Access is by IAM role (resource policy + fine-grained access), not by source IP: callers are Lambda functions.",
    )
    if not dedicated_masters:
        acknowledge(
            domain,
            "OS4",
            "A small domain (the idle cost is the point: make cost); set search.dedicated_masters with 3+ data nodes.",
        )
    if instance_count < 2:
        acknowledge(
            domain,
            "OS7",
            "Single-node domain (search.instance_count=1, the smallest that holds the demo); 2+ nodes enable "
            "zone awareness.",
        )


def acknowledge_platform_findings(stack: PlatformStack) -> None:
    acknowledge(
        stack,
        "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        FRAMEWORK,
    )
    if stack.config.api_gateway_account_role:
        acknowledge(
            stack.api_gateway_role,
            "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]",
            "API Gateway's account role must create and write log groups named by API id and stage, not known "
            "in advance; AWS's managed policy is the documented one for this account-wide setting.",
        )
    search = stack.config.search
    acknowledge_domain(stack.domain, search.dedicated_masters, search.instance_count)
    access = stack.get_logical_id(stack.access_function.node.default_child)  # type: ignore[arg-type]
    acknowledge(
        stack,
        f"IAM5[Resource::<{access}.Arn>:*]",
        "CDK's custom-resource framework invokes the set-up function (any version).",
    )
    acknowledge(
        stack,
        "IAM5[Resource::arn:<AWS::Partition>:es:<AWS::Region>:<AWS::AccountId>:domain/rv-platform/*]",
        "HTTP paths inside the platform's own domain, for its fine-grained-access master (the set-up).",
    )


def _acknowledge_agents(stack: ReverieStack) -> None:
    """An agent's paths end in `/*`: the routes under its users (their memories, sessions, runs)."""
    if not stack.config.agents and not stack.config.agents_by_tag:
        return
    api = stack.api.rest_api
    rest = stack.get_logical_id(api.node.default_child)  # type: ignore[arg-type]
    stage = stack.get_logical_id(api.deployment_stage.node.default_child)  # type: ignore[arg-type]
    prefix = f"arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<{rest}>/<{stage}>"
    reason = (
        "The routes under the users this agent serves (users/<user>/*: context, memories, sessions, runs) "
        "and nothing else: no other user's path, no tenant-wide route."
    )
    for name, agent in stack.config.agents.items():
        for method in AGENT_METHODS:
            for path in user_paths_of(agent.users):
                if path.endswith("/*"):
                    acknowledge(stack.agents[name], f"IAM5[Resource::{prefix}/{method}/{path}]", reason)
    if stack.config.agents_by_tag:
        for method in AGENT_METHODS:
            acknowledge(
                stack.agents_by_tag,
                f"IAM5[Resource::{prefix}/{method}/users/<aws:PrincipalTag/{USER_TAG}>/*]",
                reason + " The user is the caller's reverie:user tag.",
            )


def user_paths_of(users: list[str]) -> list[str]:
    return [path for user in users for path in user_paths(user)]
