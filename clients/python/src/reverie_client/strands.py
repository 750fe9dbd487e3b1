"""Reverie as the memory of a Strands agent (`pip install 'reverie-client[strands]'`).

`ReverieMemory` is a Strands plugin: every turn the agent adds to its conversation is recorded in the
user's raw log (a `MessageAddedEvent` hook: text as messages, tool uses and their results as tool calls
and results, so a dream learns from a tool's failure too), and before each model call the memory block
for the latest user request is folded into the model's input by Strands' own `ContextInjector`
(ephemeral: it never enters the agent's history or session). `end_session()` closes the session, so
Reverie's dream consolidates it; the next session's agent is given what was learnt.

    memory = ReverieMemory(Reverie("http://127.0.0.1:8080"), user_id="alice", session_id="s-42")
    agent = Agent(model=..., plugins=[memory])
    agent("Never deploy payments on a Friday.")
    memory.end_session("success")
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Literal

from strands.hooks import MessageAddedEvent
from strands.injection import InjectionContext
from strands.plugins import Plugin, hook
from strands.vended_plugins.context_injector import ContextInjector

from reverie_client.client import Reverie

ROLES = ("user", "assistant")
_NOT_ID = re.compile(r"[^A-Za-z0-9._:@+-]")
MAX_TEXT = 32_000


def text_of(message: Any) -> str:
    """The text blocks of a Strands message, joined (tool calls and results carry no text block)."""
    return "\n".join(block["text"] for block in message.get("content", []) if block.get("text")).strip()


def last_user_text(messages: Any) -> str:
    return next((text_of(m) for m in reversed(messages) if m.get("role") == "user" and text_of(m)), "")


class ReverieMemory(Plugin):
    """Long-term memory for one user's sessions with a Strands agent (see the module's docstring).

    `budget_tokens` bounds the injected block; `trigger` is Strands' injection trigger ("everyTurn":
    every model call of a turn sees the memory, tool loops included; the block is fetched once per
    user request)."""

    name = "reverie:memory"

    def __init__(
        self,
        reverie: Reverie,
        user_id: str,
        session_id: str,
        *,
        budget_tokens: int = 800,
        trigger: Literal["userTurn", "everyTurn"] = "everyTurn",
    ) -> None:
        super().__init__()
        self.reverie, self.user_id, self.session_id = reverie, user_id, session_id
        self.budget_tokens = budget_tokens
        self.injected: list[list[str]] = []  # the memory ids each fetched block cited, in order
        self._cache: tuple[str, str | None] | None = None
        self._turns = 0
        self._tool_names: dict[str, str] = {}  # tool use id -> tool name (a result names only the use)
        self._injector = ContextInjector(self.memory_block, name="reverie:context", trigger=trigger)

    def init_agent(self, agent: Any) -> None:
        """Attach the context injection (Strands' ContextInjector on the model-input stage)."""
        self._injector.init_agent(agent)

    @hook  # type: ignore[call-overload]  # Strands types @hook for functions; it discovers methods too
    def record_turn(self, event: MessageAddedEvent) -> None:
        """Record one turn: its text as a message event, each tool use and result as a tool call and
        result. Ids come from the session, the turn's position and its content, so re-recording a turn
        stores it once."""
        self._turns += 1
        events = self.events_of(event.message)
        for item in events:
            content = json.dumps(item, sort_keys=True)
            digest = hashlib.sha256(f"{self.session_id}\x00{self._turns}\x00{content}".encode()).hexdigest()
            item["event_id"] = f"strands-{digest[:32]}"
        if events:
            self.reverie.append_events(self.user_id, self.session_id, events)

    def events_of(self, message: Any) -> list[dict[str, Any]]:
        """The API events of one Strands message (without ids)."""
        found: list[dict[str, Any]] = []
        role, text = message.get("role"), text_of(message)
        if role in ROLES and text:
            found.append({"kind": "message", "role": role, "text": text[:MAX_TEXT]})
        for block in message.get("content", []):
            if "toolUse" in block:
                use = block["toolUse"]
                self._tool_names[use["toolUseId"]] = use["name"]
                given = use.get("input")
                args = given if isinstance(given, dict) else {"input": given}
                call_id = _id(use["toolUseId"])
                found.append({"kind": "tool_call", "tool": use["name"], "args": args, "call_id": call_id})
            elif "toolResult" in block:
                result = block["toolResult"]
                ok = result.get("status") == "success"
                said = "\n".join(
                    c["text"] if "text" in c else json.dumps(c.get("json")) for c in result.get("content", [])
                )[:MAX_TEXT]
                tool = self._tool_names.get(result["toolUseId"], "unknown")
                found.append(
                    {"kind": "tool_result", "tool": tool, "call_id": _id(result["toolUseId"]), "ok": ok}
                    | ({"output": said} if ok else {"error": said or "failed"})
                )
        return found

    def memory_block(self, context: InjectionContext) -> str | None:
        """The memory block for the latest user request, wrapped for the model; None when nothing is
        remembered about it (nothing is injected)."""
        query = last_user_text(context.messages)
        if self._cache is None or self._cache[0] != query:
            found = self.reverie.context(self.user_id, query[:4_000], self.budget_tokens)
            self.injected.append(list(found.memory_ids))
            block = f"<memory>\n{found.context}\n</memory>" if found.memory_ids else None
            self._cache = (query, block)
        return self._cache[1]

    def end_session(self, outcome: Literal["success", "failure", "unknown"] = "unknown") -> None:
        """Close the session: Reverie queues it for dreaming (consolidation into lasting memories)."""
        self.reverie.end_session(self.user_id, self.session_id, outcome)


def _id(value: str) -> str:
    """A Strands tool-use id as the API's ids are written (letters, digits and ._:@+-)."""
    cleaned = _NOT_ID.sub("-", value).lstrip("._:@+-")[:128]
    return cleaned or hashlib.sha256(value.encode()).hexdigest()[:32]
