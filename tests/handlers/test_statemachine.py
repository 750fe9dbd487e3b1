"""The dream state machine: its definition has what operations rely on (a Distributed Map, retries on
transient errors, a catch that rolls the run back, timeouts, the budget passed in), and it runs.

Emulated: the definition is executed by moto's Step Functions interpreter; its Lambda tasks are answered
in this process by the real stage handlers (tests/handlers/lambdas.py), over fakes and the rule-based
reasoner (no Bedrock, no OpenSearch here)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.dream import Candidate, RunStatus
from reverie.domain.models import MemoryCard, Scope
from reverie.handlers import stages
from reverie.ports import MergeDecision
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from reverie.statemachine import PLACEHOLDERS, definition, definition_text, function_arns, placeholders
from tests.handlers.conftest import (
    ACCOUNT,
    REGION,
    STATE_MACHINE_ARN,
    TENANT,
    LambdaContext,
    capture_session,
    load_event,
)
from tests.handlers.lambdas import InProcessLambdas, wait_for

PREFIX = f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:reverie-acme-"
TRANSIENT = {"Lambda.ServiceException", "Lambda.TooManyRequestsException"}


def tasks() -> dict[str, dict[str, Any]]:
    processor = definition(function_arns(PREFIX))["States"]["DreamEachUser"]["ItemProcessor"]
    return {name: state for name, state in processor["States"].items() if state["Type"] == "Task"}


def test_every_function_is_a_placeholder_filled_at_deploy() -> None:
    assert placeholders() == set(PLACEHOLDERS)
    with pytest.raises(KeyError, match="SelectFunctionArn"):
        definition({k: "x" for k in PLACEHOLDERS if k != "SelectFunctionArn"})
    assert "${" not in json.dumps(definition(function_arns(PREFIX)))
    json.loads(definition_text())  # the stored file is plain JSON


def test_the_map_fans_out_over_users_in_distributed_mode() -> None:
    body = definition(function_arns(PREFIX))
    dream_map = body["States"]["DreamEachUser"]
    assert dream_map["Type"] == "Map"
    assert dream_map["ItemProcessor"]["ProcessorConfig"] == {
        "Mode": "DISTRIBUTED",
        "ExecutionType": "STANDARD",
    }
    assert dream_map["ItemsPath"] == "$.users"
    assert dream_map["ItemSelector"]["budget.$"] == "$.budget"  # the per-run budget reaches Start
    assert dream_map["ToleratedFailurePercentage"] == 100  # one user's failure does not stop the others
    assert body["TimeoutSeconds"] > 0


def test_every_task_retries_transient_errors_has_a_timeout_and_a_catch() -> None:
    found = tasks()
    assert list(found) == ["Start", "Select", "Verify", "Restructure", "Decay", "Finish", "FailRun"]
    for name, task in found.items():
        retried = {error for rule in task["Retry"] for error in rule["ErrorEquals"]}
        assert retried >= TRANSIENT, name
        assert 0 < task["TimeoutSeconds"] <= 900, name
        assert task["Catch"], name
    for stage in ("Select", "Verify", "Restructure", "Decay"):
        assert "States.Timeout" in {e for rule in found[stage]["Retry"] for e in rule["ErrorEquals"]}
        [catch] = found[stage]["Catch"]
        assert (catch["ErrorEquals"], catch["Next"], catch["ResultPath"]) == (
            ["States.ALL"],
            "FailRun",
            "$.error",
        )
    assert [c["Next"] for c in found["Start"]["Catch"]] == ["UserBusy", "StartFailed"]
    assert found["FailRun"]["Next"] == "RunFailed"


# --- running it -------------------------------------------------------------------------------------


class BrokenReasoner(RuleReasoner):
    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        raise RuntimeError("the reasoner fell over")


@pytest.fixture
def lambdas(executing: Any) -> Iterator[InProcessLambdas]:
    """The stage handlers, answering the state machine's Lambda tasks (installed inside moto's mock,
    which replaces boto3's default session when it starts)."""
    handlers = {
        "reverie-acme-Start": stages.start,
        "reverie-acme-Select": stages.select,
        "reverie-acme-Verify": stages.verify,
        "reverie-acme-Restructure": stages.restructure,
        "reverie-acme-Decay": stages.decay,
        "reverie-acme-Finish": stages.finish,
        "reverie-acme-Fail": stages.fail,
    }
    with InProcessLambdas(handlers).installed() as installed:
        yield installed


@pytest.fixture
def executing() -> Iterator[Any]:
    """moto's Step Functions executing the dream definition."""
    import boto3  # type: ignore[import-untyped, unused-ignore]
    from moto import mock_aws

    config: Any = {"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}}
    with mock_aws(config=config):
        client = boto3.client("stepfunctions", region_name=REGION)
        client.create_state_machine(
            name="reverie-acme-dream",
            definition=json.dumps(definition(function_arns(PREFIX))),
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/reverie-acme-dream",
        )
        yield client


def execute(client: Any, users: list[str]) -> dict[str, Any]:
    document = load_event("stepfunctions/execution_input")
    document["users"] = [{"user_id": user, "trigger": "schedule"} for user in users]
    arn = client.start_execution(stateMachineArn=STATE_MACHINE_ARN, input=json.dumps(document))[
        "executionArn"
    ]
    return wait_for(client, arn)


@pytest.mark.emulated
def test_the_definition_dreams_each_user(
    executing: Any, lambdas: InProcessLambdas, backends: Backends
) -> None:
    # GIVEN two users with an ended session each
    stages.runtime.configure(backends=lambda settings: backends)
    capture_session(backends, "alice", "notify-1112")
    capture_session(backends, "carol", "churn-1110")
    # WHEN the state machine runs over both
    described = execute(executing, ["alice", "carol"])
    # THEN each user went through every stage, in order, and both runs succeeded
    assert described["status"] == "SUCCEEDED", described
    for user in ("alice", "carol"):
        order = [
            name.removeprefix("reverie-acme-") for name, doc in lambdas.calls if doc.get("user_id") == user
        ]
        assert order == ["Start", "Select", "Verify", "Restructure", "Decay", "Finish"]
    runs = backends.dream_ports()[0]
    assert {r.user_id: r.status for r in runs.list_runs(TENANT)} == {
        "alice": RunStatus.SUCCEEDED,
        "carol": RunStatus.SUCCEEDED,
    }
    alice = Scope(tenant_id=TENANT, user_id="alice")
    assert "pnpm, not npm" in build_context(backends, "run the tests in services/notify", alice, 400).text


@pytest.mark.emulated
def test_a_failing_stage_is_caught_rolled_back_and_the_user_released(
    executing: Any, lambdas: InProcessLambdas, backends: Backends
) -> None:
    # GIVEN a reasoner that breaks during restructure
    backends.reasoner = BrokenReasoner()
    stages.runtime.configure(backends=lambda settings: backends)
    capture_session(backends, "alice", "notify-1112")
    # WHEN the state machine runs
    execute(executing, ["alice"])
    # THEN the Catch sent the error to the fail function, which recorded the run as failed
    names = [name.removeprefix("reverie-acme-") for name, _ in lambdas.calls]
    assert names == ["Start", "Select", "Verify", "Restructure", "Fail"]
    fail_input = lambdas.calls[-1][1]
    assert fail_input["error"]["Error"] == "RuntimeError"
    [run] = backends.dream_ports()[0].list_runs(TENANT, "alice")
    assert run.status is RunStatus.FAILED
    assert run.error == "RuntimeError: the reasoner fell over"
    # AND the user can dream again (the lease was released)
    backends.reasoner = RuleReasoner()
    assert stages.start(load_event("stepfunctions/start"), LambdaContext())["user_id"] == "alice"


@pytest.mark.emulated
def test_a_forgotten_users_queued_session_end_dreams_nothing(
    executing: Any, lambdas: InProcessLambdas, backends: Backends
) -> None:
    # GIVEN alice with an ended session, and carol whose session ended and who was then forgotten (her
    # session-end message is still in SQS, which cannot pick it out)
    stages.runtime.configure(backends=lambda settings: backends)
    capture_session(backends, "alice", "notify-1112")
    capture_session(backends, "carol", "churn-1110")
    admin.delete_user(backends, TENANT, "carol")
    # WHEN the state machine runs over both (emulated by moto, the stages in process)
    described = execute(executing, ["alice", "carol"])
    # THEN the execution succeeds: carol's child stops after Start, as nothing to dream, not a failure
    assert described["status"] == "SUCCEEDED", described
    carol = [
        name.removeprefix("reverie-acme-") for name, doc in lambdas.calls if doc.get("user_id") == "carol"
    ]
    assert carol == ["Start"]
    # AND no run brings carol back, while alice's run succeeded
    runs = backends.dream_ports()[0]
    assert {r.user_id: r.status for r in runs.list_runs(TENANT)} == {"alice": RunStatus.SUCCEEDED}
    assert "carol" not in backends.log.users(TENANT)
