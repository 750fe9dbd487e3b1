"""The `Embedder` on Amazon Bedrock: Titan Text Embeddings V2 through InvokeModel.

Titan V2 takes one text per call, so a batch is one InvokeModel call per distinct text (in order, optionally
on a few threads); the request asks for `dimensions` of 256, 512 or 1024 and `normalize: true`, so every
vector has unit length. Input tokens as the model counted them (`inputTextTokenCount`) are summed in
`input_tokens`. `BedrockCalls` (shared with the reranker) retries throttling and a busy service with backoff
and turns every other failure into a `StorageError` that says what to do; botocore errors never leave.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from botocore.exceptions import (  # type: ignore[import-untyped, unused-ignore]
    BotoCoreError,
    ClientError,
    ConnectionClosedError,
    EndpointConnectionError,
    NoCredentialsError,
    ReadTimeoutError,
)

from reverie.adapters.backoff import Backoff, Retry
from reverie.domain.errors import StorageError
from reverie.ports import Embedder

__all__ = ["BedrockCalls", "BedrockEmbedder", "bedrock_client"]

logger = logging.getLogger(__name__)
T = TypeVar("T")

TITAN_V2_DIMENSIONS = (256, 512, 1024)
TITAN_V2_MAX_CHARS = 50_000
"""Titan Text Embeddings V2 reads at most 8,192 tokens or 50,000 characters; longer text is cut here."""

RETRYABLE_CODES = frozenset(
    {
        "ThrottlingException",
        "ServiceUnavailableException",
        "ModelNotReadyException",
        "InternalServerException",
        "ModelTimeoutException",
        "BadGatewayException",
        "DependencyFailedException",
    }
)
_HINTS = {
    "AccessDeniedException": "grant this role bedrock:InvokeModel (bedrock:Rerank for reranking) and enable "
    "the model in the Bedrock console for this region",
    "ResourceNotFoundException": "check the model id or ARN and that the model is offered in this region",
    "ValidationException": "the request was refused as malformed or too long; check the model's input limits",
    "ServiceQuotaExceededException": "raise the account's Bedrock quota for this model or lower the load",
}


def bedrock_client(service: str, region: str | None) -> Any:
    """A boto3 client with botocore's own retries off (BedrockCalls retries; the two would multiply)."""
    import boto3  # type: ignore[import-untyped, unused-ignore]
    from botocore.config import Config  # type: ignore[import-untyped, unused-ignore]

    config = Config(retries={"mode": "standard", "total_max_attempts": 1}, read_timeout=60)
    return boto3.client(service, region_name=region, config=config)


class BedrockCalls:
    """One Bedrock call at a time with retries (`Backoff`): throttling and unreachable endpoints are
    retried, everything else becomes a `StorageError` that says what to do; `sleep` is injectable for tests."""

    def __init__(
        self,
        model: str,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        base_delay_s: float = 1.0,
        max_delay_s: float = 30.0,
    ) -> None:
        self.model = model
        self.backoff = Backoff(
            "Bedrock", max_attempts, base_delay_s, max_delay_s, sleep, rng or random.Random()
        )

    @property
    def max_attempts(self) -> int:
        return self.backoff.max_attempts

    def call(self, what: str, request: Callable[[], T]) -> T:
        def judge(exc: Exception, last: bool) -> Retry:
            return self._judge(what, exc, last)

        return self.backoff.run(what, request, judge)

    def _judge(self, what: str, exc: Exception, last: bool) -> Retry:
        attempts = self.backoff.max_attempts
        if isinstance(exc, ClientError):
            error = exc.response.get("Error", {})
            code = str(error.get("Code", "Unknown"))
            message = f"Bedrock {code} for {what} with {self.model}: {error.get('Message', '')}".rstrip(": ")
            if code not in RETRYABLE_CODES:
                hint = _HINTS.get(code)
                raise StorageError(f"{message}; {hint}" if hint else message) from exc
            if last:
                raise StorageError(
                    f"{message}; still failing after {attempts} attempts, try again later or raise the "
                    "model's throughput quota"
                ) from exc
            return Retry(code)
        if isinstance(exc, EndpointConnectionError | ConnectionClosedError | ReadTimeoutError):
            if last:
                raise StorageError(
                    f"Bedrock unreachable for {what} after {attempts} attempts: {exc}"
                ) from exc
            return Retry(type(exc).__name__)
        if isinstance(exc, NoCredentialsError):
            raise StorageError("no AWS credentials for Bedrock: configure a role or a profile") from exc
        if isinstance(exc, BotoCoreError):
            raise StorageError(f"Bedrock {what} with {self.model} failed: {exc}") from exc
        raise exc


class BedrockEmbedder(Embedder):
    """Sentence embeddings from Titan Text Embeddings V2 (or a model with the same request shape).

    `client` is a ready `bedrock-runtime` client; without one, a client for `region` is built on first use
    (never at import or construction). `max_workers` > 1 embeds distinct texts of a batch concurrently
    (the order of the answer is always the order asked). `input_tokens` and `calls` count what this
    instance used, for cost accounting.
    """

    def __init__(
        self,
        model_id: str = "amazon.titan-embed-text-v2:0",
        dim: int = 1024,
        client: Any | None = None,
        region: str | None = None,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        max_workers: int = 1,
    ) -> None:
        if dim not in TITAN_V2_DIMENSIONS:
            raise ValueError(f"Titan Text Embeddings V2 gives 256, 512 or 1024 dimensions, not {dim}")
        if max_workers < 1:
            raise ValueError(f"max_workers must be at least 1, got {max_workers}")
        self.model_id, self.dim, self.region, self.max_workers = model_id, dim, region, max_workers
        self._client = client
        self._calls = BedrockCalls(model_id, max_attempts=max_attempts, sleep=sleep, rng=rng)
        self._lock = threading.Lock()
        self.input_tokens = 0
        self.calls = 0

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = bedrock_client("bedrock-runtime", self.region)
        return self._client

    def request(self, text: str) -> dict[str, Any]:
        """The InvokeModel body for one text (public so tests and operators see exactly what is sent)."""
        return {"inputText": text[:TITAN_V2_MAX_CHARS], "dimensions": self.dim, "normalize": True}

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        distinct = list(dict.fromkeys(texts))
        for text in distinct:
            if not text.strip():
                raise ValueError("cannot embed an empty or blank text: Titan needs at least one character")
        if self.max_workers > 1 and len(distinct) > 1:
            with ThreadPoolExecutor(max_workers=min(self.max_workers, len(distinct))) as pool:
                vectors = list(pool.map(self._embed_one, distinct))
        else:
            vectors = [self._embed_one(text) for text in distinct]
        found = dict(zip(distinct, vectors, strict=True))
        return [list(found[text]) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        body = json.dumps(self.request(text))
        response = self._calls.call(
            "embedding",
            lambda: self.client.invoke_model(
                modelId=self.model_id, body=body, contentType="application/json", accept="application/json"
            ),
        )
        try:
            payload = json.loads(response["body"].read())
            vector = [float(x) for x in payload["embedding"]]
            tokens = int(payload.get("inputTextTokenCount", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise StorageError(f"{self.model_id} answered without a usable embedding: {exc}") from exc
        if len(vector) != self.dim:
            raise StorageError(
                f"{self.model_id} answered {len(vector)} dimensions, not {self.dim}: check that the model "
                "accepts the `dimensions` field (Titan Text Embeddings V2 does)"
            )
        with self._lock:
            self.input_tokens += tokens
            self.calls += 1
        return vector
