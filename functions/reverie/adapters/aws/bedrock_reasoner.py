"""The `Reasoner` on Amazon Bedrock: the Converse API with one forced tool as structured output.

The answer's JSON schema is the `inputSchema` of a single tool and `toolChoice` names that tool, so the model
must answer with a `toolUse` block whose `input` is the structured output. Forcing a named tool is supported
by Anthropic Claude 3 and later, Amazon Nova and Mistral Large models; pick one of those as `model_id` (or an
inference profile of one).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from botocore.exceptions import (  # type: ignore[import-untyped, unused-ignore]
    BotoCoreError,
    ClientError,
    ConnectionClosedError,
    EndpointConnectionError,
    NoCredentialsError,
)

from reverie.adapters.llm.base import ReasonerError, StructuredReasoner, TransientReasonerError
from reverie.adapters.llm.prompting import StructuredTask
from reverie.ports import ReasonerUsage

__all__ = ["BedrockReasoner", "ReasonerError"]

RETRYABLE_CODES = frozenset(
    {
        "ThrottlingException",
        "ServiceUnavailableException",
        "ModelNotReadyException",
        "InternalServerException",
    }
)
_HINTS = {
    "AccessDeniedException": "grant bedrock:InvokeModel to this role and enable the model in the Bedrock console",
    "ResourceNotFoundException": "check the model id and that the model is offered in this region",
    "ValidationException": "check that the model supports tool use with a forced tool through Converse",
    "ModelTimeoutException": "the session may be too long for this model; lower the dream's token budget",
    "ModelErrorException": "the model failed on this input; try again later or another model",
}


class BedrockReasoner(StructuredReasoner):
    """Extraction and merge decisions by a Bedrock model (temperature 0, one forced tool per call).

    `client` is a ready `bedrock-runtime` client; without one, a client for `region` (or the default
    region) is built on first use, never at import or construction. Throttling, an unavailable service and
    a model still loading are retried `max_attempts` times in all, with backoff (`sleep` is injectable);
    botocore's own retries are turned off on the client built here so the two do not multiply.
    """

    name = "bedrock"

    def __init__(
        self,
        model_id: str,
        client: Any | None = None,
        region: str | None = None,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(max_attempts=max_attempts, sleep=sleep, rng=rng)
        self.model_id = model_id
        self.region = region
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # type: ignore[import-untyped, unused-ignore]
            from botocore.config import Config  # type: ignore[import-untyped, unused-ignore]

            config = Config(retries={"mode": "standard", "total_max_attempts": 1}, read_timeout=300)
            self._client = boto3.client("bedrock-runtime", region_name=self.region, config=config)
        return self._client

    def request(self, task: StructuredTask) -> dict[str, Any]:
        """The Converse request for `task` (public so tests and operators can see exactly what is sent)."""
        return {
            "modelId": self.model_id,
            "system": [{"text": task.system}],
            "messages": [{"role": "user", "content": [{"text": task.user}]}],
            "inferenceConfig": {"maxTokens": task.max_output_tokens, "temperature": 0.0},
            "toolConfig": {
                "tools": [
                    {
                        "toolSpec": {
                            "name": task.tool_name,
                            "description": task.description,
                            "inputSchema": {"json": task.schema},
                        }
                    }
                ],
                "toolChoice": {"tool": {"name": task.tool_name}},
            },
        }

    def _complete_once(self, task: StructuredTask) -> tuple[Any, ReasonerUsage]:
        try:
            response = self.client.converse(**self.request(task))
        except ClientError as exc:
            raise self._error(exc) from exc
        except (EndpointConnectionError, ConnectionClosedError) as exc:
            raise TransientReasonerError(f"Bedrock unreachable: {exc}") from exc
        except NoCredentialsError as exc:
            raise ReasonerError("no AWS credentials for Bedrock: configure a role or a profile") from exc
        except BotoCoreError as exc:
            raise ReasonerError(f"Bedrock call for model {self.model_id} failed: {exc}") from exc
        raw_usage = response.get("usage") or {}
        usage = ReasonerUsage(
            calls=1,
            input_tokens=int(raw_usage.get("inputTokens", 0)),
            output_tokens=int(raw_usage.get("outputTokens", 0)),
        )
        stop = response.get("stopReason")
        if stop == "max_tokens":
            raise ReasonerError(
                f"model {self.model_id} ran out of output tokens ({task.max_output_tokens}) before finishing "
                f"{task.tool_name}; dream smaller batches of events"
            )
        blocks = (response.get("output") or {}).get("message", {}).get("content", [])
        for block in blocks:
            tool_use = block.get("toolUse")
            if tool_use and tool_use.get("name") == task.tool_name:
                return tool_use.get("input"), usage
        raise ReasonerError(
            f"model {self.model_id} did not call {task.tool_name} (stopReason {stop!r}); use a model that "
            "supports a forced tool choice in Converse"
        )

    def _error(self, exc: ClientError) -> ReasonerError:
        error = exc.response.get("Error", {})
        code = str(error.get("Code", "Unknown"))
        message = f"Bedrock {code} for model {self.model_id}: {error.get('Message', '')}".rstrip(": ")
        if code in RETRYABLE_CODES:
            return TransientReasonerError(message)
        hint = _HINTS.get(code)
        return ReasonerError(f"{message}; {hint}" if hint else message)
