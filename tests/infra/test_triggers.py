"""What starts a dream: the session-end queue (FIFO, dead letters, redrive alarm), the idle and daily
schedules, and the volume alarm whose state change reaches the sweep through EventBridge."""

from __future__ import annotations

import json
from typing import Any

from aws_cdk.assertions import Template

from reverie.handlers.inputs import IndexSyncRequest, sweep_kind
from tests.infra.conftest import one, resources


def queues(template: Template) -> dict[str, dict[str, Any]]:
    return {
        r["Properties"]["QueueName"]: r["Properties"] for r in resources(template, "AWS::SQS::Queue").values()
    }


def function_named(template: Template, handler: str) -> str:
    return next(
        n
        for n, r in resources(template, "AWS::Lambda::Function").items()
        if r["Properties"]["Handler"] == handler
    )


def rules_targeting(template: Template, logical_id: str) -> list[dict[str, Any]]:
    return [
        r["Properties"]
        for r in resources(template, "AWS::Events::Rule").values()
        if any(t["Arn"] == {"Fn::GetAtt": [logical_id, "Arn"]} for t in r["Properties"]["Targets"])
    ]


def delivered_event(rule: dict[str, Any]) -> dict[str, Any]:
    """The event a rule's input transformer delivers, with its placeholders filled in."""
    template = rule["Targets"][0]["InputTransformer"]["InputTemplate"]
    return dict(json.loads(template.replace("<time>", '"2026-01-01T03:00:00Z"')))


def test_session_end_queue_is_fifo_encrypted_and_dead_letters(demo: Template) -> None:
    found = queues(demo)
    queue, dlq = found["reverie-demo-session-end.fifo"], found["reverie-demo-session-end-dlq.fifo"]
    assert queue["FifoQueue"] is True and dlq["FifoQueue"] is True
    assert "KmsMasterKeyId" in queue and "KmsMasterKeyId" in dlq
    assert queue["RedrivePolicy"]["maxReceiveCount"] == 5
    assert queue["VisibilityTimeout"] >= 6 * 30  # six times the consumer's timeout


def test_dead_letters_raise_an_alarm_to_operators(demo: Template) -> None:
    alarm = next(
        r["Properties"] for r in resources(demo, "AWS::CloudWatch::Alarm").values()
        if r["Properties"].get("AlarmName") == "reverie-demo-session-end-dead-letters"
    )  # fmt: skip
    assert alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Threshold"] == 0 and alarm["ComparisonOperator"] == "GreaterThanThreshold"
    assert alarm["AlarmActions"], "the redrive alarm notifies the operators' topic"


def test_the_consumer_reports_partial_batch_failures(demo: Template) -> None:
    mapping = one(demo, "AWS::Lambda::EventSourceMapping")
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert mapping["FunctionName"] == {"Ref": function_named(demo, "reverie.handlers.session_end.handler")}


def test_idle_and_daily_schedules_start_sweeps(demo: Template) -> None:
    rules = rules_targeting(demo, function_named(demo, "reverie.handlers.trigger_sweep.handler"))
    by_schedule = {r.get("ScheduleExpression"): r for r in rules}
    assert "rate(15 minutes)" in by_schedule  # the idle sweep: the default event says "idle"
    daily = delivered_event(by_schedule["cron(0 3 * * ? *)"])
    assert sweep_kind(daily) == "schedule"  # what the sweep handler makes of the event it gets
    assert "Input" not in by_schedule["rate(15 minutes)"]["Targets"][0]
    assert sweep_kind({"detail-type": "Scheduled Event", "detail": {}}) == "idle"


def test_the_volume_alarm_reaches_the_sweep_through_eventbridge(demo: Template) -> None:
    alarms = resources(demo, "AWS::CloudWatch::Alarm")
    volume_id, volume = next(
        (n, r["Properties"])
        for n, r in alarms.items()
        if r["Properties"].get("MetricName") == "EndedSessionTokens"
    )
    assert volume["Namespace"] == "Reverie"
    # published by the session-end consumer (handlers/session_end.py), not by the sweep the alarm starts
    assert sorted(volume["Dimensions"], key=lambda d: d["Name"]) == [
        {"Name": "service", "Value": "session-end"},
        {"Name": "tenant", "Value": "demo"},
    ]
    assert (volume["Statistic"], volume["Period"]) == ("Sum", 3600)
    assert volume["Threshold"] == 20_000
    sweep = function_named(demo, "reverie.handlers.trigger_sweep.handler")
    pattern = next(r["EventPattern"] for r in rules_targeting(demo, sweep) if "EventPattern" in r)
    assert pattern["source"] == ["aws.cloudwatch"]
    assert pattern["detail-type"] == ["CloudWatch Alarm State Change"]
    assert pattern["detail"] == {"state": {"value": ["ALARM"]}}
    assert pattern["resources"] == [{"Fn::GetAtt": [volume_id, "Arn"]}]


def test_the_index_is_repaired_on_a_schedule(demo: Template) -> None:
    rules = rules_targeting(demo, function_named(demo, "reverie.handlers.index_sync.handler"))
    assert [r["ScheduleExpression"] for r in rules] == ["rate(1 hour)"]
    request = IndexSyncRequest.from_event(delivered_event(rules[0]))
    assert request.action == "repair" and request.since_minutes == 120  # twice the cadence: no gap
