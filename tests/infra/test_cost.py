"""`make cost` reads the synthesised templates and prices what bills at idle (infra/cost.py): the shared
domain once per account, each tenant's own lines, and the target of issue 11 (<= $10 a month per tenant
when 10 tenants share a platform)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aws_cdk.assertions import Template
from infra.cost import HOURS, PRICES, report, stack_lines, total

from tests.infra.conftest import template_of


@pytest.fixture(scope="module")
def default_tenant() -> Template:
    return template_of("acme")  # cdk.json's defaults, no override


def test_the_shared_domain_is_priced_once_on_the_platform(
    platform: Template, default_tenant: Template
) -> None:
    lines = stack_lines(platform.to_json())
    (instances,) = [line for line in lines if line.price_key.endswith(".search")]
    assert instances.quantity == HOURS and instances.price_key == "t3.small.search"
    assert instances.monthly == pytest.approx(HOURS * PRICES["t3.small.search"][0])
    assert not [line for line in stack_lines(default_tenant.to_json()) if line.price_key.endswith(".search")]


def test_every_alarm_metric_key_and_poller_of_a_tenant_is_billed(default_tenant: Template) -> None:
    resources = default_tenant.to_json()["Resources"]
    lines = stack_lines(default_tenant.to_json())
    alarms = [r for r in resources.values() if r["Type"] == "AWS::CloudWatch::Alarm"]
    metrics = sum(
        1
        if "MetricName" in a["Properties"]
        else len([m for m in a["Properties"]["Metrics"] if "MetricStat" in m])
        for a in alarms
    )
    assert sum(line.quantity for line in lines if line.price_key == "alarm-metric") == metrics
    assert [line.quantity for line in lines if line.price_key == "kms-key"] == [1]
    (polls,) = [line for line in lines if line.price_key == "sqs-fifo"]
    assert polls.quantity == 5 * HOURS * 3600 / 20  # five long-polling receives every 20 s
    assert total(lines) == pytest.approx(sum(line.monthly for line in lines))


def test_ten_tenants_on_one_platform_cost_at_most_ten_dollars_each(
    platform: Template, default_tenant: Template, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "Reverie-platform.template.json").write_text(json.dumps(platform.to_json()))
    (shared / "Reverie-acme.template.json").write_text(json.dumps(default_tenant.to_json()))
    each = total(stack_lines(default_tenant.to_json())) + total(stack_lines(platform.to_json())) / 10
    assert each <= 10.0
    printed = report(shared)
    assert f"${each:.2f}/month" in printed and "floor per tenant" in printed
    assert "730.0 x $0.036" in printed and "= $  26.28" in printed  # the arithmetic: 730 h x $0.036
