"""The dream's stage functions, called with the state machine's documents (events/stepfunctions/), over
fakes and the rule-based reasoner: small JSON in and out, idempotent under retries, failure rolled back."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.domain.dream import RunStatus
from reverie.domain.errors import InvalidRequest
from reverie.domain.models import Scope
from reverie.handlers import stages
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.dream.runner import DreamBusy
from reverie.services.recall import build_context
from tests.handlers.conftest import TENANT, LambdaContext, capture_session, load_event, metric_values

ALICE = Scope(tenant_id=TENANT, user_id="alice")
STAGES = (stages.select, stages.verify, stages.restructure, stages.decay)


@pytest.fixture(autouse=True)
def over_fakes(backends: Backends) -> Backends:
    stages.runtime.configure(backends=lambda settings: backends)
    capture_session(backends, "alice", "notify-1112")
    return backends


def run_all(context: LambdaContext) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ids = stages.start(load_event("stepfunctions/start"), context)
    outputs = []
    document = ids
    for stage in STAGES:
        document = stage(document, context)
        outputs.append(document)
    return ids, outputs


def test_the_stages_dream_a_session_into_memory(
    backends: Backends, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # WHEN the state machine runs start → select → verify → restructure → decay → finish
    ids, outputs = run_all(lambda_context)
    summary = stages.finish(outputs[-1], lambda_context)
    # THEN each step passed only ids and counts, and the run succeeded
    assert set(ids) == {"tenant_id", "user_id", "run_id"}
    assert [o["stage"] for o in outputs] == ["select", "verify", "restructure", "decay"]
    assert all(set(o) == {"tenant_id", "user_id", "run_id", "stage", "counts"} for o in outputs)
    assert summary["status"] == "succeeded" and summary["sessions"] == 1
    assert summary["changes"]["added"] >= 1
    # AND the correction is now memory (once: "Use pnpm, not npm" and "Alice uses pnpm, not npm" are one card)
    text = build_context(backends, "run the tests in services/notify", ALICE, 400).text
    assert "pnpm, not npm" in text and text.count("pnpm, not npm") == 1
    # AND the run's metrics were published
    out = capsys.readouterr().out
    assert metric_values(out, "DreamSucceeded") == [1]
    assert sum(metric_values(out, "DreamChanges")) == sum(summary["changes"].values())
    [latency] = metric_values(out, "ConsolidationLatency")
    assert latency > 0
    assert metric_values(out, "ReasonerTokensPerSession") == [0]  # the rule-based reasoner spends none


def test_the_run_records_the_execution_it_belongs_to(
    backends: Backends, lambda_context: LambdaContext
) -> None:
    ids = stages.start(load_event("stepfunctions/start"), lambda_context)
    run = backends.dream_ports()[0].get_run(TENANT, ids["run_id"])
    assert run.trigger == "session_end"
    assert run.inputs["execution"] == load_event("stepfunctions/start")["execution"]


def test_a_retried_stage_changes_nothing_more(backends: Backends, lambda_context: LambdaContext) -> None:
    ids, outputs = run_all(lambda_context)
    runs, _ = backends.dream_ports()
    before = runs.changes(TENANT, ids["run_id"])
    again = [stage(ids, lambda_context) for stage in STAGES]
    assert again == outputs
    assert runs.changes(TENANT, ids["run_id"]) == before


def test_a_second_run_for_the_same_user_waits(lambda_context: LambdaContext) -> None:
    stages.start(load_event("stepfunctions/start"), lambda_context)
    # the error's type name is what the state machine's Retry and Catch match ("DreamBusy")
    with pytest.raises(DreamBusy):
        stages.start(load_event("stepfunctions/start"), lambda_context)


def test_a_failed_run_is_rolled_back_and_frees_the_user(
    backends: Backends, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a run whose restructure wrote cards, then a later stage failed
    ids = stages.start(load_event("stepfunctions/start"), lambda_context)
    for stage in STAGES[:3]:
        stages_output = stage(ids, lambda_context)
    assert stages_output["counts"].get("added", 0) >= 1
    runs = backends.dream_ports()[0]
    assert runs.journal(TENANT, ids["run_id"])  # its writes wait in its journal: never served uncommitted
    assert build_context(backends, "pnpm or npm", ALICE, 400).memory_ids == []
    # WHEN the Catch hands the failure to the fail function (twice: a retry)
    failure = {**load_event("stepfunctions/fail"), **ids}
    summary = stages.fail(failure, lambda_context)
    assert stages.fail(failure, lambda_context) == summary
    # THEN the run is failed with the error, nothing of it was applied, and the user can dream again
    run = backends.dream_ports()[0].get_run(TENANT, ids["run_id"])
    assert run.status is RunStatus.FAILED
    assert run.error == "TransientReasonerError: Bedrock throttled the request 4 times"
    assert build_context(backends, "pnpm or npm", ALICE, 400).memory_ids == []
    assert stages.start(load_event("stepfunctions/start"), lambda_context)["run_id"] != ids["run_id"]
    assert metric_values(capsys.readouterr().out, "DreamSucceeded") == [0, 0]


def test_another_tenants_document_is_refused(lambda_context: LambdaContext) -> None:
    event = {**load_event("stepfunctions/start"), "tenant_id": "globex"}
    with pytest.raises(InvalidRequest, match="globex is not this stack's tenant"):
        stages.start(event, lambda_context)
    with pytest.raises(InvalidRequest):
        stages.select({**load_event("stepfunctions/stage_input"), "tenant_id": "globex"}, lambda_context)


def test_start_names_no_run_for_a_forgotten_user(backends: Backends, lambda_context: LambdaContext) -> None:
    # GIVEN alice forgotten while her session end was still queued
    admin.delete_user(backends, TENANT, "alice")
    # WHEN the state machine's Start runs for her
    ids = stages.start(load_event("stepfunctions/start"), lambda_context)
    # THEN it names no run (the state machine ends in NothingToDream) and records nothing of her
    assert ids == {"tenant_id": TENANT, "user_id": "alice", "run_id": None}
    runs = backends.dream_ports()[0]
    assert runs.list_runs(TENANT, "alice") == []
    # AND her lease is free: a later session of hers dreams as usual
    capture_session(backends, "alice", "notify-1112")
    assert stages.start(load_event("stepfunctions/start"), lambda_context)["run_id"]
