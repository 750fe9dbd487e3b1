"""A statement asked as a question only for agreement: "you know I moved to Ghent, right?", "I told you
I'm off dairy now, didn't I?", "we switched to the Tuesday class, yeah?". The speaker asserts the clause and
asks only that the listener knows it: the clause is the statement. A real question ("you know where I left
my keys?", "did I move the meeting?") asks what it does not say, and stays a question."""

from __future__ import annotations

import re

# the speaker's own clause: a first-person subject and more than the subject
_CLAUSE = r"(?P<clause>(?:I|I'm|I've|I'd|we|we're|we've|my|our)\b[^?]{3,}?)"
_OPENING = r"(?:(?:so|oh|and|but|well)\s+)?(?:you\s+know|y'know|remember|as\s+you\s+know|I\s+told\s+you)(?:\s+that)?\s+"
_TAG = (
    r",?\s*(?:right|yeah|yes|yea|innit|no|eh|remember|you\s+know|"
    r"didn't\s+I|haven't\s+I|wasn't\s+I|don't\s+I|aren't\s+I|did\s+I\s+not)\s*\?+$"
)
_OPENED_RE = re.compile(rf"^{_OPENING}{_CLAUSE}(?:{_TAG}|\s*\?+$)", re.I)
_TAGGED_RE = re.compile(rf"^{_CLAUSE}{_TAG}", re.I)


def asserted(sentence: str) -> str:
    """`sentence` as the statement it asserts when it is a statement asked for agreement ("I moved to
    Ghent."), else `sentence` unchanged."""
    text = sentence.strip()
    found = _OPENED_RE.match(text) or _TAGGED_RE.match(text)
    if found is None:
        return sentence
    clause = found.group("clause").strip().rstrip(",")
    return f"{clause[0].upper()}{clause[1:]}."
