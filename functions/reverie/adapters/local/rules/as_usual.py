"""What a request said "as usual" asks for good: "Write a fetch wrapper with retries, in TypeScript as usual" asks
only for the manner it ends with ("... always wants it in TypeScript"), not for another fetch wrapper; "Book the usual
table at Zizzi, as usual" is a task the agent does each time; "Oat milk in mine, as usual" is a thing wanted.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.named_notes import base_verb
from reverie.adapters.local.rules.statement_types import Speaker
from reverie.adapters.local.rules.verb_forms import IRREGULAR_BASE

# How the task asked for is to be done, said last: "..., in TypeScript", "... with metric units", "... using pnpm".
_MANNER_RE = re.compile(r"(?:,\s*|\s+)(?P<how>(?:in|with|using|via|on)\s+[^,;]+)$", re.I)


def _imperative(words: list[str]) -> bool:
    """A request opening with a verb's plain form and its object: "book the ...", "write a ...", "send it ..."
    ("window seat as usual" is a thing wanted: no object follows)."""
    verb, after = words[0].lower(), (words[1].lower() if len(words) > 1 else "")
    return (base_verb(verb) or verb in IRREGULAR_BASE) and after in _OBJECT_OPENERS


_OBJECT_OPENERS = frozenset(
    "a an the my our your his her their it them me us this that these those some".split()
)


def wanted_as_always(wanted: str, who: Speaker) -> str:
    """What the speaker always wants, said with "as usual": a request for a task ("Write a fetch wrapper with
    retries, in TypeScript as usual") asks, for good, only for the manner it ends with ("... always wants it in
    TypeScript"); a task with no such manner is for the agent to do ("... always wants the agent to book the usual
    table"); anything else as said ("... always wants oat milk")."""
    if not _imperative(wanted.split()):
        return f"{who.name} always wants {wanted[:1].lower()}{wanted[1:]}"
    manner = _MANNER_RE.search(wanted)
    if manner:
        return f"{who.name} always wants it {manner.group('how')}"
    return f"{who.name} always wants the agent to {wanted[:1].lower()}{wanted[1:]}"
