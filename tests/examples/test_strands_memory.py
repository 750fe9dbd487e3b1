"""examples/strands_memory.py: a Strands agent with Reverie's plugin learns a fact in one session and uses
it in the next, offline (a scripted model that answers only from its input)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from strands import Agent, tool
from strands.models.model import Model

from reverie_client import Reverie
from reverie_client.strands import ReverieMemory

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "strands_memory.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strands_memory", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_fact_from_one_session_answers_the_next(
    service_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # WHEN the example runs against a Reverie service (two sessions and a dream between them)
    assert example().main(["--url", service_url]) == 0
    out = capsys.readouterr().out
    # THEN the second session's answer names the day learnt in the first, from an injected memory
    assert "agent: Avoid Friday" in out
    assert "memory injected: none" not in out


def test_without_the_first_session_the_agent_does_not_know(service_url: str) -> None:
    # GIVEN a user with no history: the same question, the same scripted model
    ex = example()
    with Reverie(service_url) as reverie:
        answer, memory, model = ex.session(reverie, "s-only", "Which day should I avoid deploying payments?")
        recorded = reverie.session_events("alice", "s-only")
    # THEN nothing was injected and it cannot answer; the turns were recorded all the same
    assert answer == "I don't know of a day to avoid."
    assert memory.injected == [[]] and "<memory>" not in model.inputs[0]
    assert [e["role"] for e in recorded.events if e["kind"] == "message"] == ["user", "assistant"]


def test_the_example_runs_as_a_script_on_a_fresh_local_home() -> None:
    # the way a reader runs it: the embedded backends in a temporary folder, the real MiniLM embedder
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "agent: Avoid Friday" in done.stdout


class ToolCallingModel(Model):
    """Scripted: asks for the `deploy` tool first, then reports what the tool said."""

    def update_config(self, **model_config: Any) -> None:
        pass

    def get_config(self) -> dict[str, Any]:
        return {}

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def stream(self, messages: Any, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        answered = any("toolResult" in block for block in messages[-1]["content"])
        events: list[dict[str, Any]] = [{"messageStart": {"role": "assistant"}}]
        if answered:
            events += [
                {"contentBlockStart": {"start": {}}},
                {"contentBlockDelta": {"delta": {"text": "The deploy failed."}}},
                {"contentBlockStop": {}},
                {"messageStop": {"stopReason": "end_turn"}},
            ]
        else:
            events += [
                {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "tooluse_Ab1", "name": "deploy"}}}},
                {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"service": "payments"}'}}}},
                {"contentBlockStop": {}},
                {"messageStop": {"stopReason": "tool_use"}},
            ]
        for event in events:
            yield event


@tool
def deploy(service: str) -> str:
    """Deploy a service."""
    raise RuntimeError(f"{service}: migration 0042 missing")


def test_tool_uses_and_their_failures_are_recorded_with_the_turns(service_url: str) -> None:
    # GIVEN an agent whose tool fails
    with Reverie(service_url) as reverie:
        memory = ReverieMemory(reverie, user_id="erin", session_id="s-tools")
        agent = Agent(model=ToolCallingModel(), tools=[deploy], plugins=[memory], callback_handler=None)
        # WHEN it is asked to deploy
        answer = str(agent("Deploy payments")).strip()
        recorded = reverie.session_events("erin", "s-tools").events
    # THEN the session holds the request, the call, the failure with its error, and the answer, in order
    assert answer == "The deploy failed."
    assert [e["kind"] for e in recorded] == ["message", "tool_call", "tool_result", "message"]
    call, result = recorded[1], recorded[2]
    assert (
        call["tool"] == "deploy"
        and call["args"] == {"service": "payments"}
        and call["call_id"] == "tooluse_Ab1"
    )
    assert (
        result["tool"] == "deploy" and result["ok"] is False and "migration 0042 missing" in result["error"]
    )
