"""The five things that made a first `cdk deploy` fail or misbehave (issue 11), each read from the templates:
the search set-up's pipeline (now none, nor any cluster-wide permission), one account-level logs policy,
alarms that reach the encrypted topic, Bedrock models that exist, and API Gateway's account role."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Template
from infra.config import TenantConfigError
from infra.models import CATALOGUE, DEFAULT_EMBEDDING, DEFAULT_REASONER, check_model
from infra.search_domain import SEARCH_LOG_PREFIX

from tests.infra.conftest import CDK_CONTEXT, CODE_STUB, as_list, make_app, one, platform_stack, resources
from tests.infra.test_tenants import config_of


def security_roles(template: Template, kind: str) -> dict[str, Any]:
    """The OpenSearch roles a set-up resource is given, its IAM role ARNs (tokens) read as "<arn>"."""
    roles = one(template, kind)["Roles"]
    if isinstance(roles, dict):  # {"Fn::Join": ["", [text, {"Fn::GetAtt": ...}, text, ...]]}
        roles = "".join(part if isinstance(part, str) else "<arn>" for part in roles["Fn::Join"][1])
    return dict(json.loads(roles))


# 1. the set-up once failed on a 403 putting the hybrid search pipeline; now it puts nothing cluster-wide
# (no pipeline, no index template: opensearch_index.py), so its roles need, and get, no cluster right


@pytest.mark.parametrize(
    ("fixture", "kind", "tenant"),
    [("dedicated", "Custom::ReverieSearchSetup", "solo"), ("demo", "Custom::ReverieTenantAccess", "demo")],
)
def test_the_tenants_search_roles_reach_its_own_indices_and_nothing_cluster_wide(
    fixture: str, kind: str, tenant: str, request: pytest.FixtureRequest
) -> None:
    roles = security_roles(request.getfixturevalue(fixture), kind)
    assert set(roles) == {f"reverie_{tenant}_admin", f"reverie_{tenant}_rw"}
    for role in roles.values():
        permissions = role["permissions"]
        # bulk/mget/msearch only: the security plugin checks each item against the index permissions
        assert permissions["cluster_permissions"] == ["cluster_composite_ops"]
        assert {p for grant in permissions["index_permissions"] for p in grant["index_patterns"]} == {
            f"reverie_{tenant}_cards-*"
        }
        assert "pipeline" not in json.dumps(permissions) and "template" not in json.dumps(permissions)
    # a deletion's compaction (SearchIndex.compact, from the API function) is a force merge
    (rw,) = roles[f"reverie_{tenant}_rw"]["permissions"]["index_permissions"]
    assert "indices:admin/forcemerge" in rw["allowed_actions"]


# 2. one CloudWatch Logs resource policy per account, the platform's; none per tenant


def test_no_tenant_stack_adds_an_account_level_logs_policy(demo: Template, dedicated: Template) -> None:
    for template in (demo, dedicated):
        kinds = {r["Type"] for r in template.to_json()["Resources"].values()}
        assert "AWS::Logs::ResourcePolicy" not in kinds
        assert not any("LogResourcePolicy" in k for k in kinds), kinds


def test_the_platforms_one_logs_policy_covers_every_domains_log_groups(
    platform: Template, dedicated: Template
) -> None:
    policy = one(platform, "AWS::Logs::ResourcePolicy")
    assert SEARCH_LOG_PREFIX + "/*" in json.dumps(policy["PolicyDocument"])
    for template in (platform, dedicated):
        domain = one(template, "AWS::OpenSearchService::Domain")
        groups = [o["CloudWatchLogsLogGroupArn"] for o in domain["LogPublishingOptions"].values()]
        assert len(groups) == 3
        names = {
            r["Properties"]["LogGroupName"]
            for n, r in resources(template, "AWS::Logs::LogGroup").items()
            if {"Fn::GetAtt": [n, "Arn"]} in groups
        }
        assert len(names) == 3 and all(name.startswith(SEARCH_LOG_PREFIX + "/") for name in names)


# 3. CloudWatch may publish to the encrypted alarm topic


def test_cloudwatch_may_publish_to_the_encrypted_alarm_topic(demo: Template) -> None:
    (topic_policy,) = resources(demo, "AWS::SNS::TopicPolicy").values()
    allowed = [
        s for s in topic_policy["Properties"]["PolicyDocument"]["Statement"]
        if s["Effect"] == "Allow" and s.get("Principal") == {"Service": "cloudwatch.amazonaws.com"}
    ]  # fmt: skip
    assert allowed and "sns:Publish" in as_list(allowed[0]["Action"])
    topic_key = one(demo, "AWS::SNS::Topic")["KmsMasterKeyId"]
    key_id = topic_key["Fn::GetAtt"][0] if "Fn::GetAtt" in topic_key else topic_key["Ref"]
    key_policy = demo.to_json()["Resources"][key_id]["Properties"]["KeyPolicy"]["Statement"]
    grants = [s for s in key_policy if s.get("Principal") == {"Service": "cloudwatch.amazonaws.com"}]
    assert grants, "the topic's key lets CloudWatch encrypt the message"
    assert {"kms:Decrypt", "kms:GenerateDataKey*"} <= set(as_list(grants[0]["Action"]))


# 4. Bedrock model ids: one catalogue, a current default, retired ones refused at synth


def test_the_defaults_are_active_models_of_the_catalogue() -> None:
    assert check_model(DEFAULT_REASONER, "reasoner") is not None
    assert check_model(DEFAULT_EMBEDDING, "embedding") is not None
    config = config_of("acme")
    assert (config.models.reasoner, config.models.embedding) == (DEFAULT_REASONER, DEFAULT_EMBEDDING)
    assert "models" not in CDK_CONTEXT["reverie"], "the default lives in infra/models.py only"


def test_a_retired_reasoner_stops_the_synth_and_says_why() -> None:
    with pytest.raises(TenantConfigError) as error:
        config_of("acme", models={"reasoner": "anthropic.claude-3-5-haiku-20241022-v1:0"})
    assert "EOL" in str(error.value) and "2026-06-19" in str(error.value)


@pytest.mark.parametrize(
    ("model", "said"),
    [
        ("anthropic.claude-made-up-v9", "not a known reasoner"),
        ("amazon.titan-embed-text-v2:0", "not a known reasoner"),  # an embedding model as the reasoner
        ("amazon.nova-2-lite-v1:0", "only through an inference profile"),
        ("apac.anthropic.claude-haiku-4-5-20251001-v1:0", "no apac."),
    ],
)
def test_a_model_bedrock_would_refuse_stops_the_synth(model: str, said: str) -> None:
    with pytest.raises(TenantConfigError, match=said):
        config_of("acme", models={"reasoner": model})


def test_models_are_context_parameters() -> None:
    context = {**CDK_CONTEXT, "tenant": "acme", "reasoner": "eu.anthropic.claude-sonnet-4-5-20250929-v1:0"}
    from infra.config import load_tenant_config

    assert load_tenant_config(context.get).models.reasoner == "eu.anthropic.claude-sonnet-4-5-20250929-v1:0"
    with pytest.raises(TenantConfigError, match="-c reasoner"):
        load_tenant_config({**context, "reasoner": "anthropic.claude-3-haiku-20240307-v1:0"}.get)


def test_every_catalogue_line_is_usable_or_says_when_it_ended() -> None:
    assert len({m.model_id for m in CATALOGUE}) == len(CATALOGUE)
    for model in CATALOGUE:
        assert model.lifecycle == "active" or model.eol, model.model_id
        assert model.in_region or model.profiles, model.model_id


# 5. API Gateway's account CloudWatch role: the platform owns it, and tenants deploy after it


def test_the_platform_sets_api_gateways_account_role_and_tenants_do_not(
    platform: Template, demo: Template
) -> None:
    account = one(platform, "AWS::ApiGateway::Account")
    role = platform.to_json()["Resources"][account["CloudWatchRoleArn"]["Fn::GetAtt"][0]]["Properties"]
    assert "AmazonAPIGatewayPushToCloudWatchLogs" in json.dumps(role["ManagedPolicyArns"])
    assert role["AssumeRolePolicyDocument"]["Statement"][0]["Principal"] == {
        "Service": "apigateway.amazonaws.com"
    }
    assert not resources(demo, "AWS::ApiGateway::Account")


def test_a_tenant_stack_is_deployed_after_the_platform() -> None:
    from infra.app_factory import build_stack
    from infra.config import load_tenant_config

    app = make_app()
    platform = platform_stack(app)
    config = load_tenant_config(lambda key: "acme" if key == "tenant" else app.node.try_get_context(key))
    stack = build_stack(app, config, CODE_STUB, platform=platform)
    assert platform in stack.dependencies
