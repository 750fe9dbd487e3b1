"""Alarms on what Reverie runs on: the search domain's health, and throttling of Lambda, DynamoDB and
Bedrock. Each alarm's description names what to do; docs/deploy.md ("Alarms") has the runbook entry of each.
"""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from infra.config import Search

MINUTE, FIVE_MINUTES = cdk.Duration.minutes(1), cdk.Duration.minutes(5)


def _alarm(
    scope: Construct,
    construct_id: str,
    metric: cw.IMetric,
    threshold: float,
    description: str,
    periods: int = 1,
    below: bool = False,
) -> cw.Alarm:
    return cw.Alarm(
        scope,
        construct_id,
        metric=metric,
        threshold=threshold,
        evaluation_periods=periods,
        comparison_operator=cw.ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD
        if below
        else cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
        alarm_description=description,
    )


def domain_health(scope: Construct, domain_name: str, search: Search) -> dict[str, cw.Alarm]:
    """Cluster red (and yellow with 2+ nodes: a single node keeps its replicas unassigned), free storage
    under a quarter of the volume, JVM memory pressure, and index writes blocked."""

    def es(name: str, statistic: str, period: cdk.Duration = MINUTE) -> cw.Metric:
        return cw.Metric(
            namespace="AWS/ES",
            metric_name=name,
            dimensions_map={"DomainName": domain_name, "ClientId": cdk.Aws.ACCOUNT_ID},
            statistic=statistic,
            period=period,
        )

    alarms = {
        "search-red": _alarm(
            scope, "SearchClusterRed", es("ClusterStatus.red", "Maximum"), 1,
            f"OpenSearch {domain_name} is red: a primary shard is unassigned, recall fails for its indices.",
        ),
        "search-storage": _alarm(
            scope, "SearchFreeStorage", es("FreeStorageSpace", "Minimum"), search.volume_gb * 1024 * 0.25,
            f"OpenSearch {domain_name} has under 25% of its volume free: grow search.volume_gb.", below=True,
        ),
        "search-jvm": _alarm(
            scope, "SearchJvmPressure", es("JVMMemoryPressure", "Maximum", FIVE_MINUTES), 85,
            f"OpenSearch {domain_name}: JVM memory pressure over 85% for 15 minutes: a larger instance type.",
            periods=3,
        ),
        "search-writes-blocked": _alarm(
            scope, "SearchWritesBlocked", es("ClusterIndexWritesBlocked", "Maximum"), 1,
            f"OpenSearch {domain_name} blocks index writes (storage or memory): cards stop reaching recall.",
        ),
    }  # fmt: skip
    if search.instance_count > 1:
        alarms["search-yellow"] = _alarm(
            scope, "SearchClusterYellow", es("ClusterStatus.yellow", "Maximum", FIVE_MINUTES), 1,
            f"OpenSearch {domain_name} is yellow for 30 minutes: a replica is unassigned (a node is down).",
            periods=6,
        )  # fmt: skip
    return alarms


def throttling(
    scope: Construct, *, api: lambda_.IFunction, table: dynamodb.ITable, models: list[str]
) -> dict[str, cw.Alarm]:
    """The API function throttled (account concurrency), the table throttled, Bedrock throttling a model."""
    table_throttles = cw.MathExpression(
        expression="reads + writes",
        using_metrics={
            "reads": table.metric("ReadThrottleEvents", statistic="Sum", period=FIVE_MINUTES),
            "writes": table.metric("WriteThrottleEvents", statistic="Sum", period=FIVE_MINUTES),
        },
        label="DynamoDB throttle events",
        period=FIVE_MINUTES,
    )
    alarms = {
        "api-throttles": _alarm(
            scope, "ApiThrottles", api.metric_throttles(period=FIVE_MINUTES, statistic="Sum"), 1,
            "The API function was throttled (the account's Lambda concurrency is used up): callers got 429/500.",
        ),
        "table-throttles": _alarm(
            scope, "TableThrottles", table_throttles, 10,
            "The table throttled reads or writes (on-demand: a sudden burst or the account's table limit).",
        ),
    }  # fmt: skip
    invocations = {
        f"m{i}": cw.Metric(
            namespace="AWS/Bedrock",
            metric_name="InvocationThrottles",
            dimensions_map={"ModelId": model},
            statistic="Sum",
            period=FIVE_MINUTES,
        )
        for i, model in enumerate(models)
    }
    if invocations:
        bedrock = cw.MathExpression(
            expression=" + ".join(invocations), using_metrics=invocations, label="Bedrock throttles",
            period=FIVE_MINUTES,
        )  # fmt: skip
        alarms["bedrock-throttles"] = _alarm(
            scope, "BedrockThrottles", bedrock, 5,
            "Bedrock throttled this tenant's models for 15 minutes: dreams slow down or fail; ask for a quota raise.",
            periods=3,
        )  # fmt: skip
    return alarms
