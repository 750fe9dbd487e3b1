"""`Reverie-platform`: one stack per account and region, deployed before any tenant, owning what exists
once per account and what tenants share:

- API Gateway's account CloudWatch role (`AWS::ApiGateway::Account`): without it, the first tenant's stage
  with access logging fails to deploy in a fresh account;
- the one CloudWatch Logs resource policy that lets OpenSearch write the logs of every Reverie domain
  (`SEARCH_LOG_PREFIX`): a policy per stack would hit the limit of 10 per region at about the tenth tenant;
- the shared OpenSearch domain `rv-platform`, its endpoint published as an SSM parameter, and the
  set-up function (`reverie-platform-search-access`, the domain's master) that each tenant stack calls
  to create its own OpenSearch roles, limited to its own indices.

Tenant stacks find these by name (no CloudFormation export, so a tenant can be removed at any time).
"""

from __future__ import annotations

from pathlib import Path

import aws_cdk as cdk
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_ssm as ssm
from aws_cdk import custom_resources as cr
from constructs import Construct

from infra import alarms
from infra.config import PlatformConfig
from infra.functions import retention_days
from infra.observability import allow_cloudwatch, fleet_dashboard
from infra.permissions import logs_may_use
from infra.search import ACCESS_FUNCTION, ENDPOINT_PARAMETER, SHARED_DOMAIN
from infra.search_domain import HTTP_VERBS, build_domain, domain_arn, logs_resource_policy

PLATFORM_STACK = "Reverie-platform"
TENANT_TAG = "reverie:tenant"  # every tenant stack tags its roles with it (infra/stack.py)


class PlatformStack(cdk.Stack):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: PlatformConfig,
        stub_dir: str | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(scope, construct_id, **kwargs)  # type: ignore[arg-type]
        cdk.Tags.of(self).add("reverie:platform", "true")
        self.config = config
        removal = cdk.RemovalPolicy.DESTROY if config.removal == "destroy" else cdk.RemovalPolicy.RETAIN
        retention = retention_days(config.log_retention_days)
        self.key = kms.Key(
            self,
            "SearchKey",
            description="Reverie platform: the shared search domain and its logs",
            enable_key_rotation=True,
            removal_policy=removal,
        )
        logs_may_use(self.key)
        self.logs_policy = logs_resource_policy(self)
        if config.api_gateway_account_role:
            self.api_gateway_role = iam.Role(
                self,
                "ApiGatewayLogsRole",
                assumed_by=iam.ServicePrincipal("apigateway.amazonaws.com"),
                description="API Gateway's account-wide role for CloudWatch Logs (access and execution logs)",
                managed_policies=[
                    iam.ManagedPolicy.from_aws_managed_policy_name(
                        "service-role/AmazonAPIGatewayPushToCloudWatchLogs"
                    )
                ],
            )
            apigw.CfnAccount(self, "ApiGatewayAccount", cloud_watch_role_arn=self.api_gateway_role.role_arn)

        self.master_role = iam.Role(
            self,
            "SearchMasterRole",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description="Reverie platform: fine-grained-access master of the shared domain (set-up only)",
        )
        arn = domain_arn(SHARED_DOMAIN)
        account = iam.AccountPrincipal(cdk.Aws.ACCOUNT_ID)
        self.domain = build_domain(
            self,
            name=SHARED_DOMAIN,
            search=config.search,
            key=self.key,
            master_role=self.master_role,
            policy=[
                iam.PolicyStatement(
                    principals=[iam.ArnPrincipal(self.master_role.role_arn)],
                    actions=HTTP_VERBS,
                    resources=[f"{arn}/*"],
                ),
                # Tenant roles are not known here: the account's roles that carry a tenant tag may send
                # requests, and fine-grained access control then gives each only its own indices.
                iam.PolicyStatement(
                    principals=[account],
                    actions=HTTP_VERBS,
                    resources=[f"{arn}/*"],
                    conditions={"Null": {f"aws:PrincipalTag/{TENANT_TAG}": "false"}},
                ),
            ],
            retention=retention,
            removal=removal,
        )
        self.domain.node.add_dependency(self.logs_policy)
        ssm.StringParameter(
            self,
            "SearchEndpoint",
            parameter_name=ENDPOINT_PARAMETER,
            string_value=self.domain.domain_endpoint,
            description="Reverie: the shared search domain's endpoint (read by tenant stacks at deploy)",
        )
        self.master_role.add_to_policy(iam.PolicyStatement(actions=HTTP_VERBS, resources=[f"{arn}/*"]))
        access_logs = logs.LogGroup(self, "SearchAccessLogs", retention=retention, removal_policy=removal)
        self.access_function = lambda_.Function(
            self,
            "SearchAccess",
            runtime=lambda_.Runtime.PYTHON_3_14,  # no wheels: the newest runtime, its own boto3
            handler="handler.on_event",
            code=lambda_.Code.from_asset(stub_dir or str(Path(__file__).parent / "search_access")),
            role=self.master_role,
            timeout=cdk.Duration.minutes(5),
            environment={"DOMAIN_ENDPOINT": self.domain.domain_endpoint},
            log_group=access_logs,
            description="Reverie platform: each tenant's OpenSearch roles on the shared domain",
        )
        self.master_role.add_to_policy(
            iam.PolicyStatement(
                actions=["logs:CreateLogStream", "logs:PutLogEvents"], resources=[access_logs.log_group_arn]
            )
        )
        self.provider = cr.Provider(
            self,
            "SearchAccessProvider",
            on_event_handler=self.access_function,
            provider_function_name=ACCESS_FUNCTION,
            log_retention=None,
        )
        self.topic = sns.Topic(
            self, "AlarmTopic", topic_name="reverie-platform-alarms", master_key=self.key, enforce_ssl=True
        )
        allow_cloudwatch(self.topic, self.key)
        if config.alarms_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(config.alarms_email))
        self.alarms = alarms.domain_health(self, SHARED_DOMAIN, config.search)
        # the account's Lambda concurrency is shared by every tenant: throttling anywhere shows here
        self.alarms["lambda-throttles"] = cw.Metric(
            namespace="AWS/Lambda", metric_name="Throttles", statistic="Sum", period=cdk.Duration.minutes(5)
        ).create_alarm(
            self, "AccountLambdaThrottles", threshold=1, evaluation_periods=1,
            comparison_operator=cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            alarm_description="Lambda throttled functions in this account and region: raise the concurrency quota.",
        )  # fmt: skip
        for alarm in self.alarms.values():
            alarm.add_alarm_action(cw_actions.SnsAction(self.topic))
        self.dashboard = fleet_dashboard(self, SHARED_DOMAIN)
        cdk.CfnOutput(self, "SearchEndpointOut", value=self.domain.domain_endpoint)
        cdk.CfnOutput(self, "AlarmTopicArn", value=self.topic.topic_arn)
