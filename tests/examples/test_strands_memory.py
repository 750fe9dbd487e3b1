"""examples/strands_memory.py: a Strands agent with Reverie's plugin learns a fact in one session and uses
it in the next, offline (a scripted model that answers only from its input)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from reverie_client import Reverie

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
