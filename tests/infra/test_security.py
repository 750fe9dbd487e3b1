"""Least privilege, logs and traces, and environments the functions accept at cold start."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Template

from reverie.bootstrap.aws_settings import (
    ApiSettings,
    FunctionSettings,
    IndexSyncSettings,
    SearchSettings,
    SessionEndSettings,
    SettingsError,
    StageSettings,
    StorageSettings,
    SweepSettings,
    load_settings,
)
from tests.infra.conftest import as_list, resources, statements

# Services whose resources hold or move the tenant's data: never `Resource: *` on these.
DATA_SERVICES = ("dynamodb", "s3", "kms", "es", "sqs", "ssm", "states", "bedrock", "lambda", "sns")
SETTINGS: dict[str, type[FunctionSettings]] = {
    "reverie.handlers.api.handler": ApiSettings,
    "reverie.handlers.session_end.handler": SessionEndSettings,
    "reverie.handlers.trigger_sweep.handler": SweepSettings,
    "reverie.handlers.index_sync.handler": IndexSyncSettings,
    **{f"reverie.handlers.stages.{s}": StageSettings for s in ("start", "select", "verify", "restructure", "decay", "finish", "fail")},
}  # fmt: skip
# What CloudFormation fills in for the tokens of an environment, as deployed values look.
DEPLOYED = {
    "REVERIE_TABLE_NAME": "Reverie-demo-StorageTable-1ABC",
    "REVERIE_BUCKET_NAME": "reverie-demo-storagerawlog-1abc",
    "REVERIE_KMS_KEY_ID": "arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab",
    "REVERIE_OPENSEARCH_ENDPOINT": "https://search-rv-demo-abc.eu-west-1.es.amazonaws.com",
    "REVERIE_QUEUE_URL": "https://sqs.eu-west-1.amazonaws.com/123456789012/reverie-demo-session-end.fifo",
    "REVERIE_STATE_MACHINE_ARN": "arn:aws:states:eu-west-1:123456789012:stateMachine:reverie-demo-dream",
    "REVERIE_CONSOLE_ORIGIN": "https://d111111abcdef8.cloudfront.net",
}


def functions(template: Template) -> dict[str, dict[str, Any]]:
    return {
        r["Properties"]["Handler"]: r["Properties"]
        for r in resources(template, "AWS::Lambda::Function").values()
        if r["Properties"]["Handler"].startswith("reverie.")
    }


def test_no_statement_allows_every_action(demo: Template) -> None:
    for statement in statements(demo):
        for action in as_list(statement["Action"]):
            assert action != "*" and not action.endswith(":*"), statement


def test_reverie_functions_name_every_action(demo: Template) -> None:
    """Our roles list the calls the adapters make: no `s3:GetObject*`-style wildcards either."""
    roles = {fn["Role"]["Fn::GetAtt"][0] for fn in functions(demo).values()}
    for policy in resources(demo, "AWS::IAM::Policy").values():
        if {r["Ref"] for r in policy["Properties"]["Roles"]} & roles:
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]:
                assert not any("*" in a for a in as_list(statement["Action"])), statement


def test_no_data_resource_is_granted_on_every_resource(demo: Template) -> None:
    for statement in statements(demo):
        if "*" in as_list(statement["Resource"]):
            services = {a.split(":")[0] for a in as_list(statement["Action"])}
            assert not services & set(DATA_SERVICES), statement


def test_only_the_api_may_delete_raw_log_versions(demo: Template) -> None:
    roles = {h: fn["Role"]["Fn::GetAtt"][0] for h, fn in functions(demo).items()}
    deleting = {
        ref["Ref"]
        for policy in resources(demo, "AWS::IAM::Policy").values()
        for s in policy["Properties"]["PolicyDocument"]["Statement"]
        if "s3:DeleteObjectVersion" in as_list(s["Action"])
        for ref in policy["Properties"]["Roles"]
    }
    assert deleting == {roles["reverie.handlers.api.handler"]}


def test_every_log_group_has_a_retention(demo: Template) -> None:
    groups = resources(demo, "AWS::Logs::LogGroup")
    assert groups
    for name, group in groups.items():
        assert group["Properties"].get("RetentionInDays") == 14, name  # the demo tenant's setting


def test_every_function_traces_and_logs_to_its_own_group(demo: Template) -> None:
    for handler, fn in functions(demo).items():
        assert fn["TracingConfig"] == {"Mode": "Active"}, handler
        assert "LogGroup" in fn["LoggingConfig"], handler


@pytest.mark.parametrize("handler", sorted(SETTINGS))
def test_each_function_gets_an_environment_its_settings_accept(
    demo: Template, handler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The function's own settings model validates the deployed environment (tokens as deployed)."""
    settings_cls = SETTINGS[handler]
    environment = functions(demo)[handler]["Environment"]["Variables"]
    for name, value in environment.items():
        monkeypatch.setenv(name, DEPLOYED[name] if not isinstance(value, str) else value)
    try:
        settings = load_settings(settings_cls)
    except SettingsError as exc:
        pytest.fail(f"{handler}: {exc}")
    assert settings.tenant_id == "demo"
    known = {f"REVERIE_{field.upper()}" for field in settings_cls.model_fields}
    unknown = {n for n in environment if n.startswith("REVERIE_")} - known
    assert not unknown, f"{handler} gets variables its settings ignore: {sorted(unknown)}"


def test_search_functions_read_and_only_the_index_sync_writes_the_index_stamp(demo: Template) -> None:
    def ssm_actions(handler: str) -> set[str]:
        role = functions(demo)[handler]["Role"]["Fn::GetAtt"][0]
        return {
            a
            for policy in resources(demo, "AWS::IAM::Policy").values()
            if {"Ref": role} in policy["Properties"]["Roles"]
            for s in policy["Properties"]["PolicyDocument"]["Statement"]
            for a in as_list(s["Action"])
            if a.startswith("ssm:") and "/reverie/demo/index-model" in json.dumps(s["Resource"])
        }

    assert ssm_actions("reverie.handlers.index_sync.handler") == {"ssm:GetParameter", "ssm:PutParameter"}
    assert ssm_actions("reverie.handlers.api.handler") == {"ssm:GetParameter"}
    assert ssm_actions("reverie.handlers.stages.select") == {"ssm:GetParameter"}


def role_actions(template: Template, handler: str) -> set[str]:
    role = functions(template)[handler]["Role"]["Fn::GetAtt"][0]
    return {
        a
        for policy in resources(template, "AWS::IAM::Policy").values()
        if {"Ref": role} in policy["Properties"]["Roles"]
        for s in policy["Properties"]["PolicyDocument"]["Statement"]
        for a in as_list(s["Action"])
    }


@pytest.mark.parametrize("handler", sorted(SETTINGS))
def test_functions_with_storage_settings_may_read_the_log_and_the_table(demo: Template, handler: str) -> None:
    """Every function that builds the storage backends can read what they read (S3 log, table, key)."""
    if not issubclass(SETTINGS[handler], StorageSettings):
        pytest.skip("no storage backends")
    needed = {"s3:GetObject", "s3:ListBucket", "dynamodb:Query", "dynamodb:BatchGetItem", "kms:Decrypt"}
    assert needed <= role_actions(demo, handler)
    if issubclass(SETTINGS[handler], SearchSettings):
        assert {"es:ESHttpGet", "es:ESHttpPost", "ssm:GetParameter", "bedrock:InvokeModel"} <= role_actions(
            demo, handler
        )
