"""The dream state machine as deployed: a Distributed Map over users, stages with retries, a catch that
rolls the run back, timeouts, and functions that give up before their task does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Template
from infra.dreaming import STAGES

from reverie.statemachine import PLACEHOLDERS
from tests.infra.conftest import as_list, one, resources, statements
from tests.infra.definition import deployed_definition, item_states

TRANSIENT = {
    "Lambda.ServiceException",
    "Lambda.TooManyRequestsException",
    "StorageError",
    "TransientReasonerError",
}


@pytest.fixture(scope="module")
def definition(demo: Template) -> dict[str, Any]:
    return deployed_definition(demo)


def test_fans_out_over_users_with_a_distributed_map(definition: dict[str, Any]) -> None:
    fan_out = definition["States"][definition["StartAt"]]
    assert fan_out["Type"] == "Map"
    assert fan_out["ItemProcessor"]["ProcessorConfig"]["Mode"] == "DISTRIBUTED"
    assert fan_out["ItemsPath"] == "$.users"
    assert fan_out["ItemSelector"]["budget.$"] == "$.budget"  # the per-run budget is passed in
    assert fan_out["MaxConcurrency"] == 50  # cdk.json's dreaming.max_concurrency
    assert definition["TimeoutSeconds"] > 0


def test_every_stage_retries_transient_errors_and_has_a_timeout(definition: dict[str, Any]) -> None:
    tasks = {name: s for name, s in item_states(definition).items() if s["Type"] == "Task"}
    assert set(tasks) == {"Start", "Select", "Verify", "Restructure", "Decay", "Finish", "FailRun"}
    for name, task in tasks.items():
        retried = {error for rule in task["Retry"] for error in rule["ErrorEquals"]}
        assert retried >= TRANSIENT, name
        assert task["TimeoutSeconds"] > 0, name
        assert task["Parameters"]["FunctionName"].startswith("arn:aws:lambda:"), name


def test_a_failed_stage_goes_to_the_run_that_rolls_back(definition: dict[str, Any]) -> None:
    states = item_states(definition)
    for name in ("Select", "Verify", "Restructure", "Decay", "Finish"):
        catch = states[name]["Catch"]
        assert catch == [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.error", "Next": "FailRun"}], name
    assert states["FailRun"]["Parameters"]["Payload"]["error.$"] == "$.error"
    assert states["FailRun"]["Next"] == "RunFailed"


def test_each_function_gives_up_before_its_task_times_out(demo: Template, definition: dict[str, Any]) -> None:
    states = item_states(definition)
    functions = {
        r["Properties"]["Handler"]: r["Properties"]["Timeout"]
        for r in resources(demo, "AWS::Lambda::Function").values()
    }
    for stage in STAGES:
        task = states["FailRun" if stage.name == "Fail" else stage.name]
        assert functions[stage.handler] < task["TimeoutSeconds"], stage.name


def test_the_definition_substitutes_every_stage_function(demo: Template) -> None:
    machine = one(demo, "AWS::StepFunctions::StateMachine")
    assert (
        set(machine["DefinitionSubstitutions"])
        == {f"{s.name}FunctionArn" for s in STAGES}
        == set(PLACEHOLDERS)
    )
    assert "${" not in json.dumps(deployed_definition(demo))
    assert machine["TracingConfiguration"] == {"Enabled": True}
    assert machine["LoggingConfiguration"]["Level"] == "ALL"
    assert machine["LoggingConfiguration"]["IncludeExecutionData"] is False  # memories stay out of logs


def test_the_state_machine_may_run_its_own_child_executions_and_invoke_only_its_stages(
    demo: Template,
) -> None:
    actions = {a for s in statements(demo) for a in as_list(s["Action"])}
    assert {"states:StartExecution", "states:DescribeExecution", "states:StopExecution"} <= actions
    own = [s for s in statements(demo) if "states:StopExecution" in as_list(s["Action"])]
    assert all("reverie-demo-dream" in json.dumps(s["Resource"]) for s in own)
    invokes = [s for s in statements(demo) if "lambda:InvokeFunction" in as_list(s["Action"])]
    assert invokes and all(r != "*" for s in invokes for r in as_list(s["Resource"]))
