"""What the speaker's weeks are made of now, said with a bare "it's": "For now it's pool running 3x a week and
cycling", "these days it's swimming twice a week and yoga on Sundays".

"It" names nothing said before: it stands for what the speaker is doing, and what follows is the activities
(named by their -ing words) and how often. Kept as the speaker's routine, "for now" and all: it holds until
another replaces it. "It's raining every day" is the weather; "it's open 3 days a week" names no activity; a
question or a wish ("it's going to be yoga twice a week") is not what they do.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import finish, strip_emoji
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import salience
from reverie.domain.models import MemoryType

# "For now it's pool running 3x a week and cycling": the scope, "it's", the activities and how often.
_ROUTINE_RE = re.compile(
    r"^(?:(?P<scope>for\s+now|for\s+the\s+moment|these\s+days|at\s+the\s+moment|currently|right\s+now)[,\s]+)?"
    r"(?:it's|it\s+is)\s+(?!(?:going|gonna|got|been|getting|raining|snowing|pouring|drizzling|hailing|freezing|blowing)\b)"
    r"(?P<what>(?:[a-z][\w-]*\s+){0,2}?[a-z]{3,}ing\b[^.?!]*?\b(?:\d+\s*x|\d+\s+times|once|twice|three\s+times|"
    r"every|daily|weekly|nightly|each)\b[^.?!]*)[.!]*$",
    re.I,
)


def current_routine(sentence: str, who: Speaker) -> Statement | None:
    """The speaker's routine said as "(for now) it's <activities> <how often>", or None."""
    found = _ROUTINE_RE.match(strip_emoji(sentence).strip())
    if found is None:
        return None
    scope = f" {found.group('scope').lower()}" if found.group("scope") else ""
    what = found.group("what").strip(" ,;")
    text = finish(f"{who.name}'s routine{scope} is {what}")
    return Statement(type=MemoryType.FACT, text=text, salience=salience(MemoryType.FACT, text, who))
