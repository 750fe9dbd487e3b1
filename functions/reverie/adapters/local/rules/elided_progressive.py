"""A progressive said without its "I'm": "starting at the new firm on Monday", "moving to Leeds in May",
"joining the choir as an alto". Chat drops the subject of a sentence about the speaker's own doings; a clause
that opens with a verb in "-ing" and goes on to a place, a firm or a person by name ("at Kestrel", "to
Leeds", "with Dr Ahmed") is such a sentence, and it is read as "I'm ...". Without a name after it ("Looking at
flats in town") it says what the speaker is busy with, no fact of where they are.

Not one: a gerund that is the subject of its own verb ("Running at night is calming", "Swimming in the lake
was cold"), a noun in "-ing" ("Wedding in June", "Morning at the park") and an "-ing" word with no place or
role after it ("Looking forward to it", "Thinking about it") or no name after it ("Looking at flats in Leith").
"""

from __future__ import annotations

import re

# Nouns in "-ing" that open a sentence without being anyone's doing.
_NOUNS_IN_ING = frozenset(
    """morning evening nothing something anything everything thing spring string ring king wedding building
    ceiling sibling pudding darling christening""".split()
)
_OPENING_RE = re.compile(
    r"^(?:(?:just|also|now|finally|officially|then|and|so) )*(?P<verb>[a-z]{3,}ing) "
    r"(?:back )?(?:at|to|in|on|with|for|as|from|into) (?:the )?(?-i:[A-Z0-9])",
    re.I,
)
# ... or goes on to something of theirs with a name in the clause: "doing my MSc at UCL atm", "training for my
# first marathon in Berlin"
_OWN_RE = re.compile(
    r"^(?:(?:just|also|now|finally|officially|then|and|so) )*(?P<verb>[a-z]{2,}ing) (?:for )?(?:my|our) "
    r"(?=[^,;:.]*(?-i:[A-Z][\w-]*))",
    re.I,
)
# A finite verb after the opening phrase makes the "-ing" word its subject: "Running at night is calming".
_FINITE_AFTER_RE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|makes|made|helps|helped|feels|felt)\b", re.I
)


def elided_progressive(text: str) -> bool:
    """Whether `text` is the speaker's own doing said without its "I'm" ("starting at Kestrel on the 3rd")."""
    opening = _OPENING_RE.match(text) or _OWN_RE.match(text)
    if opening is None or opening.group("verb").lower() in _NOUNS_IN_ING:
        return False
    first_clause = re.split(r"[,;:]", text, maxsplit=1)[0]
    return _FINITE_AFTER_RE.search(first_clause) is None
