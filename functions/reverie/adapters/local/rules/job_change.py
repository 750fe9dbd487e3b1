"""A job change told as its two halves in one message: leaving one employer, starting at another.

People announce a new job by what they did and what comes next ("Handed in my notice at Arup today.
Starting at Atkins on 3 March", "I quit the bakery, I start at Greggs on Monday"), often with words of
another language around the English ("Nag-resign na ako sa Brightwell today ... Starting at Kestrel on the
3rd"). Neither half says "I work at ..." but together they say where the speaker will work: the start is a
statement of the employer slot (it supersedes the held employer, which history keeps), and the leaving is
the old side of that same change, no card of its own: kept beside the new employer it would show the old
one as if it still held.

Only a start at a place named by name ("starting at Kestrel Analytics", not "starting at 9", "starting at
the bottom") told in the same message as a leaving of the speaker's own (resigned, quit, left, handed in
the notice) is read so. A start alone ("I'm starting at Kestrel on Monday") is left to the slot rules.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.domain.models import MemoryType

_WEEKDAY_OR_MONTH = (
    r"(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|noon|midday|midnight)"
)
# The speaker "is starting at Kestrel Analytics", "starts at Greggs", "is joining Atkins", "will start a new
# job at Arup" (the statement opens with the speaker: "the course starts at Kew" is no job)
_START_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:(?:is|am|are)\s+(?:now\s+|also\s+)?(?:starting|joining)|starts?|joins?|"
    r"will\s+(?:start|join))\s+(?:(?:a\s+)?(?:new\s+)?(?:job|role|position|post|work)\s+)?(?:at|with)?\s*"
    r"(?:the\s+)?(?-i:[A-Z])(?!(?i:" + _WEEKDAY_OR_MONTH + r"))",
    re.I,
)
# A leaving of a place named by name or of a job: "resigned from Brightwell", "Nag-resign na ako sa
# Brightwell" (a borrowed verb in another language's form, a few of its words before the name), "quit
# Arup", "left my job", "handed in their notice" (never "left my keys at home").
_LEAVING_RE = re.compile(
    r"\b(?:resign(?:ed|ing)?\b(?:\s+[\w-]+){0,3}?\s+(?-i:[A-Z])|(?:quit|left|leaving)\s+(?:(?:my|our|his|her|their|[\w-]+'s)\s+job\b|"
    r"(?:the\s+)?(?-i:[A-Z]))|(?:hand(?:ed|ing)?|gave|giving|put)\s+(?:in\s+)?"
    r"(?:my|our|his|her|their|the\s+user's|[\w-]+'s)\s+notice\b)",
    re.I,
)


def _starts(text: str, who: Speaker) -> bool:
    found = _START_RE.match(text)
    return found is not None and found.group("who").lower() in (who.name.lower(), "the user", "i", "we")


def job_changes(kept: list[Statement], who: Speaker, said: str) -> tuple[list[Statement], list[Statement]]:
    """(kept, left out) of the statements of one message `said`: when it tells both halves of a job change,
    the start keyed as the speaker's employer and the leaving left out (see the module); else as they were.
    The leaving is looked for in the whole message: in a sentence of another language it may be no statement
    of its own ("aaj resign kar diya from Ostara")."""
    facts = [s for s in kept if s.type is MemoryType.FACT]
    start = next(
        (
            s
            for s in facts
            # (or the start already read as the employer from its first day: "From 2 March, ... works at Pellinor")
            if (_starts(s.text, who) or (s.valid_from is not None and s.key == f"{who.subject}.employer"))
            and not _LEAVING_RE.search(s.text)
        ),
        None,
    )
    if start is None or not _LEAVING_RE.search(said):
        return kept, []
    leaving = [s for s in facts if s is not start and _LEAVING_RE.search(s.text)]
    employer = f"{who.subject}.employer"
    out = [
        replace(s, key=s.key or employer) if s is start else s
        for s in kept
        if all(s is not gone for gone in leaving)
    ]
    return out, leaving
