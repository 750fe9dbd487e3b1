"""A Strands agent with Reverie as its memory, offline: a fact learnt in one session is used in the next.

    python examples/strands_memory.py                 # a fresh local home in a temporary folder
    python examples/strands_memory.py --home .reverie # your local home
    python examples/strands_memory.py --url http://127.0.0.1:8080   # a running `reverie serve`

The model is scripted (no model service is called): it answers from what is in its input only, so the
second session's answer can come from nowhere but the memory Reverie injected. Swap `ScriptedModel()`
for `BedrockModel(...)` to run the same agent on Bedrock.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from strands import Agent
from strands.models.model import Model

from reverie_client import Reverie
from reverie_client.strands import ReverieMemory, text_of

DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
RULE = re.compile(rf"never deploy[^\n]*? on (?:a |an )?({DAYS})", re.IGNORECASE)


class ScriptedModel(Model):
    """A stand-in for a language model, for running offline: asked which day to avoid, it names the day
    a "never deploy ... on <day>" sentence in its latest input names (the user's words, or the memory
    block folded into them), else says it does not know; anything else it acknowledges."""

    def __init__(self) -> None:
        self.inputs: list[str] = []

    def update_config(self, **model_config: Any) -> None:
        pass

    def get_config(self) -> dict[str, Any]:
        return {}

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("the scripted model answers in text only")

    def reply(self, latest: str) -> str:
        if "which day" not in latest.lower():
            return "Noted."
        found = RULE.search(latest)
        if found is None:
            return "I don't know of a day to avoid."
        return f"Avoid {found.group(1).title()}: you never deploy the payments service then."

    async def stream(self, messages: Any, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        latest = text_of(messages[-1])
        self.inputs.append(latest)
        text = self.reply(latest)
        events: tuple[dict[str, Any], ...] = (
            {"messageStart": {"role": "assistant"}},
            {"contentBlockStart": {"start": {}}},
            {"contentBlockDelta": {"delta": {"text": text}}},
            {"contentBlockStop": {}},
            {"messageStop": {"stopReason": "end_turn"}},
        )
        for event in events:
            yield event


def session(reverie: Reverie, session_id: str, said: str) -> tuple[str, ReverieMemory, ScriptedModel]:
    """One session: the user says `said`, the agent answers; the session is then closed."""
    memory = ReverieMemory(reverie, user_id="alice", session_id=session_id)
    model = ScriptedModel()
    agent = Agent(model=model, plugins=[memory], callback_handler=None)
    answer = str(agent(said)).strip()
    memory.end_session("success")
    return answer, memory, model


def dream(reverie: Reverie, user_id: str) -> str:
    """Consolidate the user's sessions now (a dream), waiting for it to finish; its final status."""
    started = reverie.start_dream(user_id)
    status = str(started.status)
    while status == "running" and started.run_id is not None:
        time.sleep(0.2)
        status = str(reverie.dream_report(started.run_id, user_id=user_id).run.status)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Reverie (default: a local home, in-process)")
    parser.add_argument("--home", type=Path, help="the local home (default: a fresh temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            reverie = Reverie(args.url)
        else:
            from reverie.mcp.connect import local_client

            reverie = local_client(args.home or Path(tmp))
        with reverie:
            first, _, _ = session(
                reverie, "strands-1", "Please remember: I never deploy the payments service on a Friday."
            )
            print(
                f"session 1  user: I never deploy the payments service on a Friday.\n           agent: {first}"
            )
            print(f"dream: {dream(reverie, 'alice')}")
            second, memory, _ = session(reverie, "strands-2", "Which day should I avoid deploying payments?")
            print(
                f"session 2  user: Which day should I avoid deploying payments?\n           agent: {second}"
            )
            print(f"           (memory injected: {', '.join(memory.injected[0]) or 'none'})")
    return 0 if "Friday" in second else 1


if __name__ == "__main__":
    sys.exit(main())
