"""Settings of the Lambda functions: read once, each function asks only for what it needs, and a missing or
bad variable fails the cold start with a message naming it."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.bootstrap.aws_settings import (
    ApiSettings,
    SessionEndSettings,
    SettingsError,
    StageSettings,
    SweepSettings,
    load_settings,
)
from reverie.domain.dream import Budget
from reverie.handlers import api, session_end
from tests.handlers.conftest import TENANT, LambdaContext, load_event


def test_the_stack_environment_configures_every_function() -> None:
    api_settings = load_settings(ApiSettings)
    assert api_settings.tenant_id == TENANT
    assert api_settings.region == "eu-west-1"
    assert api_settings.model_alias == "reverie-cards-amazon-titan-embed-text-v2-0-1024"
    assert load_settings(StageSettings).reasoner_model_id.startswith("eu.anthropic")
    assert load_settings(SweepSettings).budget == Budget()


def test_a_missing_variable_is_named_with_what_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REVERIE_TABLE_NAME")
    monkeypatch.delenv("REVERIE_QUEUE_URL")
    with pytest.raises(SettingsError) as caught:
        load_settings(ApiSettings)
    message = str(caught.value)
    assert "ApiSettings" in message
    assert "REVERIE_TABLE_NAME is not set (the DynamoDB table of notes, runs and leases)" in message
    assert "REVERIE_QUEUE_URL is not set" in message


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("REVERIE_STATE_MACHINE_ARN", "reverie-dream", "REVERIE_STATE_MACHINE_ARN='reverie-dream'"),
        ("REVERIE_DREAM_WINDOW_MINUTES", "0", "REVERIE_DREAM_WINDOW_MINUTES='0'"),
        ("REVERIE_DREAM_ENABLED", "maybe", "REVERIE_DREAM_ENABLED='maybe'"),
        ("REVERIE_TENANT_ID", "acme corp", "REVERIE_TENANT_ID='acme corp'"),
    ],
)
def test_a_bad_value_is_named_with_the_value(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, expected: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(SettingsError, match=expected):
        load_settings(SweepSettings)


def test_titan_v2_dimensions_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVERIE_EMBEDDING_DIM", "768")
    with pytest.raises(
        SettingsError, match=r"REVERIE_EMBEDDING_DIM: Titan Text Embeddings v2 gives 256, 512, 1024"
    ):
        load_settings(ApiSettings)
    monkeypatch.setenv("REVERIE_EMBEDDING_MODEL_ID", "cohere.embed-multilingual-v3")
    assert load_settings(ApiSettings).embedding_dim == 768


def test_thresholds_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVERIE_DREAM_IDLE_MINUTES", "off")
    monkeypatch.setenv("REVERIE_DREAM_VOLUME_TOKENS", "off")
    triggers = load_settings(SweepSettings).triggers(schedule=False)
    assert (triggers.idle_minutes, triggers.volume_tokens, triggers.schedule_minutes) == (None, None, None)


def test_each_function_asks_only_for_its_own_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("REVERIE_TABLE_NAME", "REVERIE_BUCKET_NAME", "REVERIE_OPENSEARCH_ENDPOINT"):
        monkeypatch.delenv(name)
    assert load_settings(SessionEndSettings).state_machine_arn.endswith(":stateMachine:reverie-acme-dream")
    monkeypatch.delenv("REVERIE_STATE_MACHINE_ARN")
    with pytest.raises(SettingsError, match="REVERIE_STATE_MACHINE_ARN is not set"):
        load_settings(SessionEndSettings)


def test_settings_are_read_once_per_container(
    monkeypatch: pytest.MonkeyPatch, lambda_context: LambdaContext
) -> None:
    first = session_end.runtime.settings()
    monkeypatch.setenv("REVERIE_TENANT_ID", "someone-else")
    assert session_end.runtime.settings() is first


def test_a_cold_start_with_a_bad_environment_fails_loudly(
    monkeypatch: pytest.MonkeyPatch, lambda_context: LambdaContext
) -> None:
    monkeypatch.delenv("REVERIE_OPENSEARCH_ENDPOINT")
    event: dict[str, Any] = load_event("apigw/health")
    event["path"] = "/users"  # a route that needs the backends
    with pytest.raises(SettingsError, match="REVERIE_OPENSEARCH_ENDPOINT is not set"):
        api.handler(event, lambda_context)
