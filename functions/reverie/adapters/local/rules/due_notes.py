"""A note line giving when a thing is due, without a verb: "next state inspection due 09/15/2026", "passport
renewal due March 2027", "car tax due by 1 Oct". Typed as people keep notes, it still says what the thing's
due date is: kept as "The <thing> is due <when>."

The thing is a short noun phrase (no pronoun, no verb of being) and when it is due names a day, a month or a
year (a number or a month's name): "homework due soon" gives no date to keep.
"""

from __future__ import annotations

import re

from reverie.domain.text import MONTH_NAMES

_DUE_LINE_RE = re.compile(
    r"^(?:the\s+)?(?P<thing>[A-Za-z][\w'/-]*(?:\s+[\w'/-]+){0,5}?)\s+due\s+(?P<when>(?:on|by|in|before)?\s*\S.*)$",
    re.I,
)
_NOT_A_THING_RE = re.compile(
    r"\b(?:i|i'm|we|we're|you|he|she|they|it|it's|that|this|is|are|was|were|am|be|been|not|no)\b", re.I
)
_MONTHS = "|".join(m[:3] for m in MONTH_NAMES)
_A_DATE_RE = re.compile(rf"\d|\b(?:{_MONTHS})[a-z]*\b", re.I)


def due_line(sentence: str) -> str | None:
    """The line as a sentence saying when its thing is due ("The next state inspection is due
    09/15/2026."), or None when it is no such note (see the module docstring)."""
    found = _DUE_LINE_RE.match(sentence.strip().rstrip("."))
    if found is None:
        return None
    thing, when = found.group("thing"), found.group("when").strip()
    if _NOT_A_THING_RE.search(thing) or not _A_DATE_RE.search(when):
        return None
    return f"The {thing[:1].lower()}{thing[1:]} is due {when}."
