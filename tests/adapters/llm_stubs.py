"""Stubbed language models for the reasoner tests: the model is emulated, never called.

- Bedrock: a real botocore `bedrock-runtime` client whose HTTP layer is a `Stubber` (every request is
  checked against the service model); `converse_answer` wraps a structured answer in the Converse response
  shape (`output.message.content[].toolUse.input`, `stopReason`, `usage`).
- OpenAI-compatible: `loopback_server` runs a tiny HTTP server on 127.0.0.1 that records each request and
  answers with queued bodies; `chat_completion` wraps a structured answer as vLLM does (a chat completion
  whose message `content` is the JSON text).

`BedrockStub` and `OpenAIStub` give both the same face (`reasoner`, `answer`, `sent`), so one test states the
reasoners' contract once and runs it against both backends.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from botocore.stub import Stubber  # type: ignore[import-untyped, unused-ignore]

from reverie.adapters.aws.bedrock_reasoner import BedrockReasoner
from reverie.adapters.llm.base import StructuredReasoner
from reverie.adapters.openai.reasoner import OpenAICompatibleReasoner

BEDROCK_MODEL = "anthropic.claude-3-5-sonnet-20240620-v1:0"
OPENAI_MODEL = "qwen2.5-7b-instruct"


# --- the OpenAI-compatible server on loopback ----------------------------------------------------------


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class FakeServer:
    """Answers queued (status, headers, body) in order; records every request it gets."""

    url: str = ""
    answers: list[tuple[int, dict[str, str], bytes]] = field(default_factory=list)
    seen: list[Seen] = field(default_factory=list)

    def answer(self, body: bytes, status: int = 200, **headers: str) -> None:
        self.answers.append((status, headers, body))


@contextmanager
def loopback_server() -> Iterator[FakeServer]:
    """A `FakeServer` listening on 127.0.0.1 (any free port) for the duration of the block."""
    fake = FakeServer()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            fake.seen.append(Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            status, headers, payload = fake.answers.pop(0)
            self.send_response(status)
            for name, value in {"Content-Type": "application/json", **headers}.items():
                self.send_header(name.replace("_", "-"), value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1/"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


# --- answers in each backend's envelope ----------------------------------------------------------------


def converse_answer(
    tool: str, payload: dict[str, Any], input_tokens: int = 100, output_tokens: int = 20
) -> dict[str, Any]:
    """A Converse response in which the model called `tool` with `payload` as its input."""
    return {
        "ResponseMetadata": {"RequestId": "stubbed", "HTTPStatusCode": 200},
        "output": {
            "message": {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": "tooluse_stubbed", "name": tool, "input": payload}}],
            }
        },
        "stopReason": "tool_use",
        "usage": {
            "inputTokens": input_tokens,
            "outputTokens": output_tokens,
            "totalTokens": input_tokens + output_tokens,
        },
        "metrics": {"latencyMs": 1},
    }


def chat_completion(payload: dict[str, Any], prompt_tokens: int = 100, completion_tokens: int = 20) -> bytes:
    """A chat completion whose message content is `payload` as JSON text (constrained decoding's output)."""
    return json.dumps(
        {
            "id": "chatcmpl-stubbed",
            "object": "chat.completion",
            "model": OPENAI_MODEL,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": json.dumps(payload), "tool_calls": []},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    ).encode()


# --- one face for both backends ------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """What a reasoner sent in one call, whatever the backend."""

    system: str
    user: str
    tool: str
    schema: dict[str, Any]


class BedrockStub:
    """A `BedrockReasoner` over a stubbed client; records the parameters of every Converse call."""

    name = "bedrock"

    def __init__(self, client: Any, stubber: Stubber) -> None:
        self.reasoner: StructuredReasoner = BedrockReasoner(
            BEDROCK_MODEL, client=client, sleep=lambda _: None
        )
        self.stubber = stubber
        self._params: list[dict[str, Any]] = []
        client.meta.events.register("provide-client-params.bedrock-runtime.Converse", self._record)

    def _record(self, params: dict[str, Any], **_: Any) -> None:
        self._params.append(params)

    def answer(self, tool: str, payload: dict[str, Any]) -> None:
        self.stubber.add_response("converse", converse_answer(tool, payload))

    @property
    def sent(self) -> list[Sent]:
        return [
            Sent(
                system=p["system"][0]["text"],
                user=p["messages"][0]["content"][0]["text"],
                tool=p["toolConfig"]["tools"][0]["toolSpec"]["name"],
                schema=p["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"],
            )
            for p in self._params
        ]


class OpenAIStub:
    """An `OpenAICompatibleReasoner` pointed at a loopback `FakeServer`."""

    name = "openai"

    def __init__(self, server: FakeServer) -> None:
        self.reasoner: StructuredReasoner = OpenAICompatibleReasoner(
            server.url, OPENAI_MODEL, timeout_s=10, sleep=lambda _: None
        )
        self.server = server

    def answer(self, tool: str, payload: dict[str, Any]) -> None:
        self.server.answer(chat_completion(payload))

    @property
    def sent(self) -> list[Sent]:
        return [
            Sent(
                system=s.body["messages"][0]["content"],
                user=s.body["messages"][1]["content"],
                tool=s.body["response_format"]["json_schema"]["name"],
                schema=s.body["response_format"]["json_schema"]["schema"],
            )
            for s in self.server.seen
        ]
