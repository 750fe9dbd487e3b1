"""One OpenSearch Service domain, as the platform (shared) or a tenant (`search.mode: dedicated`) builds it.

Encryption at rest (the owner's KMS key), node-to-node encryption, HTTPS only (TLS 1.2), fine-grained
access control with an IAM master role that only the deploy-time set-up assumes, and the resource policy
set on the domain itself (named HTTP verbs). Its logs go to log groups under `SEARCH_LOG_PREFIX`, which the
platform's one CloudWatch Logs resource policy covers: no stack adds an account-level policy of its own
(an account holds at most 10 per region).
"""

from __future__ import annotations

import hashlib

import aws_cdk as cdk
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_logs as logs
from aws_cdk import aws_opensearchservice as opensearch
from constructs import Construct

from infra.config import Search

SEARCH_LOG_PREFIX = "/aws/vendedlogs/reverie/search"
HTTP_VERBS = ["es:ESHttpGet", "es:ESHttpHead", "es:ESHttpPost", "es:ESHttpPut", "es:ESHttpDelete"]
# OpenSearch security permissions of the roles the set-up creates (see search_access/handler.py)
READ_WRITE = [
    "crud",
    "search",
    "indices:admin/get",
    "indices:admin/aliases/get",
    "indices:admin/mappings/get",
    "indices:admin/forcemerge",  # SearchIndex.compact after a deletion (the API function)
]
TENANT_CLUSTER = ["cluster_composite_ops"]
"""The one cluster permission of a tenant's roles: bulk, mget, msearch (each item is checked again against
the role's index permissions). Nothing else: index templates (`indices:admin/index_template/*`) and search
pipelines (`cluster:admin/search/pipeline/*`) are cluster permissions in the security plugin, which a role
cannot limit to names of its own, so one tenant holding them could overwrite every tenant's. The index sync
needs neither (opensearch_index.py creates each index with its settings, each hybrid search carries its
pipeline), and the platform's set-up refuses a tenant role that asks for more (search_access/handler.py)."""


def domain_name(owner: str) -> str:
    """`rv-<owner>`, within OpenSearch's 28 characters (a long name keeps a hash to stay unique)."""
    name = f"rv-{owner}"
    if len(name) <= 28:
        return name
    return f"rv-{owner[:15].rstrip('-')}-{hashlib.sha256(owner.encode()).hexdigest()[:8]}"


def domain_arn(name: str) -> str:
    return f"arn:{cdk.Aws.PARTITION}:es:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:domain/{name}"


def build_domain(
    scope: Construct,
    *,
    name: str,
    search: Search,
    key: kms.IKey,
    master_role: iam.IRole,
    policy: list[iam.PolicyStatement],
    retention: logs.RetentionDays,
    removal: cdk.RemovalPolicy,
) -> opensearch.Domain:
    """The domain `name` (in `scope`), with `policy` as its resource policy."""

    def log_group(kind: str) -> logs.LogGroup:
        return logs.LogGroup(
            scope,
            f"{kind.title().replace('-', '')}Logs",
            log_group_name=f"{SEARCH_LOG_PREFIX}/{name}/{kind}",
            retention=retention,
            encryption_key=key,
            removal_policy=removal,
        )

    several = search.instance_count > 1
    domain = opensearch.Domain(
        scope,
        "Domain",
        domain_name=name,
        version=opensearch.EngineVersion.open_search(search.engine_version),
        capacity=opensearch.CapacityConfig(
            data_nodes=search.instance_count,
            data_node_instance_type=search.instance_type,
            multi_az_with_standby_enabled=False,
            master_nodes=3 if search.dedicated_masters else None,
            master_node_instance_type=search.master_instance_type if search.dedicated_masters else None,
        ),
        zone_awareness=opensearch.ZoneAwarenessConfig(
            enabled=several, availability_zone_count=2 if several else None
        ),
        ebs=opensearch.EbsOptions(volume_size=search.volume_gb, volume_type=ec2.EbsDeviceVolumeType.GP3),
        encryption_at_rest=opensearch.EncryptionAtRestOptions(enabled=True, kms_key=key),
        node_to_node_encryption=True,
        enforce_https=True,
        tls_security_policy=opensearch.TLSSecurityPolicy.TLS_1_2,
        fine_grained_access_control=opensearch.AdvancedSecurityOptions(master_user_arn=master_role.role_arn),
        logging=opensearch.LoggingOptions(
            app_log_enabled=True,
            app_log_group=log_group("app"),
            slow_search_log_enabled=True,
            slow_search_log_group=log_group("slow-search"),
            slow_index_log_enabled=True,
            slow_index_log_group=log_group("slow-index"),
        ),
        suppress_logs_resource_policy=True,  # the platform's one policy covers SEARCH_LOG_PREFIX
        removal_policy=removal,
    )
    # Set on the domain itself: CDK's `access_policies` would add a custom resource whose role gets
    # kms:List*/Describe* for a policy CloudFormation can set directly.
    cfn_domain = domain.node.default_child
    assert isinstance(cfn_domain, opensearch.CfnDomain)
    cfn_domain.access_policies = iam.PolicyDocument(statements=policy).to_json()
    return domain


def logs_resource_policy(scope: Construct) -> logs.CfnResourcePolicy:
    """The account's one CloudWatch Logs resource policy for Reverie's domains (the platform owns it)."""
    groups = (
        f"arn:{cdk.Aws.PARTITION}:logs:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:log-group:{SEARCH_LOG_PREFIX}/*"
    )
    document = iam.PolicyDocument(
        statements=[
            iam.PolicyStatement(
                principals=[iam.ServicePrincipal("es.amazonaws.com")],
                actions=["logs:CreateLogStream", "logs:PutLogEvents"],
                resources=[groups],
                conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}},
            )
        ]
    )
    return logs.CfnResourcePolicy(
        scope,
        "SearchLogsPolicy",
        policy_name="reverie-opensearch-logs",
        policy_document=cdk.Stack.of(scope).to_json_string(document.to_json()),
    )
