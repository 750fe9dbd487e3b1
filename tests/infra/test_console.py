"""The memory console's AWS construct (infra/console.py), synthesised alone in a stack of its own: files
in a private bucket behind CloudFront with origin access control and security headers, operators signing
in through a Cognito user pool (created, or an existing one), the files and their config deployed, and
cdk-nag's AwsSolutionsChecks clean."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_cognito as cognito
from aws_cdk.assertions import Template
from cdk_nag import AwsSolutionsChecks
from infra.console import MemoryConsole

from tests.infra.conftest import one, resources

API = "https://abc123.execute-api.eu-west-1.amazonaws.com/prod"


def console_stack(existing_pool: bool = False) -> tuple[cdk.App, cdk.Stack]:
    app = cdk.App()
    stack = cdk.Stack(app, "ConsoleTest", env=cdk.Environment(account="123456789012", region="eu-west-1"))
    pool = (
        cognito.UserPool.from_user_pool_id(stack, "Existing", "eu-west-1_AbCdEf123")
        if existing_pool
        else None
    )
    MemoryConsole(stack, "Console", tenant="demo", api_url=API, user_pool=pool)
    return app, stack


@pytest.fixture(scope="module")
def template() -> Template:
    return Template.from_stack(console_stack()[1])


def test_the_files_are_private_and_reached_only_through_the_distribution(template: Template) -> None:
    files = next(
        b["Properties"]
        for b in resources(template, "AWS::S3::Bucket").values()
        if "VersioningConfiguration" in b["Properties"]
    )
    assert all(files["PublicAccessBlockConfiguration"].values())
    assert files["LoggingConfiguration"]["LogFilePrefix"] == "files/"
    grants = [
        s
        for p in resources(template, "AWS::S3::BucketPolicy").values()
        for s in p["Properties"]["PolicyDocument"]["Statement"]
        if s["Effect"] == "Allow"
    ]
    assert [g["Principal"] for g in grants] == [{"Service": "cloudfront.amazonaws.com"}]
    assert grants[0]["Action"] == "s3:GetObject"
    assert "AWS:SourceArn" in grants[0]["Condition"]["StringEquals"]  # this distribution only
    distribution = one(template, "AWS::CloudFront::Distribution")["DistributionConfig"]
    assert "OriginAccessControlId" in distribution["Origins"][0]
    assert distribution["DefaultCacheBehavior"]["ViewerProtocolPolicy"] == "redirect-to-https"
    assert distribution["DefaultRootObject"] == "index.html"
    assert distribution["Logging"]["Prefix"] == "cloudfront/"


def test_every_answer_carries_the_security_headers(template: Template) -> None:
    headers = one(template, "AWS::CloudFront::ResponseHeadersPolicy")["ResponseHeadersPolicyConfig"][
        "SecurityHeadersConfig"
    ]
    csp = headers["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    assert "default-src 'self'" in csp and "script-src 'self';" in csp and "frame-ancestors 'none'" in csp
    assert f"connect-src 'self' {API} https://*.amazoncognito.com;" in csp
    assert headers["StrictTransportSecurity"]["AccessControlMaxAgeSec"] >= 31_536_000
    assert headers["FrameOptions"]["FrameOption"] == "DENY"
    assert headers["ReferrerPolicy"]["ReferrerPolicy"] == "no-referrer"
    assert headers["ContentTypeOptions"]["Override"] is True


def test_operators_sign_in_invited_with_mfa_through_a_public_client_with_pkce(template: Template) -> None:
    pool = one(template, "AWS::Cognito::UserPool")
    assert pool["AdminCreateUserConfig"] == {"AllowAdminCreateUserOnly": True}
    assert pool["MfaConfiguration"] == "ON"
    assert pool["Policies"]["PasswordPolicy"]["MinimumLength"] >= 14
    assert pool["UserPoolAddOns"] == {"AdvancedSecurityMode": "ENFORCED"}
    client = one(template, "AWS::Cognito::UserPoolClient")
    assert client["GenerateSecret"] is False
    assert client["AllowedOAuthFlows"] == ["code"]
    assert "DomainName" in json.dumps(client["CallbackURLs"])  # back to the distribution
    assert one(template, "AWS::Cognito::UserPoolGroup")["GroupName"] == "operators"


def test_the_consoles_files_and_their_config_are_deployed_and_the_cache_invalidated(
    template: Template,
) -> None:
    deployment = one(template, "Custom::CDKBucketDeployment")
    assert deployment["DistributionPaths"] == ["/*"]
    assert len(deployment["SourceObjectKeys"]) == 2  # the package's files, then config.json
    config = json.dumps(deployment["SourceMarkers"][1])
    assert "amazoncognito.com" in config and "ConsoleOperatorsConsoleClient" in config


def test_an_existing_user_pool_is_used_instead_of_a_new_one() -> None:
    template = Template.from_stack(console_stack(existing_pool=True)[1])
    assert resources(template, "AWS::Cognito::UserPool") == {}
    assert one(template, "AWS::Cognito::UserPoolClient")["UserPoolId"] == "eu-west-1_AbCdEf123"


def test_cdk_nag_finds_nothing_unacknowledged() -> None:
    app, _ = console_stack()
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    try:
        assembly = app.synth()
        report: dict[str, Any] = json.loads((Path(assembly.directory) / "validation-report.json").read_text())
    except Exception as exc:  # jsii raises a failed validation as a RuntimeError naming the report
        if "found in: " not in str(exc):
            raise
        report = json.loads(Path(str(exc).split("found in: ")[1].strip()).read_text())
    plugins = report["pluginReports"]
    assert plugins and [v["ruleName"] for p in plugins for v in p.get("violations", [])] == []
    assert {p["conclusion"] for p in plugins} == {"success"}
    for finding in (f for p in plugins for f in p["suppressedViolations"]):
        assert len(finding["reason"]) > 40
