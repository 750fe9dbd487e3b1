"""Tool errors as condition–action–outcome: a failure, what was done next, and the success it led to."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reverie.adapters.local.rules.language import compress, finish
from reverie.adapters.local.rules.patterns import INJECTION_RE
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent
from reverie.domain.guards import mask_secrets

MAX_CONDITION_CHARS = 120
MAX_ARG_CHARS = 60
MAX_STEPS = 4  # tools named in an action; more are counted
_PARENTHETICAL_RE = re.compile(r"\s*\([^)]*\)")
_ERROR_PREFIX_RE = re.compile(r"^(?:error|err|fatal|exception)[:!]\s*", re.I)
_KEY_PART_RE = re.compile(r"[^a-z0-9_.-]+")
_KEY_WORD_RE = re.compile(r"[a-z][a-z-]+")
_TOKEN_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def _is_keyword(token: str) -> bool:  # SQL and shell keywords (WHERE, ORDER) say nothing about the fix
    return token.isupper() and token.isalpha()


@dataclass(frozen=True)
class Procedure:
    tool: str
    condition: str
    action: str
    outcome: str
    statement: str
    key: str
    evidence: list[Event]
    untrusted: bool  # the error text itself reads like an instruction


@dataclass(frozen=True)
class Failure:
    tool: str
    condition: str
    statement: str
    key: str
    evidence: list[ToolResultEvent]


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def short_error(result: ToolResultEvent) -> str:
    """The error in a short phrase: its first lines, without parentheticals, masked."""
    lines = [
        line.strip() for line in (result.error or result.output or "failed").splitlines() if line.strip()
    ]
    text = "; ".join(lines[:2]) if lines else "failed"
    text = _ERROR_PREFIX_RE.sub("", _PARENTHETICAL_RE.sub("", text))
    return _cut(mask_secrets(text).text, MAX_CONDITION_CHARS)


def _key_part(text: str, words: int = 4) -> str:
    parts = [w for w in _KEY_WORD_RE.findall(text.lower()) if len(w) > 2][:words]
    return "-".join(parts).strip("-") or "error"


def _tool_key(tool: str) -> str:
    return _KEY_PART_RE.sub("-", tool.lower()).strip("-")[:80] or "tool"


def _value(value: Any) -> str:
    return _cut(mask_secrets(str(value)).text, MAX_ARG_CHARS)


def _change(name: str, old: Any, new: Any) -> str:
    """`depart=2026-12-12`; for long text (a query, a script) the words it gained:
    `sql using net_revenue_usd`."""
    if isinstance(old, str) and isinstance(new, str) and len(new) > MAX_ARG_CHARS:
        before = set(_TOKEN_RE.findall(old))
        gained = list(
            dict.fromkeys(
                t for t in _TOKEN_RE.findall(new) if t not in before and len(t) > 2 and not _is_keyword(t)
            )
        )
        if gained:
            return f"{name} using {_value(', '.join(gained[:4]))}"
    return f"{name}={_value(new)}"


def _arg_changes(before: ToolCallEvent | None, after: ToolCallEvent | None) -> list[str]:
    if after is None:
        return []
    old = before.args if before is not None else {}
    return [_change(k, old.get(k), v) for k, v in after.args.items() if old.get(k) != v][:3]


def _call_for(events: Sequence[Event], result: ToolResultEvent, upto: int) -> ToolCallEvent | None:
    """The call a result answers: by call id, else the last call of the same tool before it."""
    for event in reversed(events[:upto]):
        if (
            isinstance(event, ToolCallEvent)
            and event.tool == result.tool
            and (result.call_id is None or event.call_id is None or event.call_id == result.call_id)
        ):
            return event
    return None


def build_procedure(events: Sequence[Event], failures: list[int], success_index: int, tool: str) -> Procedure:
    """The procedure learnt from failures of `tool` (indexes into `events`) and its later success."""
    last = failures[-1]
    failed = events[last]
    success = events[success_index]
    assert isinstance(failed, ToolResultEvent) and isinstance(success, ToolResultEvent)
    between = events[last + 1 : success_index]
    steps: list[str] = []
    used: list[Event] = []
    for event in between:
        if isinstance(event, ToolCallEvent) and event.tool != tool:
            if event.tool not in steps:
                steps.append(event.tool)
            used.append(event)
        elif isinstance(event, ToolResultEvent) and event.tool != tool:
            used.append(event)
    retry = _call_for(events, success, success_index)
    changes = _arg_changes(_call_for(events, failed, last), retry)
    if retry is not None and retry not in used:
        used.append(retry)
    retry_phrase = f"retry {tool} with {', '.join(changes)}" if changes else f"retry {tool}"
    if not steps and not changes:
        said = [e for e in between if isinstance(e, MessageEvent) and e.role == "assistant" and e.text]
        if said:
            retry_phrase = f"{_cut(compress(said[-1].text), 80).rstrip('.')}, then {retry_phrase}"
    if len(steps) > MAX_STEPS:
        steps = [*steps[:MAX_STEPS], f"{len(steps) - MAX_STEPS} more tools"]
    action = ", then ".join([*steps, retry_phrase])
    condition = short_error(failed)
    outcome = f"{tool} succeeded"
    statement = finish(f'When {tool} fails with "{condition}": {action}')
    evidence = [events[i] for i in failures] + used + [success]
    untrusted = any(INJECTION_RE.search(e.error or "") for e in evidence if isinstance(e, ToolResultEvent))
    return Procedure(
        tool=tool,
        condition=condition,
        action=action,
        outcome=outcome,
        statement=statement,
        key=f"procedure.{_tool_key(tool)}.{_key_part(condition)}",
        evidence=evidence,
        untrusted=untrusted,
    )


def build_failure(results: list[ToolResultEvent]) -> Failure:
    """A failure with no later success: a low-confidence fact about what went wrong."""
    last = results[-1]
    condition = short_error(last)
    times = f" ({len(results)} times)" if len(results) > 1 else ""
    return Failure(
        tool=last.tool,
        condition=condition,
        statement=finish(f"{last.tool} failed{times}: {condition}"),
        key=f"failure.{_tool_key(last.tool)}.{_key_part(condition)}",
        evidence=results,
    )
