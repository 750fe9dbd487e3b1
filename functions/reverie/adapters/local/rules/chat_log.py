"""A line of a chat log the user pasted: "[04/03/2026, 21:14] Dev: reminder lads rehearsal is weds 7pm",
"12/05/2026, 08:02 - Mum: flight lands at 6", "[21:14] Priya: running late".

An exported or copied chat puts a time stamp and a speaker's name in front of each line. What follows is what
that person said then, to other people, not what the user tells their agent now: read as the user's own
statement, "Dev: reminder lads ... like always" becomes a habit of the user's and garbles a card. The user
pasting the log says what they want of it in their own words around it ("pasting this so you've got it").
"""

from __future__ import annotations

import re

# A date ("04/03/2026", "4.3.26", "2026-03-04") and a time, or a time alone, bracketed or followed by a dash,
# then a name of up to four words and a colon.
_STAMP = r"(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
_CHAT_LINE_RE = re.compile(
    r"^\s*(?:\[" + _STAMP + r"\]\s*(?:-\s*)?|" + _STAMP + r"\s+-\s+)"
    r"(?P<who>[^\s:][^:\n]{0,40}?):\s",
    re.IGNORECASE,
)


def chat_line(line: str) -> str | None:
    """The name of who said `line` when it is a line of a pasted chat log, else None."""
    found = _CHAT_LINE_RE.match(line)
    return found.group("who").strip() if found else None


def without_chat_lines(text: str) -> tuple[str, list[str]]:
    """(`text` without the lines of a pasted chat log, those lines): the rest is what the user says."""
    kept: list[str] = []
    pasted: list[str] = []
    for line in text.split("\n"):
        (pasted if chat_line(line) else kept).append(line)
    return ("\n".join(kept), [line.strip() for line in pasted]) if pasted else (text, [])
