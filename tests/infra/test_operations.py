"""What operators get: alarms that reach an encrypted SNS topic, and a dashboard of the product metrics."""

from __future__ import annotations

import json

import pytest
from aws_cdk.assertions import Template

from tests.infra.conftest import one, resources, template_of

PRODUCT_METRICS = (
    "ContextHit",
    "InjectedTokens",
    "ConflictsInjected",
    "ConsolidationLatency",
    "DreamSucceeded",
    "DreamDuration",
    "DreamChanges",
    "ReasonerTokens",
    "UnconsolidatedTokens",
)


def test_alarms_notify_an_encrypted_topic(demo: Template) -> None:
    topic_id = next(iter(resources(demo, "AWS::SNS::Topic")))
    assert "KmsMasterKeyId" in one(demo, "AWS::SNS::Topic")
    alarms = {
        r["Properties"].get("AlarmName", n): r["Properties"]
        for n, r in resources(demo, "AWS::CloudWatch::Alarm").items()
    }
    notifying = {n for n, a in alarms.items() if {"Ref": topic_id} in a.get("AlarmActions", [])}
    # every alarm pages the operators except the volume alarm, which EventBridge acts on
    assert set(alarms) - notifying == {"reverie-demo-unconsolidated-volume"}
    assert len(notifying) >= 8


def test_the_dream_failure_alarm_counts_failed_runs(demo: Template) -> None:
    alarm = next(
        r["Properties"]
        for r in resources(demo, "AWS::CloudWatch::Alarm").values()
        if "Metrics" in r["Properties"] and "samples - succeeded" in json.dumps(r["Properties"]["Metrics"])
    )
    metrics = [m["MetricStat"]["Metric"] for m in alarm["Metrics"] if "MetricStat" in m]
    assert {m["MetricName"] for m in metrics} == {"DreamSucceeded"}
    assert all({"Name": "tenant", "Value": "demo"} in m["Dimensions"] for m in metrics)


def test_the_dashboard_shows_the_product_and_the_plumbing(demo: Template) -> None:
    dashboard = one(demo, "AWS::CloudWatch::Dashboard")
    assert dashboard["DashboardName"] == "reverie-demo"
    body = json.dumps(dashboard["DashboardBody"])
    for metric in PRODUCT_METRICS:
        assert metric in body, metric
    for plumbing in ("Latency", "5XXError", "ApproximateNumberOfMessagesVisible"):
        assert plumbing in body, plumbing


def test_health_and_throttling_alarms_page_the_operators(
    demo: Template, dedicated: Template, platform: Template
) -> None:
    def alarm_metrics(template: Template) -> set[str]:
        found = set()
        for alarm in resources(template, "AWS::CloudWatch::Alarm").values():
            props = alarm["Properties"]
            if props.get("MetricName") == "EndedSessionTokens":
                continue  # the volume alarm starts a sweep, it pages no one
            assert props.get("AlarmActions"), props.get("AlarmDescription")
            found.add(props.get("MetricName", ""))
            found |= {
                m["MetricStat"]["Metric"]["MetricName"] for m in props.get("Metrics", []) if "MetricStat" in m
            }
        return found

    throttles = {"Throttles", "ReadThrottleEvents", "WriteThrottleEvents", "InvocationThrottles"}
    health = {"ClusterStatus.red", "FreeStorageSpace", "JVMMemoryPressure", "ClusterIndexWritesBlocked"}
    assert throttles <= alarm_metrics(demo)
    assert health <= alarm_metrics(dedicated) and not health & alarm_metrics(demo)  # shared: the platform's
    assert health | {"Throttles"} <= alarm_metrics(platform)
    # a single node keeps replicas unassigned: no yellow alarm that would never clear
    assert "ClusterStatus.yellow" not in alarm_metrics(platform)
    bedrock = json.dumps(resources(demo, "AWS::CloudWatch::Alarm"))
    assert (
        "global.anthropic.claude-haiku-4-5-20251001-v1:0" in bedrock
        and "amazon.titan-embed-text-v2:0" in bedrock
    )


def test_one_fleet_dashboard_shows_every_tenant_and_a_tenant_may_have_its_own(
    platform: Template, demo: Template, two: Template
) -> None:
    fleet = one(platform, "AWS::CloudWatch::Dashboard")
    assert fleet["DashboardName"] == "reverie-fleet"
    body = json.dumps(fleet["DashboardBody"])
    for metric in ("ContextHit", "DreamSucceeded", "EndedSessionTokens", "5XXError", "JVMMemoryPressure"):
        assert metric in body, metric
    assert "service,tenant" in body  # one line per tenant, whoever deploys later
    assert not resources(two, "AWS::CloudWatch::Dashboard")  # $3 a month only when asked for
    assert one(demo, "AWS::CloudWatch::Dashboard")["DashboardName"] == "reverie-demo"


@pytest.fixture(scope="module")
def two() -> Template:
    return template_of("acme")
