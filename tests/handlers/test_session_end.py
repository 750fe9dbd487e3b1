"""The session-end consumer: SQS batches in, one dream execution per (tenant, user, window) out, partial
batch failures for what could not be handled.

Emulated: the executions are started on moto's Step Functions (which refuses a taken name as AWS does);
they are not run here (see test_end_to_end.py for that)."""

from __future__ import annotations

from typing import Any

import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError
from moto import mock_aws

from reverie.handlers import session_end
from tests.handlers.conftest import LambdaContext, load_event, metric_values, started_inputs

pytestmark = pytest.mark.emulated


def test_a_session_end_starts_the_users_dream(state_machine: Any, lambda_context: LambdaContext) -> None:
    reply = session_end.handler(load_event("sqs/session_end"), lambda_context)
    assert reply == {"batchItemFailures": []}
    [started] = started_inputs(state_machine)
    assert started["users"] == [{"user_id": "alice", "trigger": "session_end"}]
    assert started["window"] == "20261130T0910"  # the window of the message's SentTimestamp
    assert started["budget"]["max_tokens"] == 50_000


def test_duplicates_start_one_run_and_a_bad_record_fails_alone(
    state_machine: Any, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN alice's session end twice (a redelivery), bob's, and a message without a user
    event = load_event("sqs/session_end_batch")
    # WHEN the batch is handled, and then delivered again
    reply = session_end.handler(event, lambda_context)
    again = session_end.handler(event, lambda_context)
    # THEN one run per user, and only the bad record goes back to the queue
    users = sorted(item["users"][0]["user_id"] for item in started_inputs(state_machine))
    assert users == ["alice", "bob"]
    bad = event["Records"][3]["messageId"]
    assert reply == again == {"batchItemFailures": [{"itemIdentifier": bad}]}
    assert sum(metric_values(capsys.readouterr().out, "DreamTriggers")) == 6


def test_another_tenants_message_is_dropped(state_machine: Any, lambda_context: LambdaContext) -> None:
    event = load_event("sqs/session_end")
    event["Records"][0]["body"] = event["Records"][0]["body"].replace('"acme"', '"globex"')
    assert session_end.handler(event, lambda_context) == {"batchItemFailures": []}
    assert started_inputs(state_machine) == []


def test_no_dream_while_dreaming_is_off(
    state_machine: Any, lambda_context: LambdaContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVERIE_DREAM_ENABLED", "false")
    session_end.runtime.configure()
    assert session_end.handler(load_event("sqs/session_end"), lambda_context) == {"batchItemFailures": []}
    assert started_inputs(state_machine) == []


def test_when_every_record_fails_the_invocation_fails(lambda_context: LambdaContext) -> None:
    """Every message comes back, and the function's Errors metric shows the outage."""
    with mock_aws(), pytest.raises(BatchProcessingError, match="All records failed"):
        session_end.handler(load_event("sqs/session_end"), lambda_context)  # no state machine


def test_each_ended_session_publishes_its_size_for_the_volume_alarm(
    state_machine: Any, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN an ended session of 1,234 tokens (the API counts them when it queues the end)
    event = load_event("sqs/session_end")
    record = event["Records"][0]
    record["body"] = record["body"].replace('"session_end"}', '"session_end", "tokens": 1234}')
    # WHEN the consumer handles it
    assert session_end.handler(event, lambda_context) == {"batchItemFailures": []}
    # THEN the tenant's EndedSessionTokens (what the volume alarm sums) carries it
    assert metric_values(capsys.readouterr().out, "EndedSessionTokens") == [1234]
