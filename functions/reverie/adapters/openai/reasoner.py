"""The `Reasoner` on any OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp server, Ollama, ...).

For people who run their own model. Structured output uses `response_format` with a JSON schema, which
vLLM, llama.cpp's server and Ollama turn into constrained decoding. Plain `urllib`: no new dependency.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from email.message import Message
from typing import Any

from reverie.adapters.llm.answers import json_from_text
from reverie.adapters.llm.base import ReasonerError, StructuredReasoner, TransientReasonerError
from reverie.adapters.llm.prompting import StructuredTask
from reverie.ports import ReasonerUsage

__all__ = ["OpenAICompatibleReasoner", "ReasonerError"]

RETRYABLE_STATUS = frozenset({429, 500, 502, 503, 504})


def _retry_after(headers: Message | None) -> float | None:
    value = headers.get("Retry-After") if headers is not None else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


class OpenAICompatibleReasoner(StructuredReasoner):
    """Extraction and merge decisions by a model behind `POST {base_url}/chat/completions`.

    `base_url` includes the API prefix, e.g. `http://127.0.0.1:8000/v1` (vLLM) or
    `http://127.0.0.1:11434/v1` (Ollama). 429 and 5xx answers and refused connections are retried
    `max_attempts` times in all with backoff (honouring Retry-After); a timeout is not retried, since the
    same request would take as long again.
    """

    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 60,
        max_attempts: int = 3,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(max_attempts=max_attempts, sleep=sleep, rng=rng)
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self._api_key = api_key
        self.timeout_s = timeout_s

    def request(self, task: StructuredTask) -> dict[str, Any]:
        """The JSON body sent for `task`."""
        return {
            "model": self.model,
            "temperature": 0,
            "max_tokens": task.max_output_tokens,
            "messages": [
                {"role": "system", "content": task.system},
                {"role": "user", "content": task.user},
            ],
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": task.tool_name,
                    "description": task.description,
                    "schema": task.schema,
                    "strict": True,
                },
            },
        }

    def _post(self, body: dict[str, Any]) -> Any:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        req = urllib.request.Request(self.url, data=json.dumps(body).encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:500].decode("utf-8", "replace")
            message = f"{self.url} answered HTTP {exc.code}: {detail}"
            if exc.code in RETRYABLE_STATUS:
                raise TransientReasonerError(message, _retry_after(exc.headers)) from exc
            raise ReasonerError(f"{message}; check base_url, model and api_key") from exc
        except TimeoutError as exc:
            raise ReasonerError(
                f"{self.url} did not answer within {self.timeout_s}s; raise timeout_s or use a faster model"
            ) from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise ReasonerError(f"{self.url} did not answer within {self.timeout_s}s") from exc
            raise TransientReasonerError(f"{self.url} unreachable: {exc.reason}") from exc
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise ReasonerError(f"{self.url} answered with a body that is not JSON: {raw[:200]!r}") from exc

    def _complete_once(self, task: StructuredTask) -> tuple[Any, ReasonerUsage]:
        data = self._post(self.request(task))
        try:
            choice = data["choices"][0]
            message = choice["message"]
        except (KeyError, IndexError, TypeError) as exc:
            raise ReasonerError(f"{self.url} answered without choices: {str(data)[:200]!r}") from exc
        raw_usage = data.get("usage") or {}
        usage = ReasonerUsage(
            calls=1,
            input_tokens=int(raw_usage.get("prompt_tokens") or 0),
            output_tokens=int(raw_usage.get("completion_tokens") or 0),
        )
        if message.get("refusal"):
            raise ReasonerError(f"model {self.model} refused {task.tool_name}: {message['refusal']}")
        if choice.get("finish_reason") == "length":
            raise ReasonerError(
                f"model {self.model} ran out of output tokens ({task.max_output_tokens}) before finishing "
                f"{task.tool_name}; dream smaller batches of events"
            )
        content = message.get("content")
        if not isinstance(content, str) or not content.strip():
            raise ReasonerError(f"model {self.model} gave an empty answer to {task.tool_name}")
        return json_from_text(content), usage
