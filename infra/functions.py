"""One Reverie Lambda function: its code profile, its `REVERIE_*` environment, its log group, X-Ray.

`FunctionEnvironment` turns the tenant's config and the stack's resources into the environment variables
functions/reverie/bootstrap/aws_settings.py reads; each function gets only the groups its settings model has.
"""

from __future__ import annotations

from dataclasses import dataclass

import aws_cdk as cdk
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.bundling import ARCHITECTURE, RUNTIME, Profile, function_code
from infra.config import TenantConfig
from infra.storage import removal_policy


def _off(value: float | None) -> str:
    return "off" if value is None else str(value)


@dataclass(frozen=True)
class FunctionEnvironment:
    """The environment groups of aws_settings.py, built once per stack."""

    config: TenantConfig
    table_name: str
    bucket_name: str
    key_arn: str
    opensearch_endpoint: str
    index_alias: str
    search_nodes: int  # data nodes of the domain the tenant's indices live on

    @property
    def stamp_parameter(self) -> str:
        return f"/reverie/{self.config.tenant}/index-model"

    def base(self) -> dict[str, str]:
        return {"REVERIE_TENANT_ID": self.config.tenant, "POWERTOOLS_LOG_LEVEL": "INFO"}

    def storage(self) -> dict[str, str]:
        return {
            "REVERIE_TABLE_NAME": self.table_name,
            "REVERIE_BUCKET_NAME": self.bucket_name,
            "REVERIE_KMS_KEY_ID": self.key_arn,
        }

    def search(self) -> dict[str, str]:
        models = self.config.models
        env = {
            "REVERIE_OPENSEARCH_ENDPOINT": f"https://{self.opensearch_endpoint}",
            "REVERIE_OPENSEARCH_SERVICE": "es",
            "REVERIE_INDEX_ALIAS": self.index_alias,
            # a replica needs a second node: on one node it stays unassigned and the cluster yellow
            "REVERIE_OPENSEARCH_REPLICAS": str(min(1, self.search_nodes - 1)),
            "REVERIE_EMBEDDING_MODEL_ID": models.embedding,
            "REVERIE_EMBEDDING_DIM": str(models.embedding_dim),
            "REVERIE_INDEX_STAMP_PARAMETER": self.stamp_parameter,
        }
        if models.reranker:
            env["REVERIE_RERANKER_ARN"] = (
                f"arn:{cdk.Aws.PARTITION}:bedrock:{cdk.Aws.REGION}::foundation-model/{models.reranker}"
            )
        return env

    def dream(self, state_machine_arn: str) -> dict[str, str]:
        d, b = self.config.dreaming, self.config.budget
        return {
            "REVERIE_STATE_MACHINE_ARN": state_machine_arn,
            "REVERIE_DREAM_ENABLED": str(d.enabled).lower(),
            "REVERIE_DREAM_ON_SESSION_END": str(d.on_session_end).lower(),
            "REVERIE_DREAM_WINDOW_MINUTES": str(d.window_minutes),
            "REVERIE_DREAM_IDLE_MINUTES": _off(d.idle_minutes),
            "REVERIE_DREAM_VOLUME_TOKENS": _off(d.volume_tokens),
            "REVERIE_DREAM_MAX_TOKENS": str(b.max_tokens),
            "REVERIE_DREAM_MAX_REASONER_CALLS": str(b.max_reasoner_calls),
            "REVERIE_DREAM_MAX_SECONDS": str(b.max_seconds),
            "REVERIE_DREAM_MAX_CARDS": str(b.max_cards),
        }

    def reasoner(self) -> dict[str, str]:
        return {"REVERIE_REASONER_MODEL_ID": self.config.models.reasoner}


class TenantFunction(Construct):
    """A Python Lambda function of the package with its own KMS-encrypted log group and X-Ray tracing."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        handler: str,
        profile: Profile,
        environment: dict[str, str],
        timeout: cdk.Duration,
        key: kms.IKey,
        description: str,
        memory_mb: int = 1024,
        stub_dir: str | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.log_group = logs.LogGroup(
            self,
            "Logs",
            retention=log_retention(config),
            encryption_key=key,
            removal_policy=removal_policy(config),
        )
        self.role = iam.Role(
            self,
            "Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"Reverie {config.tenant}: {description}",
        )
        self.function = lambda_.Function(
            self,
            "Function",
            runtime=RUNTIME,
            architecture=ARCHITECTURE,
            handler=handler,
            code=function_code(profile, stub_dir),
            environment=environment,  # Powertools' service names are set in the handlers' code
            timeout=timeout,
            memory_size=memory_mb,
            role=self.role,
            tracing=lambda_.Tracing.ACTIVE,
            log_group=self.log_group,
            description=f"Reverie {config.tenant}: {description}",
        )
        # Writing its own logs: the log group only (the managed policy would allow every group).
        self.role.add_to_policy(
            iam.PolicyStatement(
                actions=["logs:CreateLogStream", "logs:PutLogEvents"],
                resources=[self.log_group.log_group_arn],
            )
        )

    def allow(self, *statements: iam.PolicyStatement | None) -> None:
        for statement in statements:
            if statement is not None:
                self.role.add_to_policy(statement)


def retention_days(days: int) -> logs.RetentionDays:
    """The CDK value of a retention in days (one of config.RETENTION_DAYS)."""
    return _retention(days)


def _retention(days: int) -> logs.RetentionDays:
    return next(r for r in logs.RetentionDays if _days(r) == days)


def _days(retention: logs.RetentionDays) -> int | None:
    names = {
        "ONE_DAY": 1, "THREE_DAYS": 3, "FIVE_DAYS": 5, "ONE_WEEK": 7, "TWO_WEEKS": 14, "ONE_MONTH": 30,
        "TWO_MONTHS": 60, "THREE_MONTHS": 90, "FOUR_MONTHS": 120, "FIVE_MONTHS": 150, "SIX_MONTHS": 180,
        "ONE_YEAR": 365, "THIRTEEN_MONTHS": 400, "EIGHTEEN_MONTHS": 545, "TWO_YEARS": 731,
        "THREE_YEARS": 1096, "FIVE_YEARS": 1827, "TEN_YEARS": 3653,
    }  # fmt: skip
    return names.get(retention.name)


def log_retention(config: TenantConfig) -> logs.RetentionDays:
    return _retention(config.retention.log_retention_days)
