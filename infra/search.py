"""Search of one tenant: its indices (on the platform's shared domain, or on a domain of its own with
`search.mode: dedicated`), the index sync function, and the deploy-time set-up.

Either way the tenant's cards live in indices named `reverie_<tenant>_cards-…` behind its own alias, and
two OpenSearch security roles, created on deploy by the domain's master, give the tenant's functions
those indices and nothing else: `reverie_<tenant>_admin` (the index sync) and `reverie_<tenant>_rw` (the
API and the dream stages). Tenant names cannot hold `_`, so no tenant's pattern matches another's. No
tenant creates anything cluster-wide (no index template, no stored search pipeline: search_domain.py says
why), so neither role holds a cluster permission beyond bulk/mget/msearch. When the stack goes, the
tenant's roles, mappings and any templates under its pattern go too; with `removal: destroy` also its
indices and the index's model stamp (search_access/handler.py).
docs/deploy.md says why a domain and not a Serverless collection.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import aws_cdk as cdk
import jsii
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_opensearchservice as opensearch
from aws_cdk import aws_ssm as ssm
from aws_cdk import custom_resources as cr
from constructs import Construct

from infra import permissions
from infra.config import TenantConfig
from infra.functions import FunctionEnvironment, TenantFunction, log_retention
from infra.search_domain import (
    HTTP_VERBS,
    READ_WRITE,
    TENANT_CLUSTER,
    build_domain,
    domain_arn,
    domain_name,
)
from infra.storage import TenantStorage, removal_policy
from infra.triggers import scheduled_event

# What the platform stack publishes, by name (no CloudFormation export: a tenant stack can go at any time)
SHARED_DOMAIN = domain_name("platform")
ENDPOINT_PARAMETER = "/reverie/platform/search-endpoint"
ACCESS_FUNCTION = "reverie-platform-search-access"


def index_base(tenant: str) -> str:
    """The base of the tenant's alias (REVERIE_INDEX_ALIAS; the adapter appends the model's tag)."""
    return f"reverie_{tenant}_cards"


def index_pattern(tenant: str) -> str:
    return f"{index_base(tenant)}-*"


def security_roles(tenant: str, admins: list[iam.IRole], readers: list[iam.IRole]) -> dict[str, object]:
    """The OpenSearch roles of one tenant and the IAM roles mapped to each (search_access/handler.py)."""
    pattern = [index_pattern(tenant)]
    return {
        f"reverie_{tenant}_admin": {
            "permissions": {
                "cluster_permissions": TENANT_CLUSTER,
                "index_permissions": [{"index_patterns": pattern, "allowed_actions": ["indices_all"]}],
            },
            "backend_roles": [r.role_arn for r in admins],
        },
        f"reverie_{tenant}_rw": {
            "permissions": {
                "cluster_permissions": TENANT_CLUSTER,
                "index_permissions": [{"index_patterns": pattern, "allowed_actions": READ_WRITE}],
            },
            "backend_roles": [r.role_arn for r in readers],
        },
    }


@jsii.implements(cdk.IStableStringProducer)
class _Later:
    def __init__(self, value: Callable[[], str]) -> None:
        self.value = value

    def produce(self) -> str:
        return self.value()


class TenantSearch(Construct):
    """The tenant's search: `index_sync` is created here, the readers are granted later, `finish` last."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        storage: TenantStorage,
        platform_nodes: int = 1,
    ) -> None:
        super().__init__(scope, construct_id)
        self.config, self.storage, self.platform_nodes = config, storage, platform_nodes
        self.dedicated = config.search.mode == "dedicated"
        self.name = domain_name(config.tenant) if self.dedicated else SHARED_DOMAIN
        self.domain_arn = domain_arn(self.name)
        self._domain: opensearch.Domain | None = None
        if self.dedicated:
            self.admin_role: iam.Role = iam.Role(
                self,
                "MasterRole",
                assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
                description=f"Reverie {config.tenant}: OpenSearch fine-grained-access master (deploy-time set-up only)",
            )
            # Functions are built before the domain (its resource policy names their roles).
            self.endpoint = cdk.Lazy.string(_Later(lambda: self.domain.domain_endpoint))
        else:
            self.admin_role = iam.Role(
                self,
                "SetupRole",
                assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
                description=f"Reverie {config.tenant}: runs the index sync on deploy",
            )
            # resolved by CloudFormation at deploy time from the platform's parameter (nothing read at synth)
            self.endpoint = ssm.StringParameter.value_for_string_parameter(self, ENDPOINT_PARAMETER)
        self._readers: list[iam.IRole] = []
        self._stamp_parameter = ""  # the index's model stamp (SSM), named when the index sync is built
        self._admins: list[iam.IRole] = [self.admin_role] if self.dedicated else []

    @property
    def nodes(self) -> int:
        """Data nodes of the domain this tenant's indices live on (the platform's: from `reverie:platform`)."""
        return self.config.search.instance_count if self.dedicated else self.platform_nodes

    @property
    def index_alias(self) -> str:
        return index_base(self.config.tenant)

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
        self._stamp_parameter = env.stamp_parameter
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
            raise RuntimeError("a shared-search tenant has no domain; a dedicated one gets it in finish()")
        return self._domain

    def finish(self, stub_dir: str | None) -> None:
        """The domain if dedicated (its resource policy names every client) and the deploy-time set-up."""
        roles = security_roles(self.config.tenant, self._admins, self._readers)
        if self.dedicated:
            principals = [iam.ArnPrincipal(r.role_arn) for r in [*self._admins, *self._readers]]
            self._domain = build_domain(
                self,
                name=self.name,
                search=self.config.search,
                key=self.storage.key,
                master_role=self.admin_role,
                policy=[
                    iam.PolicyStatement(
                        principals=principals, actions=HTTP_VERBS, resources=[f"{self.domain_arn}/*"]
                    )
                ],
                retention=log_retention(self.config),
                removal=removal_policy(self.config),
            )
            self.admin_role.add_to_policy(permissions.search_http(self.domain_arn, write=True))
            self._setup(stub_dir, roles).node.add_dependency(self._domain)
            return
        # shared: the platform's set-up (its domain's master) creates and maps the tenant's roles
        access = cdk.CustomResource(
            self,
            "Access",
            service_token=(
                f"arn:{cdk.Aws.PARTITION}:lambda:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:function:{ACCESS_FUNCTION}"
            ),
            resource_type="Custom::ReverieTenantAccess",
            properties={
                "Tenant": self.config.tenant,
                "Roles": cdk.Stack.of(self).to_json_string(roles),
                "DropIndices": index_pattern(self.config.tenant) if self.config.removal == "destroy" else "",
            },
        )
        self._setup(stub_dir, {}).node.add_dependency(access)

    def _setup(self, stub_dir: str | None, roles: dict[str, object]) -> cdk.CustomResource:
        """The set-up function: creates `roles` (dedicated: it runs as the master), then runs the index
        sync with `rebuild_if_needed` (the alias and first index of the configured model); on delete, with
        `removal: destroy`, it removes the index's model stamp."""
        setup_logs = logs.LogGroup(
            self,
            "SetupLogs",
            retention=log_retention(self.config),
            removal_policy=removal_policy(self.config),
        )
        environment = {"DOMAIN_ENDPOINT": self.endpoint} if self.dedicated else {}
        setup = lambda_.Function(
            self,
            "Setup",
            runtime=lambda_.Runtime.PYTHON_3_14,  # no wheels: the newest runtime, its own boto3
            handler="handler.on_event",
            code=lambda_.Code.from_asset(stub_dir or str(Path(__file__).parent / "search_access")),
            role=self.admin_role,
            timeout=cdk.Duration.minutes(15),
            environment=environment,
            log_group=setup_logs,
            description=f"Reverie {self.config.tenant}: OpenSearch roles and the card index on deploy",
        )
        self.admin_role.add_to_policy(
            iam.PolicyStatement(
                actions=["logs:CreateLogStream", "logs:PutLogEvents"], resources=[setup_logs.log_group_arn]
            )
        )
        self.index_sync_function.function.grant_invoke(self.admin_role)
        # the tenant's indices go with a destroyed stack (shared: DropIndices; dedicated: the domain), so
        # their model stamp goes too: else a later stack of this name trusts the stamp of an index now gone
        stamp = self._stamp_parameter if self.config.removal == "destroy" else ""
        if stamp:
            self.admin_role.add_to_policy(
                iam.PolicyStatement(
                    actions=["ssm:DeleteParameter"], resources=[permissions.parameter_arn(stamp)]
                )
            )
        provider = cr.Provider(self, "SetupProvider", on_event_handler=setup, log_retention=None)
        models = self.config.models
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
                "StampParameter": stamp,
            },
        )
        self.setup_function = setup
        return resource
