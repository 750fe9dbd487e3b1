"""End to end on emulated AWS: an agent's session goes in through the API function, is dreamt by the state
machine, and comes back as memory through the API function.

What is emulated how:
- S3 (the raw log), DynamoDB (notes, runs, leases), SQS (the session-end FIFO queue) and Step Functions
  are moto 5.2.5, in process, reached by the real AWS adapters built by `build_aws` from each function's
  settings (the same environment variables the stack sets).
- The state machine is the definition the infrastructure deploys (statemachine/dream.asl.json), executed
  by moto's interpreter (Distributed Map, Retry, Catch, ResultSelector); its Lambda tasks are answered in
  this process by the real stage handlers (tests/handlers/lambdas.py), because moto's Lambda without
  Docker only echoes its input.
- SQS → Lambda: the test receives the queued message from moto and hands it to the session-end handler as
  the Lambda event source mapping would (an SQS event with the message's attributes).
- Not emulated: moto has no OpenSearch data plane and no Bedrock runtime, so the search index is the
  embedded SqliteSearchIndex, the embedder the test HashEmbedder, the reasoner the rule-based one. Those
  ports have their own contract tests against the AWS adapters (Stubber, golden bodies).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import boto3  # type: ignore[import-untyped, unused-ignore]
import pytest
from moto import mock_aws

from reverie.adapters.aws.dynamo_table import create_table
from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.bootstrap.aws import build_aws
from reverie.bootstrap.aws_settings import StorageSettings
from reverie.handlers import api, session_end, stages
from reverie.services.backends import Backends
from reverie.statemachine import definition, function_arns
from tests.fakes.embedder import HashEmbedder
from tests.handlers.conftest import (
    ACCOUNT,
    ENVIRONMENT,
    REGION,
    STATE_MACHINE_ARN,
    LambdaContext,
    load_event,
    metric_values,
    session_events,
)
from tests.handlers.lambdas import InProcessLambdas, wait_for

pytestmark = pytest.mark.emulated

FUNCTIONS = {
    "Start": stages.start,
    "Select": stages.select,
    "Verify": stages.verify,
    "Restructure": stages.restructure,
    "Decay": stages.decay,
    "Finish": stages.finish,
    "Fail": stages.fail,
}


def _definition(source: str, arns: dict[str, str]) -> dict[str, Any]:
    """The state machine as the repository holds it, or as the CDK stack deploys it (read back from the
    synthesised CloudFormation template, when the infra tools are installed)."""
    if source == "file":
        return definition(arns)
    pytest.importorskip("aws_cdk", reason="the infra extra (aws-cdk-lib) is not installed")
    from tests.infra.conftest import template_of
    from tests.infra.definition import deployed_definition

    return deployed_definition(template_of("demo"), arns)


@pytest.fixture(params=["file", "synthesised-template"])
def aws(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The tenant's stack on moto: bucket, table, queue, state machine (from the repository's definition
    file, and from the synthesised CDK template); clients to look at them."""
    config: Any = {"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}}
    with mock_aws(config=config):
        s3 = boto3.client("s3", region_name=REGION)
        s3.create_bucket(
            Bucket=ENVIRONMENT["REVERIE_BUCKET_NAME"],
            CreateBucketConfiguration={"LocationConstraint": REGION},
        )
        create_table(boto3.client("dynamodb", region_name=REGION), ENVIRONMENT["REVERIE_TABLE_NAME"])
        sqs = boto3.client("sqs", region_name=REGION)
        queue_url = sqs.create_queue(
            QueueName="reverie-acme-session-end.fifo", Attributes={"FifoQueue": "true"}
        )["QueueUrl"]
        assert queue_url == ENVIRONMENT["REVERIE_QUEUE_URL"]
        sfn = boto3.client("stepfunctions", region_name=REGION)
        arns = function_arns(f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:reverie-acme-")
        sfn.create_state_machine(
            name="reverie-acme-dream",
            definition=json.dumps(_definition(request.param, arns)),
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/reverie-acme-dream",
        )
        with InProcessLambdas({f"reverie-acme-{k}": v for k, v in FUNCTIONS.items()}).installed() as lambdas:
            yield {"s3": s3, "sqs": sqs, "sfn": sfn, "queue_url": queue_url, "lambdas": lambdas}


@pytest.fixture
def functions(aws: dict[str, Any]) -> None:
    """Every function composed by `build_aws` from its own settings; only the ports moto cannot emulate
    (search, embeddings, reasoning) are replaced, and shared, so all functions see one index."""
    embedder = HashEmbedder()
    emulated_elsewhere = {
        "index": SqliteSearchIndex(":memory:", dim=embedder.dim),
        "embedder": embedder,
        "reranker": None,
        "reasoner": RuleReasoner(),
    }

    def compose(settings: StorageSettings) -> Backends:
        return build_aws(settings, **emulated_elsewhere)

    api.runtime.configure(backends=compose)
    stages.runtime.configure(backends=compose)


def sqs_event(aws: dict[str, Any]) -> dict[str, Any]:
    """What the event source mapping hands the session-end function: the queued messages, as an SQS event."""
    received = aws["sqs"].receive_message(
        QueueUrl=aws["queue_url"], MaxNumberOfMessages=10, AttributeNames=["All"], WaitTimeSeconds=0
    )
    template = load_event("sqs/session_end")["Records"][0]
    records = []
    for message in received.get("Messages", []):
        records.append(
            {
                **template,
                "messageId": message["MessageId"],
                "receiptHandle": message["ReceiptHandle"],
                "body": message["Body"],
                "attributes": {**template["attributes"], **message["Attributes"]},
                "md5OfBody": message["MD5OfBody"],
            }
        )
    return {"Records": records}


def test_a_session_becomes_memory_through_the_cloud_path(
    aws: dict[str, Any], functions: None, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN an agent's session (alice finds that npm cannot install the repository, pnpm can) sent through
    # the API function, and ended
    base = "/users/alice/sessions/notify-1112"
    events = [{k: v for k, v in e.items() if k != "ts"} for e in session_events("alice", "notify-1112")]
    append = load_event("apigw/append_events")
    append.update(path=f"{base}/events", body=json.dumps({"events": events}))
    assert api.handler(append, lambda_context)["statusCode"] == 200
    end = load_event("apigw/end_session")
    end["path"] = f"{base}/end"
    assert api.handler(end, lambda_context)["statusCode"] == 202
    stored = aws["s3"].list_objects_v2(Bucket=ENVIRONMENT["REVERIE_BUCKET_NAME"])
    assert stored["KeyCount"] >= 1  # the raw log is on S3

    # WHEN the queue delivers the session end to the consumer, which starts the state machine
    delivery = sqs_event(aws)
    assert len(delivery["Records"]) == 1
    assert session_end.handler(delivery, lambda_context) == {"batchItemFailures": []}
    [execution] = aws["sfn"].list_executions(stateMachineArn=STATE_MACHINE_ARN)["executions"]
    described = wait_for(aws["sfn"], execution["executionArn"])

    # THEN the definition ran every stage for alice, and the run succeeded
    assert described["status"] == "SUCCEEDED", described
    called = [name.removeprefix("reverie-acme-") for name, _ in aws["lambdas"].calls]
    assert called == ["Start", "Select", "Verify", "Restructure", "Decay", "Finish"]
    out = capsys.readouterr().out
    assert metric_values(out, "DreamSucceeded") == [1]
    assert len(metric_values(out, "ConsolidationLatency")) == 1

    # AND a context request through the API function returns the new memory, with its evidence
    ask = load_event("apigw/get_context")
    ask["body"] = json.dumps({"query": "install the dependencies and run the tests in services/notify"})
    reply = api.handler(ask, lambda_context)
    assert reply["statusCode"] == 200
    body = json.loads(reply["body"])
    [line] = [li for li in body["context"].splitlines() if "pnpm, not npm" in li]
    cited = body["citations"][int(line.removeprefix("- [").split("]")[0]) - 1]
    assert "notify-1112" in {ref["session_id"] for ref in cited["evidence"]}

    # AND a redelivery of the same message starts no second run
    assert session_end.handler(delivery, lambda_context) == {"batchItemFailures": []}
    assert len(aws["sfn"].list_executions(stateMachineArn=STATE_MACHINE_ARN)["executions"]) == 1
