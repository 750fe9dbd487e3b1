"""OpenAICompatibleReasoner against a tiny HTTP server on 127.0.0.1 that records each request and answers
with recorded chat-completions responses (tests/data/openai/, shaped like vLLM's): the model is stubbed
(emulated), never called, and there is no other network. The contract every backend shares (slots,
validity, one-off items, each merge decision) is in test_llm_contract.py."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie.adapters.llm.prompting import EXTRACTION_SCHEMA
from reverie.adapters.openai.reasoner import OpenAICompatibleReasoner, ReasonerError
from reverie.domain.events import Event, parse_event
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Scope, SourceKind, Status, Trust
from reverie.ports import MergeAction, ReasonerUsage
from reverie.prompts import load_prompt
from tests.adapters.llm_stubs import FakeServer, loopback_server

DATA = Path(__file__).resolve().parents[1] / "data"
SESSION: list[Event] = [
    parse_event(e) for e in json.loads((DATA / "bedrock" / "session.json").read_text())["events"]
]
ALICE = Scope(tenant_id="acme", user_id="alice")


def recorded(name: str) -> bytes:
    return (DATA / "openai" / name).read_bytes()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with loopback_server() as fake:
        yield fake


@pytest.fixture
def waits() -> list[float]:
    return []


@pytest.fixture
def reasoner(server: FakeServer, waits: list[float]) -> OpenAICompatibleReasoner:
    return OpenAICompatibleReasoner(
        server.url, "qwen2.5-7b-instruct", api_key="local-key", timeout_s=10, sleep=waits.append
    )


def test_the_request_asks_for_the_candidate_schema_at_temperature_zero(
    reasoner: OpenAICompatibleReasoner, server: FakeServer
) -> None:
    server.answer(recorded("chat_extract.json"))

    reasoner.extract(SESSION, ALICE)

    [seen] = server.seen
    assert seen.path == "/v1/chat/completions"
    assert seen.headers["authorization"] == "Bearer local-key"
    assert seen.body["model"] == "qwen2.5-7b-instruct"
    assert seen.body["temperature"] == 0
    assert seen.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {
            "name": "record_candidates",
            "description": "Record the candidate memories of one session.",
            "schema": EXTRACTION_SCHEMA,
            "strict": True,
        },
    }
    system, user = seen.body["messages"]
    assert system == {"role": "system", "content": load_prompt("extract")}
    assert user["role"] == "user"
    assert all(f'<event id="{e.event_id}"' in user["content"] for e in SESSION)
    assert "hunter2" not in user["content"]


def test_the_answer_becomes_candidates_with_usage(
    reasoner: OpenAICompatibleReasoner, server: FakeServer
) -> None:
    server.answer(recorded("chat_extract.json"))

    extraction = reasoner.extract(SESSION, ALICE)

    by_key = {c.key: c for c in extraction.candidates}
    assert set(by_key) == {"acme-web.package_manager", "acme-web.ci", "acme-web.review_policy"}
    assert by_key["acme-web.ci"].evidence_refs == [EvidenceRef(session_id="s-42", event_id="e1")]
    poison = by_key["acme-web.review_policy"]  # the model said "user"; it rests on a README
    assert poison.source.kind is SourceKind.TOOL and poison.source.trust is Trust.UNTRUSTED
    assert extraction.usage == ReasonerUsage(calls=1, input_tokens=2250, output_tokens=348)


def test_a_decision_in_a_code_fence_is_read(reasoner: OpenAICompatibleReasoner, server: FakeServer) -> None:
    server.answer(recorded("chat_extract.json"))
    candidate = reasoner.extract(SESSION, ALICE).candidates[0]
    server.answer(recorded("chat_decide.json"))
    known = MemoryCard(
        memory_id="m-7",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.PREFERENCE,
        tenant_id="acme",
        user_id="alice",
        statement="Alice uses pnpm in acme-web.",
        evidence_refs=[EvidenceRef(session_id="s-1", event_id="e9")],
    )

    decision = reasoner.decide(candidate, [known])

    assert decision.action is MergeAction.NOOP and decision.target_id == "m-7"
    assert server.seen[1].body["response_format"]["json_schema"]["name"] == "record_decision"
    assert reasoner.total_usage == ReasonerUsage(calls=2, input_tokens=2250 + 980, output_tokens=348 + 41)


def test_429_is_retried_after_the_servers_retry_after(
    reasoner: OpenAICompatibleReasoner, server: FakeServer, waits: list[float]
) -> None:
    server.answer(b'{"error": {"message": "too many requests"}}', status=429, Retry_After="3")
    server.answer(recorded("chat_extract.json"))

    extraction = reasoner.extract(SESSION, ALICE)

    assert len(extraction.candidates) == 3
    assert len(server.seen) == 2
    assert len(waits) == 1 and waits[0] >= 3  # injected sleep: nobody waited


def test_a_server_that_keeps_failing_gives_up_after_max_attempts(
    reasoner: OpenAICompatibleReasoner, server: FakeServer, waits: list[float]
) -> None:
    for _ in range(3):
        server.answer(b'{"error": "model is loading"}', status=503)

    with pytest.raises(ReasonerError, match=r"after 3 attempts.*HTTP 503"):
        reasoner.extract(SESSION, ALICE)
    assert len(server.seen) == 3 and len(waits) == 2


def test_malformed_json_is_a_reasoner_error_and_not_retried(
    reasoner: OpenAICompatibleReasoner, server: FakeServer, waits: list[float]
) -> None:
    server.answer(recorded("chat_malformed.json"))

    with pytest.raises(ReasonerError, match="not JSON"):
        reasoner.extract(SESSION, ALICE)
    assert len(server.seen) == 1 and waits == []


def test_a_client_error_names_the_status_and_what_to_check(
    reasoner: OpenAICompatibleReasoner, server: FakeServer, waits: list[float]
) -> None:
    server.answer(b'{"error": {"message": "The model `qwen` does not exist."}}', status=404)

    with pytest.raises(ReasonerError, match=r"HTTP 404.*does not exist.*check base_url, model and api_key"):
        reasoner.extract(SESSION, ALICE)
    assert waits == []


def test_an_unreachable_server_is_retried_then_reported(waits: list[float]) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    reasoner = OpenAICompatibleReasoner(
        f"http://127.0.0.1:{port}/v1", "m", max_attempts=2, sleep=waits.append
    )

    with pytest.raises(ReasonerError, match="unreachable"):
        reasoner.extract(SESSION, ALICE)
    assert len(waits) == 1
