"""One tenant's Reverie: `ReverieStack` wires the purpose-named constructs together.

Every name a stack gives a resource carries the tenant, and no construct is shared between stacks, so
two tenants' stacks share nothing (no table, bucket, key, queue, role or log group). What they share
lives in the platform stack (infra/platform.py): the search domain, where each tenant has its own indices
behind roles limited to them, and the account-level settings.
"""

from __future__ import annotations

import aws_cdk as cdk
from constructs import Construct

from infra.agent_access import AgentAccess, agent_policy_by_tag, agent_role
from infra.api import MemoryApi
from infra.config import TenantConfig, load_platform_config
from infra.console import MemoryConsole
from infra.dreaming import DreamStateMachine, state_machine_arn
from infra.functions import FunctionEnvironment
from infra.observability import Operations
from infra.search import TenantSearch
from infra.storage import TenantStorage, removal_policy
from infra.triggers import DreamTriggers


def stack_name(config: TenantConfig) -> str:
    return f"Reverie-{config.tenant}"


class ReverieStack(cdk.Stack):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        stub_dir: str | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(scope, construct_id, **kwargs)  # type: ignore[arg-type]
        cdk.Tags.of(self).add("reverie:tenant", config.tenant)
        self.config = config
        self.storage = TenantStorage(self, "Storage", config)
        platform = load_platform_config(self.node.try_get_context)  # the same cdk.json as the platform's
        self.search = TenantSearch(
            self, "Search", config=config, storage=self.storage, platform_nodes=platform.search.instance_count
        )
        env = FunctionEnvironment(
            config=config,
            table_name=self.storage.table.table_name,
            bucket_name=self.storage.raw_log.bucket_name,
            key_arn=self.storage.key.key_arn,
            opensearch_endpoint=self.search.endpoint,
            index_alias=self.search.index_alias,
            search_nodes=self.search.nodes,
        )
        self.dreaming = DreamStateMachine(
            self,
            "Dreaming",
            config=config,
            storage=self.storage,
            env=env,
            domain_arn=self.search.domain_arn,
            stub_dir=stub_dir,
        )
        self.triggers = DreamTriggers(
            self, "Triggers", config=config, storage=self.storage, env=env, stub_dir=stub_dir
        )
        self.api = MemoryApi(
            self,
            "Api",
            config=config,
            storage=self.storage,
            env=env,
            queue=self.triggers.queue,
            state_machine_arn=state_machine_arn(config),
            stub_dir=stub_dir,
        )
        self.agents = {
            name: AgentAccess(
                self,
                f"{name}Access",
                api=self.api.rest_api,
                role=agent_role(self, name, config.tenant, agent.assumed_by),
                users=agent.users,
            )
            for name, agent in config.agents.items()
        }
        if config.console:
            rest_api = self.api.rest_api
            self.console = MemoryConsole(
                self,
                "Console",
                tenant=config.tenant,
                api_url=f"{rest_api.url}operator",
                api_origin=f"https://{rest_api.rest_api_id}.execute-api.{cdk.Aws.REGION}.{cdk.Aws.URL_SUFFIX}",
                removal=removal_policy(config),
            )
            self.api.add_operator_routes(
                self.console.user_pool, f"https://{self.console.distribution.distribution_domain_name}"
            )
        if config.agents_by_tag:
            self.agents_by_tag = agent_policy_by_tag(self, "AgentsByTag", self.api.rest_api)
        index_sync = self.search.index_sync(env, self.storage, stub_dir)
        self.search.allow_readers(self.api.function, *self.dreaming.stages.values())
        self.search.finish(stub_dir)
        self.operations = Operations(
            self,
            "Operations",
            config=config,
            key=self.storage.key,
            api=self.api.rest_api,
            state_machine=self.dreaming.state_machine,
            queue=self.triggers.queue,
            api_function=self.api.function.function,
            table=self.storage.table,
            search_domain=self.search.name if self.search.dedicated else None,
            functions={
                "SessionEnd": self.triggers.session_end,
                "Sweep": self.triggers.sweep,
                "IndexSync": index_sync,
            },
        )
        cdk.CfnOutput(self, "ApiUrl", value=self.api.rest_api.url)
        cdk.CfnOutput(self, "StateMachineArn", value=self.dreaming.state_machine.state_machine_arn)
        cdk.CfnOutput(
            self,
            "DashboardName",
            value=f"reverie-{config.tenant}" if config.alarms.dashboard else "reverie-fleet",
        )
        cdk.CfnOutput(self, "AlarmTopicArn", value=self.operations.topic.topic_arn)
        cdk.CfnOutput(self, "RawLogBucket", value=self.storage.raw_log.bucket_name)
        cdk.CfnOutput(self, "TableName", value=self.storage.table.table_name)
