"""BedrockEmbedder and BedrockReranker against real botocore clients whose HTTP layer is a `Stubber`.

Emulated: moto has no Bedrock runtime. The Stubber checks each request against the service model and
against the golden request under tests/data/bedrock/ (titan_embed_v2.json, rerank*.json); the responses
there follow the documented shapes (Titan V2: `embedding`, `inputTextTokenCount`; Rerank: `results` of
`index` and `relevanceScore`, `nextToken`). Nothing leaves the process.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3  # type: ignore[import-untyped, unused-ignore]
import pytest
from botocore.response import StreamingBody  # type: ignore[import-untyped, unused-ignore]
from botocore.stub import Stubber  # type: ignore[import-untyped, unused-ignore]

from reverie.adapters.aws.bedrock_embedder import BedrockEmbedder
from reverie.adapters.aws.bedrock_reranker import BedrockReranker
from reverie.domain.errors import StorageError

pytestmark = pytest.mark.emulated

DATA = Path(__file__).resolve().parents[1] / "data" / "bedrock"


def recorded(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text("utf-8"))
    return data


TITAN = recorded("titan_embed_v2.json")
RERANK = recorded("rerank.json")


class SleepRecorder:
    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def sleep() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture(autouse=True)
def credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")  # never used: the Stubber answers before signing
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")


def stubbed(service: str) -> Iterator[tuple[Any, Stubber]]:
    client = boto3.client(service, region_name="us-west-2")
    with Stubber(client) as stub:
        yield client, stub
        stub.assert_no_pending_responses()


@pytest.fixture
def runtime() -> Iterator[tuple[Any, Stubber]]:
    yield from stubbed("bedrock-runtime")


@pytest.fixture
def agent_runtime() -> Iterator[tuple[Any, Stubber]]:
    yield from stubbed("bedrock-agent-runtime")


# -- embeddings ------------------------------------------------------------------------------------------


def invoke_model(stub: Stubber, exchange: dict[str, Any]) -> None:
    """Expect the golden InvokeModel request; answer with the recorded body."""
    raw = json.dumps(exchange["response"]).encode()
    stub.add_response(
        "invoke_model",
        {"body": StreamingBody(io.BytesIO(raw), len(raw)), "contentType": "application/json"},
        {
            "modelId": TITAN["modelId"],
            "body": json.dumps(exchange["request"]),
            "contentType": "application/json",
            "accept": "application/json",
        },
    )


def throttle(stub: Stubber, operation: str, code: str = "ThrottlingException", status: int = 429) -> None:
    stub.add_client_error(
        operation, service_error_code=code, service_message="Too many requests", http_status_code=status
    )


def test_each_distinct_text_is_one_call_with_the_exact_body_and_order_is_kept(runtime: Any) -> None:
    client, stub = runtime
    first, second = TITAN["exchanges"]
    invoke_model(stub, first)
    invoke_model(stub, second)
    embedder = BedrockEmbedder(dim=256, client=client)
    texts = [first["request"]["inputText"], second["request"]["inputText"], first["request"]["inputText"]]
    vectors = embedder.embed(texts)
    assert vectors == [
        first["response"]["embedding"],
        second["response"]["embedding"],
        first["response"]["embedding"],
    ]
    assert embedder.calls == 2
    assert (
        embedder.input_tokens
        == first["response"]["inputTextTokenCount"] + second["response"]["inputTextTokenCount"]
    )


def test_throttling_is_retried_after_a_backoff_then_succeeds(runtime: Any, sleep: SleepRecorder) -> None:
    client, stub = runtime
    throttle(stub, "invoke_model")
    throttle(stub, "invoke_model", "ServiceUnavailableException", 503)
    invoke_model(stub, TITAN["exchanges"][0])
    embedder = BedrockEmbedder(dim=256, client=client, sleep=sleep)
    assert embedder.embed([TITAN["exchanges"][0]["request"]["inputText"]]) == [
        TITAN["exchanges"][0]["response"]["embedding"]
    ]
    assert len(sleep.waits) == 2 and all(w > 0 for w in sleep.waits)
    assert embedder.calls == 1


@pytest.mark.parametrize(
    ("code", "status", "message"),
    [
        ("AccessDeniedException", 403, "AccessDeniedException .*enable the model in the Bedrock console"),
        ("ValidationException", 400, "ValidationException .*input limits"),
        ("ResourceNotFoundException", 404, "model id or ARN"),
    ],
)
def test_a_refusal_becomes_a_storage_error_that_says_what_to_do(
    runtime: Any, sleep: SleepRecorder, code: str, status: int, message: str
) -> None:
    client, stub = runtime
    throttle(stub, "invoke_model", code, status)
    with pytest.raises(StorageError, match=message):
        BedrockEmbedder(dim=256, client=client, sleep=sleep).embed(["deploy notes"])
    assert sleep.waits == []  # not worth retrying


def test_throttling_that_never_ends_is_reported_after_the_last_attempt(
    runtime: Any, sleep: SleepRecorder
) -> None:
    client, stub = runtime
    for _ in range(3):
        throttle(stub, "invoke_model")
    with pytest.raises(StorageError, match="still failing after 3 attempts"):
        BedrockEmbedder(dim=256, client=client, sleep=sleep, max_attempts=3).embed(["deploy notes"])
    assert len(sleep.waits) == 2


def test_an_answer_of_the_wrong_size_is_an_error(runtime: Any) -> None:
    client, stub = runtime
    wrong = {**TITAN["exchanges"][0], "response": {"embedding": [0.6, 0.8], "inputTextTokenCount": 11}}
    invoke_model(stub, wrong)
    with pytest.raises(StorageError, match="answered 2 dimensions, not 256"):
        BedrockEmbedder(dim=256, client=client).embed([wrong["request"]["inputText"]])


def test_only_titan_v2_dimensions_and_non_blank_texts_are_accepted(runtime: Any) -> None:
    client, _ = runtime  # the stubber has no responses: any call would fail the test
    with pytest.raises(ValueError, match="256, 512 or 1024"):
        BedrockEmbedder(dim=384, client=client)
    with pytest.raises(ValueError, match="blank"):
        BedrockEmbedder(dim=256, client=client).embed(["fine", "   "])
    assert BedrockEmbedder(dim=256, client=client).embed([]) == []


class EchoRuntime:
    """A bedrock-runtime stand-in for concurrency: the vector encodes the text, so order is checkable."""

    def invoke_model(self, modelId: str, body: str, contentType: str, accept: str) -> dict[str, Any]:
        request = json.loads(body)
        number = float(request["inputText"].split()[-1])
        raw = json.dumps({"embedding": [number] + [0.0] * 255, "inputTextTokenCount": 2}).encode()
        return {"body": io.BytesIO(raw)}


def test_concurrent_calls_still_answer_in_the_order_asked() -> None:
    embedder = BedrockEmbedder(dim=256, client=EchoRuntime(), max_workers=4)
    texts = [f"text {i}" for i in range(40)]
    assert [v[0] for v in embedder.embed(texts)] == [float(i) for i in range(40)]
    assert embedder.calls == 40 and embedder.input_tokens == 80


def test_nothing_connects_at_construction() -> None:
    assert BedrockEmbedder(region="us-west-2")._client is None
    assert BedrockReranker(RERANK["modelArn"], region="us-west-2")._client is None


# -- reranking -------------------------------------------------------------------------------------------


def test_rerank_sends_the_exact_request_and_returns_scores_in_passage_order(agent_runtime: Any) -> None:
    client, stub = agent_runtime
    exchange = RERANK["exchanges"][0]
    stub.add_response("rerank", exchange["response"], exchange["request"])
    reranker = BedrockReranker(RERANK["modelArn"], client=client)
    assert reranker.rerank(RERANK["query"], RERANK["passages"]) == pytest.approx([0.0021, 0.8716, 0.4123])
    assert reranker.calls == 1


def test_a_paged_answer_is_followed_to_the_end(agent_runtime: Any) -> None:
    client, stub = agent_runtime
    paged = recorded("rerank_paged.json")
    for exchange in paged["exchanges"]:
        stub.add_response("rerank", exchange["response"], exchange["request"])
    scores = BedrockReranker(paged["modelArn"], client=client).rerank(paged["query"], paged["passages"])
    assert scores == pytest.approx([0.0021, 0.8716, 0.4123])


def test_passages_go_in_batches_and_blank_ones_score_zero_without_being_sent(agent_runtime: Any) -> None:
    client, stub = agent_runtime
    reranker = BedrockReranker(RERANK["modelArn"], client=client, batch_size=2)
    a, b, c = RERANK["passages"]
    stub.add_response(
        "rerank",
        {"results": [{"index": 1, "relevanceScore": 0.9}, {"index": 0, "relevanceScore": 0.1}]},
        reranker.request(RERANK["query"], [a, b]),
    )
    stub.add_response(
        "rerank", {"results": [{"index": 0, "relevanceScore": 0.5}]}, reranker.request(RERANK["query"], [c])
    )
    assert reranker.rerank(RERANK["query"], [a, " ", b, c]) == pytest.approx([0.1, 0.0, 0.9, 0.5])
    assert reranker.rerank("  ", [a, b]) == [0.0, 0.0]  # no call
    assert reranker.rerank(RERANK["query"], []) == []
    assert reranker.calls == 2


def test_rerank_retries_throttling_and_reports_refusals(agent_runtime: Any, sleep: SleepRecorder) -> None:
    client, stub = agent_runtime
    exchange = RERANK["exchanges"][0]
    throttle(stub, "rerank")
    stub.add_response("rerank", exchange["response"], exchange["request"])
    throttle(stub, "rerank", "AccessDeniedException", 403)
    reranker = BedrockReranker(RERANK["modelArn"], client=client, sleep=sleep)
    assert reranker.rerank(RERANK["query"], RERANK["passages"])[1] == pytest.approx(0.8716)
    assert len(sleep.waits) == 1
    with pytest.raises(StorageError, match=r"AccessDeniedException .*bedrock:Rerank"):
        reranker.rerank(RERANK["query"], RERANK["passages"])


def test_an_answer_missing_a_passage_is_an_error(agent_runtime: Any) -> None:
    client, stub = agent_runtime
    exchange = RERANK["exchanges"][0]
    stub.add_response("rerank", {"results": exchange["response"]["results"][:2]}, exchange["request"])
    with pytest.raises(StorageError, match="scored 2 of 3 passages"):
        BedrockReranker(RERANK["modelArn"], client=client).rerank(RERANK["query"], RERANK["passages"])
