"""cdk-nag (AwsSolutionsChecks) findings this design accepts, each acknowledged where it arises with the
reason a reviewer can check. Anything not listed here fails `cdk synth` (cdk.json turns nag on) and
tests/infra/test_nag.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import aws_cdk as cdk
from constructs import Construct

if TYPE_CHECKING:
    from infra.stack import ReverieStack

XRAY = (
    "X-Ray's PutTraceSegments/PutTelemetryRecords have no resource-level permissions: Resource * is the "
    "only form AWS accepts (CDK adds it for Tracing.ACTIVE)."
)
OWN_OBJECTS = "Objects of this tenant's own raw-log bucket only: keys are tenant/user/date/session, not knowable in advance."
OWN_INDEXES = "The GSIs of this tenant's own table (gsi1-3): the adapters query them by name."
OWN_DOMAIN = (
    "HTTP paths inside this tenant's own OpenSearch domain; fine-grained access control narrows each role "
    "to the reverie-cards* indices."
)
INVOKE_VERSIONS = "Invoke this one function, any version or alias of it (CDK's grant_invoke adds ARN:*)."


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
    for rule, reason in (
        ("IAM5[Resource::<StorageRawLog0E1B3AC9.Arn>/*]", OWN_OBJECTS),
        ("IAM5[Resource::<StorageTableB43FDCE7.Arn>/index/*]", OWN_INDEXES),
        ("IAM5[Resource::<SearchDomain62FD613E.Arn>/*]", OWN_DOMAIN),
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
        "Only on CDK-managed deploy-time helpers (the custom-resource framework, the OpenSearch log-policy "
        "resource): the managed policy lets them write their own logs, nothing else.",
    )
    domain = search.domain
    acknowledge(
        domain,
        "OS1",
        "No VPC by design: every function would need a VPC with NAT or seven interface endpoints (Bedrock, "
        "S3, DynamoDB, SQS, Step Functions, SSM, OpenSearch) per tenant. Access is SigV4 only, the resource "
        "policy names the tenant's roles, fine-grained access control scopes them, TLS 1.2 is enforced.",
    )
    acknowledge(
        domain,
        "IAM5[Resource::*]",
        "CDK's helper that lets OpenSearch write to its log groups: logs:PutResourcePolicy and "
        "DeleteResourcePolicy have no resource-level permissions.",
    )
    acknowledge(
        domain,
        "OS3",
        "Access is by IAM role (resource policy + fine-grained access), not by source IP: callers are Lambda functions.",
    )
    if not config.search.dedicated_masters:
        acknowledge(
            domain,
            "OS4",
            "Small per-tenant domain; set search.dedicated_masters for tenants with 3+ data nodes.",
        )
    if config.search.instance_count < 2:
        acknowledge(
            domain,
            "OS7",
            "Single-node domain for this tenant (search.instance_count=1); 2+ nodes enable zone awareness.",
        )
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
