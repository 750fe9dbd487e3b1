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


def test_every_method_requires_sigv4_or_an_operators_token_and_validates_its_request(demo: Template) -> None:
    everything = resources(demo, "AWS::ApiGateway::Method")
    # the console's CORS preflight (OPTIONS, answered by API Gateway itself) is the only open method
    preflight = {n for n, m in everything.items() if m["Properties"]["HttpMethod"] == "OPTIONS"}
    assert all(everything[n]["Properties"]["AuthorizationType"] == "NONE" for n in preflight)
    methods = {n: m for n, m in everything.items() if n not in preflight}
    by_kind: dict[str, set[str]] = {}
    for m in methods.values():
        by_kind.setdefault(m["Properties"]["AuthorizationType"], set()).add(m["Properties"]["HttpMethod"])
    # the agents' routes need SigV4; the same routes under /operator a token of the console's user pool
    assert by_kind == {
        "AWS_IAM": {"GET", "POST", "PATCH", "DELETE"},
        "COGNITO_USER_POOLS": {"GET", "POST", "PATCH", "DELETE"},
    }
    validators = {n: r["Properties"] for n, r in resources(demo, "AWS::ApiGateway::RequestValidator").items()}
    for method in methods.values():
        props = method["Properties"]
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
        # the agents' routes need the key; the console's operators sign in instead (a browser keeps no key)
        agents = method["Properties"]["AuthorizationType"] == "AWS_IAM"
        assert method["Properties"].get("ApiKeyRequired", False) is agents
        # keys add to SigV4, never replace it (the rest: the operators' Cognito routes and their CORS preflight)
        assert agents or method["Properties"]["AuthorizationType"] in ("COGNITO_USER_POOLS", "NONE")
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


def test_the_console_is_deployed_with_the_tenant_and_its_operators_call_the_api_through_cognito(
    demo: Template,
) -> None:
    # GIVEN a tenant's stack (the console is on by default)
    (authorizer,) = resources(demo, "AWS::ApiGateway::Authorizer").values()
    assert authorizer["Properties"]["Type"] == "COGNITO_USER_POOLS"
    assert len(resources(demo, "AWS::Cognito::UserPool")) == 1
    assert len(resources(demo, "AWS::CloudFront::Distribution")) == 1
    # THEN the API function names the console's origin (CORS), and the console's config names /operator
    (api_function,) = [
        f["Properties"]
        for f in resources(demo, "AWS::Lambda::Function").values()
        if "REVERIE_CONSOLE_ORIGIN" in f["Properties"].get("Environment", {}).get("Variables", {})
    ]
    assert "DomainName" in json.dumps(api_function["Environment"]["Variables"]["REVERIE_CONSOLE_ORIGIN"])
    assert "operator" in json.dumps(resources(demo, "Custom::CDKBucketDeployment"))
