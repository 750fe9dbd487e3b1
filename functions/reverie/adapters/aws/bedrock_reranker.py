"""The `Reranker` on Amazon Bedrock: the Rerank API of `bedrock-agent-runtime`.

One request scores up to `batch_size` passages (inline text sources) against the query with a reranking
model (Amazon Rerank 1.0, Cohere Rerank 3.5, ...) named by its ARN; every passage is asked back
(`numberOfResults` = the batch) so each gets a score, which the answer lists by relevance with the
passage's `index`: they are put back in the order given. Answers that come in pages (`nextToken`) are
followed. Retries and errors as for the embedder (`BedrockCalls`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from reverie.adapters.aws.bedrock_embedder import BedrockCalls, bedrock_client
from reverie.domain.errors import StorageError
from reverie.ports import Reranker

__all__ = ["BedrockReranker"]

MAX_SOURCES = 1_000
"""The Rerank API takes at most 1,000 sources per request."""
MAX_TEXT_CHARS = 32_000
"""The Rerank API takes at most 32,000 characters per query or source; the model reads fewer tokens."""


class BedrockReranker(Reranker):
    """Relevance scores in [0, 1] from a Bedrock reranking model, one per passage, in the passages' order.

    `model_arn` is the model's ARN, e.g. arn:aws:bedrock:us-west-2::foundation-model/amazon.rerank-v1:0.
    `client` is a ready `bedrock-agent-runtime` client; without one, a client for `region` is built on
    first use. A blank passage is not sent and scores 0; so does every passage of a blank query.
    `calls` counts the requests made (the Rerank API bills per query and batch of documents).
    """

    def __init__(
        self,
        model_arn: str,
        client: Any | None = None,
        region: str | None = None,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        batch_size: int = 100,
    ) -> None:
        if not 1 <= batch_size <= MAX_SOURCES:
            raise ValueError(f"batch_size must be between 1 and {MAX_SOURCES}, got {batch_size}")
        self.model_arn, self.region, self.batch_size = model_arn, region, batch_size
        self._client = client
        self._calls = BedrockCalls(model_arn, max_attempts=max_attempts, sleep=sleep, rng=rng)
        self.calls = 0

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = bedrock_client("bedrock-agent-runtime", self.region)
        return self._client

    def request(self, query: str, passages: Sequence[str]) -> dict[str, Any]:
        """The Rerank request for one batch (public so tests and operators see exactly what is sent)."""
        return {
            "queries": [{"type": "TEXT", "textQuery": {"text": query[:MAX_TEXT_CHARS]}}],
            "sources": [
                {
                    "type": "INLINE",
                    "inlineDocumentSource": {"type": "TEXT", "textDocument": {"text": text[:MAX_TEXT_CHARS]}},
                }
                for text in passages
            ],
            "rerankingConfiguration": {
                "type": "BEDROCK_RERANKING_MODEL",
                "bedrockRerankingConfiguration": {
                    "numberOfResults": len(passages),
                    "modelConfiguration": {"modelArn": self.model_arn},
                },
            },
        }

    def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        scores = [0.0] * len(passages)
        if not query.strip():
            return scores
        asked = [i for i, text in enumerate(passages) if text.strip()]
        for start in range(0, len(asked), self.batch_size):
            batch = asked[start : start + self.batch_size]
            for position, score in self._score(query, [passages[i] for i in batch]).items():
                scores[batch[position]] = score
        return scores

    def _score(self, query: str, passages: list[str]) -> dict[int, float]:
        """Score of each passage of one batch, by its position in the batch."""
        request, found = self.request(query, passages), dict[int, float]()
        token: str | None = None
        while True:
            page = dict(request, nextToken=token) if token else request
            response = self._calls.call("reranking", partial(self.client.rerank, **page))
            self.calls += 1
            for result in response.get("results", []):
                index = int(result["index"])
                if not 0 <= index < len(passages):
                    raise StorageError(
                        f"{self.model_arn} ranked passage {index} of a batch of {len(passages)}"
                    )
                found[index] = float(result["relevanceScore"])
            token = response.get("nextToken")
            if not token:
                break
        missing = len(passages) - len(found)
        if missing:
            raise StorageError(
                f"{self.model_arn} scored {len(found)} of {len(passages)} passages ({missing} missing)"
            )
        return found
