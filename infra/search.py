"""Search: the tenant's OpenSearch Service domain, the index sync function, and its deploy-time set-up.

Encryption at rest (the tenant's KMS key), node-to-node encryption, HTTPS only (TLS 1.2), fine-grained
access control with an IAM master role that only the deploy-time set-up assumes; the functions reach the
domain through its resource policy (their roles, named HTTP verbs) and OpenSearch security roles scoped
to the card indices (`reverie-cards*`). docs/deploy.md says why a domain and not a Serverless collection.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import aws_cdk as cdk
import jsii
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_opensearchservice as opensearch
from aws_cdk import custom_resources as cr
from constructs import Construct

from infra import permissions
from infra.config import TenantConfig
from infra.functions import FunctionEnvironment, TenantFunction, log_retention
from infra.storage import TenantStorage, removal_policy
from infra.triggers import scheduled_event

INDEX_PATTERN = "reverie-cards*"  # SearchSettings.index_alias and its per-model suffix
READ_WRITE = [
    "crud",
    "search",
    "indices:admin/get",
    "indices:admin/aliases/get",
    "indices:admin/mappings/get",
]
ADMIN_CLUSTER = [
    "cluster_composite_ops",
    "cluster_monitor",
    "indices:admin/index_template/*",
    "indices:admin/template/*",
]


def domain_name(config: TenantConfig) -> str:
    """`rv-<tenant>`, within OpenSearch's 28 characters (a long tenant name keeps a hash to stay unique)."""
    name = f"rv-{config.tenant}"
    if len(name) <= 28:
        return name
    return f"rv-{config.tenant[:15].rstrip('-')}-{hashlib.sha256(config.tenant.encode()).hexdigest()[:8]}"


@jsii.implements(cdk.IStableStringProducer)
class _Later:
    def __init__(self, value: Callable[[], str]) -> None:
        self.value = value

    def produce(self) -> str:
        return self.value()


class SearchDomain(Construct):
    """The OpenSearch domain and its access; `index_sync` is created here, the readers are granted later."""

    def __init__(
        self, scope: Construct, construct_id: str, *, config: TenantConfig, storage: TenantStorage
    ) -> None:
        super().__init__(scope, construct_id)
        self.config = config
        self.admin_role = iam.Role(
            self,
            "MasterRole",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"Reverie {config.tenant}: OpenSearch fine-grained-access master (deploy-time set-up only)",
        )
        self.storage = storage
        self._domain: opensearch.Domain | None = None
        # Functions are built before the domain (its resource policy names their roles): they get the
        # endpoint and ARN as tokens that resolve once `finish` has built it.
        self.endpoint = cdk.Lazy.string(_Later(lambda: self.domain.domain_endpoint))
        self.domain_arn = cdk.Lazy.string(_Later(lambda: self.domain.domain_arn))
        self._readers: list[iam.IRole] = []
        self._admins: list[iam.IRole] = [self.admin_role]

    def allow_readers(self, *functions: TenantFunction) -> None:
        """Functions that search and write cards (the API, the dream stages)."""
        for fn in functions:
            fn.allow(permissions.search_http(self.domain_arn, write=True))
            self._readers.append(fn.role)

    def index_sync(
        self, env: FunctionEnvironment, storage: TenantStorage, stub_dir: str | None
    ) -> TenantFunction:
        config = self.config
        fn = TenantFunction(
            self,
            "IndexSync",
            config=config,
            handler="reverie.handlers.index_sync.handler",
            profile="full",
            environment={**env.base(), **env.storage(), **env.search()},
            timeout=cdk.Duration.minutes(14),
            key=storage.key,
            description="index repair, rebuild and deploy-time install",
            stub_dir=stub_dir,
        )
        fn.allow(
            *permissions.table_access(storage.table, storage.key, write=False),
            # a rebuild lists the users of the raw log too (services/index_model.py)
            *permissions.raw_log_access(storage.raw_log, write=False, delete=False),
            permissions.search_http(self.domain_arn, write=True),
            permissions.index_stamp(env.stamp_parameter, write=True),
            permissions.bedrock_models(config.models.embedding),
        )
        self._admins.append(fn.role)
        minutes = config.dreaming.index_repair_minutes
        events.Rule(
            self,
            "IndexRepair",
            description="Reverie: re-sync the cards changed since the last repair",
            schedule=events.Schedule.rate(cdk.Duration.minutes(minutes)),
            targets=[
                targets.LambdaFunction(
                    fn.function,
                    retry_attempts=2,
                    event=scheduled_event({"action": "repair", "since_minutes": minutes * 2}),
                )
            ],
        )
        self.index_sync_function = fn
        return fn

    @property
    def domain(self) -> opensearch.Domain:
        if self._domain is None:
            raise RuntimeError("SearchDomain.finish() builds the domain once every client is known")
        return self._domain

    def _build_domain(self) -> opensearch.Domain:
        config, search = self.config, self.config.search

        def log_group(name: str) -> logs.LogGroup:
            return logs.LogGroup(
                self,
                name,
                retention=log_retention(config),
                encryption_key=self.storage.key,
                removal_policy=removal_policy(config),
            )

        principals = [iam.ArnPrincipal(role.role_arn) for role in [*self._admins, *self._readers]]
        name = domain_name(config)
        domain = opensearch.Domain(
            self,
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
                enabled=search.instance_count > 1,
                availability_zone_count=2 if search.instance_count > 1 else None,
            ),
            ebs=opensearch.EbsOptions(volume_size=search.volume_gb, volume_type=ec2.EbsDeviceVolumeType.GP3),
            encryption_at_rest=opensearch.EncryptionAtRestOptions(enabled=True, kms_key=self.storage.key),
            node_to_node_encryption=True,
            enforce_https=True,
            tls_security_policy=opensearch.TLSSecurityPolicy.TLS_1_2,
            fine_grained_access_control=opensearch.AdvancedSecurityOptions(
                master_user_arn=self.admin_role.role_arn
            ),
            logging=opensearch.LoggingOptions(
                app_log_enabled=True,
                app_log_group=log_group("AppLogs"),
                slow_search_log_enabled=True,
                slow_search_log_group=log_group("SlowSearchLogs"),
                slow_index_log_enabled=True,
                slow_index_log_group=log_group("SlowIndexLogs"),
            ),
            removal_policy=removal_policy(config),
        )
        # The resource policy set on the domain itself: named roles, named HTTP verbs (fine-grained access
        # then scopes each role to the card indices). CDK's `access_policies` would add a custom resource
        # whose role gets kms:List*/Describe* for a policy CloudFormation can set directly.
        policy = iam.PolicyDocument(
            statements=[
                iam.PolicyStatement(
                    principals=principals,
                    actions=[
                        "es:ESHttpGet",
                        "es:ESHttpHead",
                        "es:ESHttpPost",
                        "es:ESHttpPut",
                        "es:ESHttpDelete",
                    ],
                    resources=[
                        f"arn:{cdk.Aws.PARTITION}:es:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:domain/{name}/*"
                    ],
                )
            ]
        )
        cfn_domain = domain.node.default_child
        assert isinstance(cfn_domain, opensearch.CfnDomain)
        cfn_domain.access_policies = policy.to_json()
        return domain

    def finish(self, stub_dir: str | None) -> None:
        """The domain (its resource policy names every client) and the deploy-time set-up."""
        self._domain = self._build_domain()
        setup_logs = logs.LogGroup(
            self,
            "SetupLogs",
            retention=log_retention(self.config),
            removal_policy=removal_policy(self.config),
        )
        setup = lambda_.Function(
            self,
            "Setup",
            runtime=lambda_.Runtime.PYTHON_3_14,  # no wheels: the newest runtime, its own boto3
            handler="handler.on_event",
            code=lambda_.Code.from_asset(stub_dir or str(Path(__file__).parent / "search_access")),
            role=self.admin_role,
            timeout=cdk.Duration.minutes(15),
            environment={"DOMAIN_ENDPOINT": self.endpoint},
            log_group=setup_logs,
            description=f"Reverie {self.config.tenant}: OpenSearch roles and index template on deploy",
        )
        self.admin_role.add_to_policy(
            iam.PolicyStatement(
                actions=["logs:CreateLogStream", "logs:PutLogEvents"], resources=[setup_logs.log_group_arn]
            )
        )
        self.admin_role.add_to_policy(permissions.search_http(self.domain_arn, write=True))
        self.index_sync_function.function.grant_invoke(self.admin_role)
        provider = cr.Provider(self, "SetupProvider", on_event_handler=setup, log_retention=None)
        models = self.config.models
        roles = {
            "reverie_cards_admin": {
                "permissions": {
                    "cluster_permissions": ADMIN_CLUSTER,
                    "index_permissions": [
                        {"index_patterns": [INDEX_PATTERN], "allowed_actions": ["indices_all"]}
                    ],
                },
                "backend_roles": [r.role_arn for r in self._admins],
            },
            "reverie_cards_rw": {
                "permissions": {
                    "cluster_permissions": ["cluster_composite_ops"],
                    "index_permissions": [{"index_patterns": [INDEX_PATTERN], "allowed_actions": READ_WRITE}],
                },
                "backend_roles": [r.role_arn for r in self._readers],
            },
        }
        resource = cdk.CustomResource(
            self,
            "SetupResource",
            service_token=provider.service_token,
            resource_type="Custom::ReverieSearchSetup",
            properties={
                "Roles": cdk.Stack.of(self).to_json_string(roles),
                "IndexSyncFunction": self.index_sync_function.function.function_arn,
                # a new model runs the set-up again: rebuild_if_needed then re-embeds every card
                "IndexModel": f"{models.embedding}/{models.embedding_dim}",
            },
        )
        resource.node.add_dependency(self.domain)
        self.setup_function = setup
