"""What operators watch: one CloudWatch dashboard of the product and the plumbing, and the alarms that
page them through an SNS topic. Product metrics are the functions' EMF metrics (namespace `Reverie`,
dimensions `service` and `tenant`; see functions/reverie/handlers/emf.py)."""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_stepfunctions as sfn
from constructs import Construct

from infra import alarms
from infra.config import TenantConfig
from infra.functions import TenantFunction
from infra.queue import SessionEndQueue

NAMESPACE = "Reverie"
HOUR, FIVE_MINUTES = cdk.Duration.hours(1), cdk.Duration.minutes(5)


def product_metric(
    config: TenantConfig, service: str, name: str, statistic: str, period: cdk.Duration = FIVE_MINUTES
) -> cw.Metric:
    return cw.Metric(
        namespace=NAMESPACE,
        metric_name=name,
        dimensions_map={"service": service, "tenant": config.tenant},
        statistic=statistic,
        period=period,
    )


def allow_cloudwatch(topic: sns.Topic, key: kms.IKey) -> None:
    """Let CloudWatch alarms of this account publish to the encrypted topic. `enforce_ssl` gives the topic a
    policy of its own, which replaces SNS's default (owner-only) one, and the key's policy names no service:
    without these two statements every notification is dropped (the alarm still shows ALARM)."""
    alarms = f"arn:{cdk.Aws.PARTITION}:cloudwatch:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:alarm:*"
    cloudwatch = iam.ServicePrincipal("cloudwatch.amazonaws.com")
    topic.add_to_resource_policy(
        iam.PolicyStatement(
            sid="CloudWatchAlarmsPublish",
            principals=[cloudwatch],
            actions=["sns:Publish"],
            resources=[topic.topic_arn],
            conditions={
                "ArnLike": {"aws:SourceArn": alarms},
                "StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID},
            },
        )
    )
    key.add_to_resource_policy(
        iam.PolicyStatement(
            sid="CloudWatchAlarmsEncrypt",
            principals=[cloudwatch],
            actions=["kms:Decrypt", "kms:GenerateDataKey*"],
            resources=["*"],  # a key policy's resource is the key itself
            conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}},
        )
    )


class Operations(Construct):
    """The alarm topic, the alarms and the dashboard of one tenant."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        key: kms.IKey,
        api: apigw.RestApi,
        state_machine: sfn.StateMachine,
        queue: SessionEndQueue,
        functions: dict[str, TenantFunction],
        api_function: lambda_.IFunction,
        table: dynamodb.ITable,
        search_domain: str | None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.topic = sns.Topic(
            self, "AlarmTopic", topic_name=f"reverie-{config.tenant}-alarms", master_key=key, enforce_ssl=True
        )
        allow_cloudwatch(self.topic, key)
        if config.alarms.email:
            self.topic.add_subscription(subscriptions.EmailSubscription(config.alarms.email))
        action = cw_actions.SnsAction(self.topic)
        thresholds = config.alarms
        failures = cw.MathExpression(
            expression="samples - succeeded",
            using_metrics={
                "samples": product_metric(config, "dream", "DreamSucceeded", "SampleCount", HOUR),
                "succeeded": product_metric(config, "dream", "DreamSucceeded", "Sum", HOUR),
            },
            label="failed dream runs",
            period=HOUR,
        )
        self.alarms: dict[str, cw.Alarm] = {
            "api-5xx": api.metric_server_error(period=FIVE_MINUTES, statistic="Sum").create_alarm(
                self, "Api5xx", alarm_description="The API answered 5xx: see the API function's logs and X-Ray traces.",
                threshold=thresholds.api_5xx_per_5min, evaluation_periods=1,
                treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            ),
            "api-latency": api.metric_latency(period=FIVE_MINUTES, statistic="p99").create_alarm(
                self, "ApiLatency", alarm_description="API p99 latency is over the threshold for 15 minutes (recall is slow).",
                threshold=thresholds.api_p99_ms, evaluation_periods=3,
                treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            ),
            "dream-failures": failures.create_alarm(
                self, "DreamFailures", alarm_description="Dream runs failed and were rolled back: see the runs (GET /dreams/{run_id}).",
                threshold=thresholds.dream_failures_per_hour,
                comparison_operator=cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                evaluation_periods=1, treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            ),
            "state-machine": state_machine.metric_failed(period=HOUR, statistic="Sum").create_alarm(
                self, "DreamExecutionsFailed", alarm_description="A dream execution itself failed (not one user's run): see its Step Functions history.",
                threshold=0, comparison_operator=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
                evaluation_periods=1, treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            ),
        }  # fmt: skip
        for name, fn in functions.items():
            self.alarms[f"{name}-errors"] = fn.function.metric_errors(period=FIVE_MINUTES, statistic="Sum").create_alarm(
                self, f"{name}Errors", alarm_description=f"The {name} function raised errors: see its log group.",
                threshold=0, comparison_operator=cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
                evaluation_periods=1, treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            )  # fmt: skip
        models = [m for m in (config.models.reasoner, config.models.embedding, config.models.reranker) if m]
        self.alarms.update(alarms.throttling(self, api=api_function, table=table, models=models))
        if search_domain is not None:  # a dedicated domain; the shared one's alarms are the platform's
            self.alarms.update(alarms.domain_health(self, search_domain, config.search))
        for alarm in [*self.alarms.values(), queue.redrive_alarm]:
            alarm.add_alarm_action(action)
        self.dashboard = self._dashboard(config, api, queue) if config.alarms.dashboard else None

    def _dashboard(self, config: TenantConfig, api: apigw.RestApi, queue: SessionEndQueue) -> cw.Dashboard:
        def m(service: str, name: str, statistic: str, label: str) -> cw.Metric:
            return product_metric(config, service, name, statistic).with_(label=label)

        changes = cw.MathExpression(
            expression=(
                f'SEARCH(\'{{{NAMESPACE},kind,service,tenant}} MetricName="DreamChanges" '
                f"tenant=\"{config.tenant}\"', 'Sum', 3600)"
            ),
            label="",
            period=HOUR,
        )

        def graph(title: str, *metrics: cw.IMetric) -> cw.GraphWidget:
            return cw.GraphWidget(title=title, left=list(metrics), width=8, height=6)

        dashboard = cw.Dashboard(self, "Dashboard", dashboard_name=f"reverie-{config.tenant}")
        dashboard.add_widgets(
            graph("Memory hit rate", m("api", "ContextHit", "Average", "hit rate")),
            graph(
                "Injected tokens",
                m("api", "InjectedTokens", "Average", "avg"),
                m("api", "InjectedTokens", "p90", "p90"),
            ),
            graph("Conflicts injected", m("api", "ConflictsInjected", "Sum", "conflicts")),
        )
        dashboard.add_widgets(
            graph(
                "Consolidation latency (s)",
                m("dream", "ConsolidationLatency", "p50", "p50"),
                m("dream", "ConsolidationLatency", "p90", "p90"),
            ),
            graph(
                "Dream success and duration",
                m("dream", "DreamSucceeded", "Average", "success rate"),
                m("dream", "DreamDuration", "p90", "duration p90 (s)"),
            ),
            graph("Changes by kind", changes),
        )
        dashboard.add_widgets(
            graph("Reasoner tokens", m("dream", "ReasonerTokens", "Sum", "total"), m("dream", "ReasonerTokensPerSession", "Average", "per session")),
            graph("API latency and errors", api.metric_latency(statistic="p50"), api.metric_latency(statistic="p99"), api.metric_server_error(), api.metric_client_error()),
            graph(
                "Queue and dead letters",
                queue.queue.metric_approximate_number_of_messages_visible(label="queued"),
                queue.dead_letters.metric_approximate_number_of_messages_visible(label="dead letters"),
                m("trigger-sweep", "UnconsolidatedTokens", "Maximum", "unconsolidated tokens"),
            ),
        )  # fmt: skip
        return dashboard


def fleet_dashboard(scope: Construct, domain_name: str) -> cw.Dashboard:
    """`reverie-fleet` (the platform's): every tenant of the account as one line per graph (SEARCH over
    the `tenant` dimension), API errors per API, and the shared domain's health. One dashboard for all
    tenants instead of $3 a month for each; a tenant may still have its own (`alarms.dashboard`)."""

    def by_tenant(name: str, statistic: str, seconds: int = 300) -> cw.MathExpression:
        return cw.MathExpression(
            expression=f"SEARCH('{{{NAMESPACE},service,tenant}} MetricName=\"{name}\"', '{statistic}', {seconds})",
            label="",
            period=cdk.Duration.seconds(seconds),
        )

    def domain(name: str, statistic: str) -> cw.Metric:
        return cw.Metric(
            namespace="AWS/ES",
            metric_name=name,
            dimensions_map={"DomainName": domain_name, "ClientId": cdk.Aws.ACCOUNT_ID},
            statistic=statistic,
            label=name,
        )

    def graph(title: str, *metrics: cw.IMetric) -> cw.GraphWidget:
        return cw.GraphWidget(title=title, left=list(metrics), width=8, height=6)

    api_errors = cw.MathExpression(
        expression="SEARCH('{AWS/ApiGateway,ApiName,Stage} MetricName=\"5XXError\" reverie', 'Sum', 300)",
        label="",
        period=FIVE_MINUTES,
    )
    dashboard = cw.Dashboard(scope, "FleetDashboard", dashboard_name="reverie-fleet")
    dashboard.add_widgets(
        graph("Memory hit rate by tenant", by_tenant("ContextHit", "Average")),
        graph("Injected tokens by tenant", by_tenant("InjectedTokens", "Average")),
        graph("API 5xx by tenant's API", api_errors),
    )
    dashboard.add_widgets(
        graph("Dream success by tenant", by_tenant("DreamSucceeded", "Average", 3600)),
        graph("Reasoner tokens by tenant", by_tenant("ReasonerTokens", "Sum", 3600)),
        graph("Ended session tokens by tenant", by_tenant("EndedSessionTokens", "Sum", 3600)),
    )
    dashboard.add_widgets(
        graph(f"{domain_name}: cluster", domain("ClusterStatus.red", "Maximum"), domain("ClusterStatus.yellow", "Maximum")),
        graph(f"{domain_name}: free storage (MB)", domain("FreeStorageSpace", "Minimum")),
        graph(f"{domain_name}: JVM memory pressure", domain("JVMMemoryPressure", "Maximum")),
    )  # fmt: skip
    return dashboard
