"""The REST API (IAM by default, keys optional, throttled, validated, logged) and the search domains
(encrypted at rest and in transit, fine-grained access, reachable only by the tenants' roles)."""

from __future__ import annotations

import json

import pytest
from aws_cdk.assertions import Template

from tests.infra.conftest import one, resources, template_of


@pytest.fixture(scope="module")
def with_keys() -> Template:
    return template_of("keyed", {"api": {"api_keys": True, "quota_per_day": 10_000}})


def test_every_method_requires_sigv4_and_validates_its_request(demo: Template) -> None:
    methods = resources(demo, "AWS::ApiGateway::Method")
    assert {m["Properties"]["HttpMethod"] for m in methods.values()} == {"GET", "POST", "PATCH", "DELETE"}
    validators = {n: r["Properties"] for n, r in resources(demo, "AWS::ApiGateway::RequestValidator").items()}
    for method in methods.values():
        props = method["Properties"]
        assert props["AuthorizationType"] == "AWS_IAM"
        assert props.get("ApiKeyRequired") in (None, False)
        assert validators[props["RequestValidatorId"]["Ref"]]["ValidateRequestParameters"] is True
        if props["HttpMethod"] in ("POST", "PATCH"):
            assert validators[props["RequestValidatorId"]["Ref"]]["ValidateRequestBody"] is True
            assert "application/json" in props["RequestModels"]


def test_the_stage_is_throttled_traced_and_access_logged(demo: Template) -> None:
    stage = one(demo, "AWS::ApiGateway::Stage")
    assert stage["TracingEnabled"] is True
    settings = stage["MethodSettings"][0]
    assert settings["ThrottlingRateLimit"] == 50 and settings["ThrottlingBurstLimit"] == 100
    assert "DestinationArn" in stage["AccessLogSetting"]
    assert "$context.requestId" in stage["AccessLogSetting"]["Format"]


def test_api_keys_and_a_usage_plan_are_an_option(with_keys: Template, demo: Template) -> None:
    assert not resources(demo, "AWS::ApiGateway::UsagePlan")
    plan = one(with_keys, "AWS::ApiGateway::UsagePlan")
    assert plan["Quota"] == {"Limit": 10_000, "Period": "DAY"}
    assert plan["Throttle"] == {"BurstLimit": 100, "RateLimit": 50}
    for method in resources(with_keys, "AWS::ApiGateway::Method").values():
        assert method["Properties"]["ApiKeyRequired"] is True
        assert method["Properties"]["AuthorizationType"] == "AWS_IAM"  # keys add to SigV4, never replace it
    one(with_keys, "AWS::ApiGateway::ApiKey")


def test_the_domain_is_encrypted_and_has_fine_grained_access(dedicated: Template, platform: Template) -> None:
    for template in (dedicated, platform):
        domain = one(template, "AWS::OpenSearchService::Domain")
        assert domain["EncryptionAtRestOptions"]["Enabled"] is True
        assert "KmsKeyId" in domain["EncryptionAtRestOptions"]
        assert domain["NodeToNodeEncryptionOptions"] == {"Enabled": True}
        assert domain["DomainEndpointOptions"]["EnforceHTTPS"] is True
        assert domain["DomainEndpointOptions"]["TLSSecurityPolicy"] == "Policy-Min-TLS-1-2-2019-07"
        security = domain["AdvancedSecurityOptions"]
        assert security["Enabled"] is True and security["InternalUserDatabaseEnabled"] is False
        assert "MasterUserARN" in security["MasterUserOptions"]


def test_only_the_tenants_roles_may_call_its_dedicated_domain(dedicated: Template) -> None:
    domain = one(dedicated, "AWS::OpenSearchService::Domain")
    (statement,) = domain["AccessPolicies"]["Statement"]
    principals = statement["Principal"]["AWS"]
    assert all("Fn::GetAtt" in p for p in principals), "named roles, never *"
    assert len(principals) == 1 + 1 + 1 + 7  # master, index sync, API, seven stages
    assert "*" not in statement["Action"] and all(a.startswith("es:ESHttp") for a in statement["Action"])


def test_a_shared_tenant_has_no_domain_and_reads_the_platforms_endpoint(demo: Template) -> None:
    assert not resources(demo, "AWS::OpenSearchService::Domain")
    api = next(
        r["Properties"] for r in resources(demo, "AWS::Lambda::Function").values()
        if r["Properties"]["Handler"] == "reverie.handlers.api.handler"
    )  # fmt: skip
    variables = api["Environment"]["Variables"]
    assert variables["REVERIE_INDEX_ALIAS"] == "reverie_demo_cards"
    # the default platform domain has one node: a replica could never be assigned (yellow for ever)
    assert variables["REVERIE_OPENSEARCH_REPLICAS"] == "0"
    parameters = demo.to_json()["Parameters"]
    assert any(p.get("Default") == "/reverie/platform/search-endpoint" for p in parameters.values())


def test_the_index_is_set_up_on_deploy(dedicated: Template) -> None:
    setup = one(dedicated, "Custom::ReverieSearchSetup")
    roles = json.dumps(setup["Roles"])
    assert "reverie_solo_rw" in roles and "reverie_solo_admin" in roles
    assert "reverie_solo_cards-*" in roles
    assert setup["IndexModel"] == "amazon.titan-embed-text-v2:0/1024"
    sync = next(
        n for n, r in resources(dedicated, "AWS::Lambda::Function").items()
        if r["Properties"]["Handler"] == "reverie.handlers.index_sync.handler"
    )  # fmt: skip
    assert setup["IndexSyncFunction"] == {"Fn::GetAtt": [sync, "Arn"]}


def test_api_gateways_own_refusals_answer_in_the_apis_error_shape(demo: Template) -> None:
    # GIVEN the tenant's API; WHEN API Gateway itself refuses a request (no signature, denied, throttled, a
    # body its validator refuses) THEN the answer is the API's one error shape, with the request id
    found = {
        r["Properties"]["ResponseType"]: r["Properties"]
        for r in resources(demo, "AWS::ApiGateway::GatewayResponse").values()
    }
    assert set(found) == {"DEFAULT_4XX", "DEFAULT_5XX"}
    for response in found.values():
        body = response["ResponseTemplates"]["application/json"]
        shaped = body.replace("$context.error.messageString", '"m"').replace("$context.", "")
        assert set(json.loads(shaped)) == {"error", "message", "request_id", "detail"}
        assert "$context.requestId" in body and "$context.error.responseType" in body
        assert response["ResponseParameters"] == {"gatewayresponse.header.X-Request-Id": "context.requestId"}
