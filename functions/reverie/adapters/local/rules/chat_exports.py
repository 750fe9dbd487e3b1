"""A chat export the user hands over to be kept: "Pasting the host's messages so you have the details:" over
"[28/09/26, 14:02] Min-jun (Host): The apartment is in Mapo-gu ...", "[...] Min-jun (Host): Check-out is
11:00 on 3 October".

A pasted chat is what its people said to one another, not what the user tells their agent (`chat_log`
keeps it out of the user's own statements). When the user's own words around it hand it over ("so you have
the details", "so we don't lose it", "for reference", "keep this"), its lines are news the user now holds: each
is read as a message between people, by the one who wrote it, so that what it states is kept with who said
it, one point a line, and a line carrying a secret costs only its secret (the rest of the chat is read).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.chat_lines import chat_line as written_line
from reverie.adapters.local.rules.chat_log import chat_line

# The user handing the paste over: "so you have/'ve got the details", "so we don't lose it", "for reference",
# "keep/save/remember this", "for your records".
_HANDED_OVER_RE = re.compile(
    r"\bso\s+(?:you|u)\s+(?:have|'ve\s+got|has|know|can\s+(?:see|keep|remember|refer))\b"
    r"|\bso\s+(?:we|i)\s+(?:don'?t|do\s+not|won'?t)\s+(?:lose|forget)\b"
    r"|\bfor\s+(?:reference|future\s+reference|your\s+records|my\s+records|the\s+record|safe\s*keeping)\b"
    r"|\b(?:keep|save|store|remember|note)\s+(?:this|these|it|them)\b"
    r"|\b(?:here\s+are|these\s+are)\s+the\s+details\b",
    re.I,
)


def handed_over_chat(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """(the user's own words, each pasted line as (who wrote it, what they wrote)) when `text` pastes a chat
    the user hands over to be kept; None when it pastes none or does not hand it over."""
    own: list[str] = []
    lines: list[tuple[str, str]] = []
    for line in text.split("\n"):
        written = written_line(line) if chat_line(line) else None
        if written is None:
            own.append(line)
        else:
            lines.append(written)
    said = "\n".join(own)
    if not lines or not _HANDED_OVER_RE.search(said):
        return None
    return said, lines
