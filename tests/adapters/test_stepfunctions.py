"""Step Functions starter: one execution per (tenant, user, window), whatever the number of triggers.

The starts run against moto's Step Functions (emulated: moto checks names and refuses a taken one with
`ExecutionAlreadyExists` as AWS does; the executions themselves are not run here)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import boto3  # type: ignore[import-untyped, unused-ignore]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from moto import mock_aws

from reverie.adapters.aws.stepfunctions import MAX_NAME, StepFunctionsStarter, execution_name, window_of
from reverie.domain.errors import StorageError
from reverie.statemachine import definition, function_arns
from tests.handlers.conftest import ACCOUNT, REGION

NAME = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
part = st.text(min_size=0, max_size=150)


@given(st.lists(part, min_size=1, max_size=4))
def test_names_are_valid_and_deterministic(parts: list[str]) -> None:
    name = execution_name(*parts)
    assert NAME.match(name), name
    assert len(name) <= MAX_NAME
    assert execution_name(*parts) == name


@given(st.lists(part, min_size=3, max_size=3), st.lists(part, min_size=3, max_size=3))
def test_different_runs_get_different_names(a: list[str], b: list[str]) -> None:
    if a != b:
        assert execution_name(*a) != execution_name(*b)


def test_names_stay_readable() -> None:
    assert execution_name("acme", "alice", "20261130T0910").startswith("acme-alice-20261130T0910-")
    # characters Step Functions refuses are replaced, yet the two ids keep apart
    assert execution_name("acme", "a.b", "w") != execution_name("acme", "a_b", "w")
    assert execution_name("acme", "bob@example.com", "w").startswith("acme-bob_example_com-w-")


def test_windows_group_triggers_close_in_time() -> None:
    at = datetime(2026, 11, 30, 9, 12, 17, tzinfo=UTC)
    assert window_of(at, 5) == "20261130T0910"
    assert window_of(datetime(2026, 11, 30, 9, 14, 59, tzinfo=UTC), 5) == "20261130T0910"
    assert window_of(datetime(2026, 11, 30, 9, 15, tzinfo=UTC), 5) == "20261130T0915"
    assert window_of(at, 60) == "20261130T0900"
    assert window_of(at, 1_440) == "20261130T0000"


@pytest.fixture
def sfn() -> Iterator[tuple[Any, str]]:
    with mock_aws():
        client = boto3.client("stepfunctions", region_name=REGION)
        body = definition(function_arns(f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:reverie-acme-"))
        arn = client.create_state_machine(
            name="reverie-acme-dream",
            definition=json.dumps(body),
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/reverie-acme-dream",
        )["stateMachineArn"]
        yield client, arn


@pytest.mark.emulated
def test_a_duplicate_trigger_starts_nothing(sfn: tuple[Any, str]) -> None:
    client, arn = sfn
    starter = StepFunctionsStarter(arn, client=client)
    first = starter.start("acme", "alice", "20261130T0910", "session_end", {"max_tokens": 1000})
    assert first is not None and first.endswith(execution_name("acme", "alice", "20261130T0910"))
    assert starter.start("acme", "alice", "20261130T0910", "idle") is None
    assert starter.start("acme", "alice", "20261130T0915", "session_end") is not None
    executions = client.list_executions(stateMachineArn=arn)["executions"]
    assert len(executions) == 2


@pytest.mark.emulated
def test_the_execution_input_carries_the_users_and_the_budget(sfn: tuple[Any, str]) -> None:
    client, arn = sfn
    starter = StepFunctionsStarter(arn, client=client)
    started = starter.start_many(
        "acme", [("alice", "idle"), ("bob", "volume")], "20261130T1015", "idle-0", {"max_tokens": 9}
    )
    assert started is not None
    document = json.loads(client.describe_execution(executionArn=started)["input"])
    assert document == {
        "tenant_id": "acme",
        "window": "20261130T1015",
        "budget": {"max_tokens": 9},
        "users": [{"user_id": "alice", "trigger": "idle"}, {"user_id": "bob", "trigger": "volume"}],
    }
    assert starter.start_many("acme", [("carol", "idle")], "20261130T1015", "idle-0") is None
    assert starter.start_many("acme", [], "20261130T1015", "idle-1") is None


@pytest.mark.emulated
def test_a_missing_state_machine_is_a_clear_error(sfn: tuple[Any, str]) -> None:
    client, arn = sfn
    starter = StepFunctionsStarter(arn.replace("reverie-acme-dream", "nope"), client=client)
    with pytest.raises(StorageError, match="REVERIE_STATE_MACHINE_ARN"):
        starter.start("acme", "alice", "w", "manual")


def test_the_starter_connects_to_nothing_until_used() -> None:
    starter = StepFunctionsStarter("arn:aws:states:eu-west-1:123456789012:stateMachine:x")
    assert starter._client is None
