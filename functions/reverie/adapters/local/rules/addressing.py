"""How the user wants to be addressed: "Call me James", "please don't call me Jim, it's James", "just call me
Jo, not Joanna". Said to an agent it reads as a request, yet it holds for every later session: a standing
preference, one value at a time ("<subject>.called"). "Call me when it's done" or "call me tomorrow" names no
one: a request for now.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType

_NAME = r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?"
_CALL_ME_RE = re.compile(
    # "..., not Joanna", "..., nobody calls me Zachary"
    rf"^(?:(?:please|pls|just|and)\s+)*call\s+me\s+(?P<name>{_NAME})"
    rf"(?:,?\s+(?:not|(?:nobody|no\s+one|no-one)\s+(?:\w+\s+)?calls\s+me)\s+(?P<not>{_NAME}))?"
    r"(?:\s+(?:please|pls|from\s+now\s+on|in\s+future))?\W*$",
    re.I,
)
_DONT_CALL_RE = re.compile(
    rf"^(?:(?:please|pls)\s+)?(?:don'?t|do\s+not|never)\s+call\s+me\s+(?P<not>{_NAME})\s*[,;.:-]\s*"
    rf"(?:it'?s|i'?m|call\s+me|my\s+name\s+is)\s+(?P<name>{_NAME})\W*$",
    re.I,
)
_NOT_NAMES = frozenset("when back later tomorrow tonight now asap today if once after before".split())


def called(text: str, who: Speaker) -> Statement | Drop | None:
    """The name the user asks to be called by, as a standing preference; None when `text` asks no such thing."""
    found = _CALL_ME_RE.match(text.strip()) or _DONT_CALL_RE.match(text.strip())
    if found is None or found.group("name").split()[0].lower() in _NOT_NAMES:
        return None
    denied = f", not {found.group('not')}" if found.group("not") else ""
    return as_statement(
        MemoryType.PREFERENCE,
        f"I prefer to be called {found.group('name')}{denied}",
        who,
        key=f"{who.subject}.called",
        subjective=True,
        short_ok=True,
    )
