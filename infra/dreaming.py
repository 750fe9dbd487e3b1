"""The dream: one Lambda function per stage and the Step Functions state machine that runs them.

The definition is functions/reverie/statemachine/dream.asl.json, deployed as written with the stage
functions' ARNs substituted: a Distributed Map over the users, per user start -> select -> verify ->
restructure -> decay -> finish, retries on transient errors, a Catch to FailRun (roll back, release the
lease), task and execution timeouts. The emulated end-to-end test runs the same file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import aws_cdk as cdk
from aws_cdk import aws_iam as iam
from aws_cdk import aws_logs as logs
from aws_cdk import aws_stepfunctions as sfn
from constructs import Construct

from infra import permissions
from infra.config import TenantConfig
from infra.functions import FunctionEnvironment, TenantFunction, log_retention
from infra.storage import TenantStorage, removal_policy
from reverie.statemachine import definition_text


@dataclass(frozen=True)
class Stage:
    name: str  # the ASL substitution is f"{name}FunctionArn"
    handler: str
    timeout_s: int  # below the task's TimeoutSeconds, so the function reports its own timeout first
    memory_mb: int = 1024


STAGES = (
    Stage("Start", "reverie.handlers.stages.start", 50, 512),
    Stage("Select", "reverie.handlers.stages.select", 840),
    Stage("Verify", "reverie.handlers.stages.verify", 540),
    Stage("Restructure", "reverie.handlers.stages.restructure", 840),
    Stage("Decay", "reverie.handlers.stages.decay", 540),
    Stage("Finish", "reverie.handlers.stages.finish", 50, 512),
    Stage("Fail", "reverie.handlers.stages.fail", 100, 512),
)


def state_machine_name(config: TenantConfig) -> str:
    return f"reverie-{config.tenant}-dream"


def state_machine_arn(config: TenantConfig) -> str:
    """Known before the state machine exists: its role's self-permissions and the starters need it."""
    return (
        f"arn:{cdk.Aws.PARTITION}:states:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:stateMachine:"
        f"{state_machine_name(config)}"
    )


def definition(config: TenantConfig) -> str:
    """The ASL file with the tenant's fan-out width (`dreaming.max_concurrency`) on the Distributed Map."""
    document = json.loads(definition_text())
    document["States"][document["StartAt"]]["MaxConcurrency"] = config.dreaming.max_concurrency
    return json.dumps(document, indent=1)


class DreamStateMachine(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        storage: TenantStorage,
        env: FunctionEnvironment,
        domain_arn: str,
        stub_dir: str | None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.stages: dict[str, TenantFunction] = {}
        environment = {**env.base(), **env.storage(), **env.search(), **env.reasoner()}
        for stage in STAGES:
            fn = TenantFunction(
                self,
                f"{stage.name}Stage",
                config=config,
                handler=stage.handler,
                profile="full",
                environment=environment,
                timeout=cdk.Duration.seconds(stage.timeout_s),
                memory_mb=stage.memory_mb,
                key=storage.key,
                description=f"dream stage {stage.name.lower()}",
                stub_dir=stub_dir,
            )
            fn.allow(
                *permissions.table_access(storage.table, storage.key, write=True),
                *permissions.raw_log_access(storage.raw_log, write=False, delete=False),
                permissions.search_http(domain_arn, write=True),
                permissions.index_stamp(env.stamp_parameter, write=False),
                permissions.bedrock_models(
                    config.models.reasoner, config.models.embedding, config.models.reranker
                ),
            )
            self.stages[stage.name] = fn

        self.log_group = logs.LogGroup(
            self,
            "Logs",
            log_group_name=f"/aws/vendedlogs/states/{state_machine_name(config)}",
            retention=log_retention(config),
            encryption_key=storage.key,
            removal_policy=removal_policy(config),
        )
        self.role = iam.Role(
            self,
            "Role",
            assumed_by=iam.ServicePrincipal("states.amazonaws.com"),
            description=f"Reverie {config.tenant}: the dream state machine",
        )
        name = state_machine_name(config)
        executions = f"arn:{cdk.Aws.PARTITION}:states:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:execution:{name}"
        # The Distributed Map runs each item as a child execution of this same state machine.
        self.role.add_to_policy(
            iam.PolicyStatement(actions=["states:StartExecution"], resources=[state_machine_arn(config)])
        )
        self.role.add_to_policy(
            iam.PolicyStatement(
                actions=["states:DescribeExecution", "states:StopExecution"],
                resources=[f"{executions}:*", f"{executions}/*"],
            )
        )
        for fn in self.stages.values():
            fn.function.grant_invoke(self.role)
        self.state_machine = sfn.StateMachine(
            self,
            "StateMachine",
            state_machine_name=name,
            definition_body=sfn.DefinitionBody.from_string(definition(config)),  # inline: tests read it back
            definition_substitutions={
                f"{stage}FunctionArn": fn.function.function_arn for stage, fn in self.stages.items()
            },
            state_machine_type=sfn.StateMachineType.STANDARD,
            role=self.role,
            tracing_enabled=True,
            logs=sfn.LogOptions(
                destination=self.log_group, level=sfn.LogLevel.ALL, include_execution_data=False
            ),
        )  # the execution timeout (4 h) and the task timeouts are in the definition itself
