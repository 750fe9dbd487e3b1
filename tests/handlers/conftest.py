"""Handler test fixtures: sample events from events/, a Lambda context, the functions' environment, moto.

Handlers run exactly as Lambda calls them, `handler(event, context)`. What they build is chosen through
each function's public `runtime.configure(...)`; every test leaves the runtimes as it found them.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3  # type: ignore[import-untyped, unused-ignore]
import pytest
from moto import mock_aws

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.events import parse_event
from reverie.domain.models import Scope
from reverie.handlers import api, index_sync, session_end, stages, trigger_sweep
from reverie.services import capture
from reverie.services.backends import Backends
from reverie.services.index_model import IndexModel, IndexStamp
from reverie.statemachine import definition, function_arns
from tests.fakes.backends import fake_backends

EVENTS = Path(__file__).resolve().parents[2] / "events"
TENANT = "acme"  # the tenant of the sample events
REGION = "eu-west-1"
ACCOUNT = "123456789012"
STATE_MACHINE_ARN = f"arn:aws:states:{REGION}:{ACCOUNT}:stateMachine:reverie-acme-dream"

ENVIRONMENT = {
    "REVERIE_TENANT_ID": TENANT,
    "REVERIE_TABLE_NAME": "reverie-acme",
    "REVERIE_BUCKET_NAME": "reverie-acme-log",
    "REVERIE_KMS_KEY_ID": "alias/reverie-acme",
    "REVERIE_QUEUE_URL": f"https://sqs.{REGION}.amazonaws.com/{ACCOUNT}/reverie-acme-session-end.fifo",
    "REVERIE_STATE_MACHINE_ARN": STATE_MACHINE_ARN,
    "REVERIE_OPENSEARCH_ENDPOINT": "https://search-reverie-acme.eu-west-1.es.amazonaws.com",
    "REVERIE_EMBEDDING_MODEL_ID": "amazon.titan-embed-text-v2:0",
    "REVERIE_EMBEDDING_DIM": "1024",
    "REVERIE_REASONER_MODEL_ID": "eu.anthropic.claude-3-7-sonnet-20250219-v1:0",
    "AWS_REGION": REGION,
    "AWS_DEFAULT_REGION": REGION,
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "POWERTOOLS_TRACE_DISABLED": "true",
}

RUNTIMES = (api.runtime, session_end.runtime, stages.runtime, trigger_sweep.runtime, index_sync.runtime)


def load_event(name: str) -> dict[str, Any]:
    """The sample event `events/<name>.json` (a fresh copy)."""
    data: dict[str, Any] = json.loads((EVENTS / f"{name}.json").read_text(encoding="utf-8"))
    return data


class MemoryStamp(IndexStamp):
    """The index stamp in memory (the functions keep it in SSM), counting its reads."""

    def __init__(self, model: IndexModel | None = None) -> None:
        self.model = model
        self.reads = 0

    def read(self) -> IndexModel | None:
        self.reads += 1
        return self.model

    def write(self, model: IndexModel) -> None:
        self.model = model


@dataclass
class LambdaContext:
    """The attributes of a Lambda context that Powertools and the handlers read."""

    function_name: str = "reverie-acme-test"
    function_version: str = "$LATEST"
    memory_limit_in_mb: int = 512
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))

    @property
    def invoked_function_arn(self) -> str:
        return f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{self.function_name}"

    def get_remaining_time_in_millis(self) -> int:
        return 60_000


@pytest.fixture
def lambda_context() -> LambdaContext:
    return LambdaContext()


@pytest.fixture(autouse=True)
def environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The environment the tenant's stack gives every function; the runtimes forget it afterwards."""
    for name, value in ENVIRONMENT.items():
        monkeypatch.setenv(name, value)
    for runtime in RUNTIMES:
        runtime.configure()
    yield dict(ENVIRONMENT)
    for runtime in RUNTIMES:
        runtime.configure()


@pytest.fixture
def state_machine() -> Iterator[Any]:
    """moto's Step Functions with the dream state machine created from its definition (emulated; the
    executions it starts are recorded, not run), and its client."""
    with mock_aws():
        client = boto3.client("stepfunctions", region_name=REGION)
        body = definition(function_arns(f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:reverie-acme-"))
        client.create_state_machine(
            name="reverie-acme-dream",
            definition=json.dumps(body),
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/reverie-acme-dream",
        )
        yield client


def started_inputs(client: Any) -> list[dict[str, Any]]:
    """The input documents of the executions started so far, oldest first."""
    found = client.list_executions(stateMachineArn=STATE_MACHINE_ARN)["executions"]
    found.sort(key=lambda e: e["startDate"])
    return [json.loads(client.describe_execution(executionArn=e["executionArn"])["input"]) for e in found]


@pytest.fixture
def backends() -> Backends:
    """Fakes for the stores, the embedded index, the rule-based reasoner (nothing of AWS)."""
    return fake_backends(reasoner=RuleReasoner())


def session_events(user_id: str, session_id: str) -> list[dict[str, Any]]:
    """The events of one sample session (events/sessions/<user>.json), as an agent posts them."""
    data = json.loads((EVENTS / "sessions" / f"{user_id}.json").read_text(encoding="utf-8"))
    [session] = [s for s in data["sessions"] if s["session_id"] == session_id]
    events: list[dict[str, Any]] = session["events"]
    return events


def capture_session(b: Backends, user_id: str, session_id: str) -> None:
    """Store a sample session and its end through the capture service (what the API function does)."""
    scope = Scope(tenant_id=TENANT, user_id=user_id)
    routed = {"tenant_id": TENANT, "user_id": user_id, "session_id": session_id}
    capture.append_events(
        b, scope, [parse_event({**e, **routed}) for e in session_events(user_id, session_id)]
    )
    capture.end_session(b, scope, session_id, "success")


def emf_blobs(stdout: str) -> list[dict[str, Any]]:
    """The EMF documents Powertools printed (one JSON object per line)."""
    blobs = []
    for line in stdout.splitlines():
        if line.startswith("{") and '"_aws"' in line:
            blobs.append(json.loads(line))
    return blobs


def metric_values(stdout: str, name: str) -> list[float]:
    """Every value of metric `name` in the printed EMF documents."""
    values: list[float] = []
    for blob in emf_blobs(stdout):
        if name in blob:
            value = blob[name]
            values.extend(value if isinstance(value, list) else [value])
    return values
