"""One stack per tenant: two tenants synthesise two stacks that share nothing, and a bad setting stops
the synth with a message that names it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Template
from infra.config import TenantConfigError, load_tenant_config

from tests.infra.conftest import CDK_CONTEXT, make_app, one, tenant_stack

NAMED = {  # resource type → the property holding a physical name
    "AWS::SQS::Queue": "QueueName",
    "AWS::StepFunctions::StateMachine": "StateMachineName",
    "AWS::OpenSearchService::Domain": "DomainName",
    "AWS::ApiGateway::RestApi": "Name",
    "AWS::CloudWatch::Dashboard": "DashboardName",
    "AWS::CloudWatch::Alarm": "AlarmName",
    "AWS::SNS::Topic": "TopicName",
    "AWS::Logs::LogGroup": "LogGroupName",
}


@pytest.fixture(scope="module")
def two_tenants() -> tuple[Any, dict[str, Template]]:
    app = make_app()
    stacks = {tenant: tenant_stack(app, tenant) for tenant in ("acme", "globex")}
    return app, {tenant: Template.from_stack(stack) for tenant, stack in stacks.items()}


def physical_names(template: Template) -> set[str]:
    names = set()
    for resource in template.to_json()["Resources"].values():
        prop = NAMED.get(resource["Type"])
        value = resource.get("Properties", {}).get(prop) if prop else None
        if isinstance(value, str):
            names.add(value)
    return names


def test_two_tenants_are_two_stacks(two_tenants: tuple[Any, dict[str, Template]]) -> None:
    app, _ = two_tenants
    assert [s.stack_name for s in app.node.children if hasattr(s, "stack_name")] == [
        "Reverie-acme",
        "Reverie-globex",
    ]


def test_the_two_stacks_share_nothing(two_tenants: tuple[Any, dict[str, Template]]) -> None:
    _, templates = two_tenants
    acme, globex = (physical_names(templates[t]) for t in ("acme", "globex"))
    assert acme and globex and not acme & globex
    assert all("acme" in name for name in acme), sorted(n for n in acme if "acme" not in n)
    for tenant, template in templates.items():
        text = json.dumps(template.to_json())
        other = "globex" if tenant == "acme" else "acme"
        assert other not in text, f"{tenant}'s stack mentions {other}"
        assert "Fn::ImportValue" not in text  # no cross-stack references


def test_every_function_serves_its_own_tenant(two_tenants: tuple[Any, dict[str, Template]]) -> None:
    _, templates = two_tenants
    for tenant, template in templates.items():
        for resource in template.to_json()["Resources"].values():
            if resource["Type"] == "AWS::Lambda::Function" and resource["Properties"]["Handler"].startswith(
                "reverie."
            ):
                assert resource["Properties"]["Environment"]["Variables"]["REVERIE_TENANT_ID"] == tenant


def test_production_tenants_keep_their_data_and_the_demo_can_be_torn_down(
    two_tenants: tuple[Any, dict[str, Template]], demo: Template, dedicated: Template
) -> None:
    _, templates = two_tenants
    for kind in ("AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::KMS::Key"):
        templates["acme"].has_resource(kind, {"DeletionPolicy": "Retain"})
        demo.has_resource(kind, {"DeletionPolicy": "Delete"})
    dedicated.has_resource("AWS::OpenSearchService::Domain", {"DeletionPolicy": "Retain"})
    # the demo's cards on the shared domain go with it; a retained tenant's stay
    assert one(demo, "Custom::ReverieTenantAccess")["DropIndices"] == "reverie_demo_cards-*"
    assert one(templates["acme"], "Custom::ReverieTenantAccess")["DropIndices"] == ""
    table = next(
        r for r in templates["acme"].to_json()["Resources"].values() if r["Type"] == "AWS::DynamoDB::Table"
    )
    assert table["Properties"]["DeletionProtectionEnabled"] is True


# --- settings, validated before anything is built (no synthesis needed) --------------------------------


def config_of(tenant: Any, **tenant_overrides: Any) -> Any:
    context = {**CDK_CONTEXT, "tenant": tenant, "reverie:tenants": {str(tenant): tenant_overrides}}
    return load_tenant_config(context.get)


def test_defaults_come_from_cdk_json_and_a_tenant_overrides_them() -> None:
    config = config_of("acme", budget={"max_tokens": 1_000})
    assert config.budget.max_tokens == 1_000
    assert config.budget.max_cards == 500  # the rest of the defaults stay
    assert config.models.embedding == "amazon.titan-embed-text-v2:0"


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"budget": {"max_seconds": 5_000}}, "budget.max_seconds"),
        ({"models": {"embedding_dim": 300}}, "Titan v2"),
        ({"dreaming": {"schedule": "every day"}}, "dreaming.schedule"),
        ({"retention": {"log_retention_days": 42}}, "log_retention_days"),
        ({"dreaming": {"idle_minuts": 10}}, "dreaming.idle_minuts"),
        ({"alarms": {"email": "not-an-address"}}, "alarms.email"),
    ],
)
def test_a_bad_setting_stops_the_synth_and_names_itself(overrides: dict[str, Any], named: str) -> None:
    with pytest.raises(TenantConfigError) as error:
        config_of("acme", **overrides)
    assert named in str(error.value)
    assert "reverie:tenants.acme" in str(error.value)  # where to fix it


@pytest.mark.parametrize("tenant", [None, "", "Acme", "a", "acme_corp", "-acme"])
def test_a_bad_tenant_name_is_refused(tenant: Any) -> None:
    with pytest.raises(TenantConfigError, match="tenant"):
        config_of(tenant)
