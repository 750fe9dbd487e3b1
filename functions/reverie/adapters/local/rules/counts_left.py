"""How many one has left, said as "down to": "A fox got one of the chickens, so we're down to two", "we're down to
three hens", "we've only got two now". Read alone, "we're down to two" says two of nothing; the things counted are those the sentence
named just before ("the chickens"), or those it names itself. Written out as what one has now ("we have two
chickens now"), it is a count the rules know, so it replaces the count held ("has three chickens").

Only the speaker's own ("I'm", "we're"), only a number, and only things named in the plural.
"""

from __future__ import annotations

import re

_NUMBER = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,3})"
_DOWN_TO_RE = re.compile(
    # the things, named before in the same sentence: "one of the chickens", "our hens"
    r"(?:(?P<before>\b(?:the|our|my)\s+(?P<named>[a-z]+s)\b[^.!?;]*?)[,;]?\s+(?:so\s+|and\s+)?)?"
    r"\b(?:(?P<who>we(?:'re|\s+are)|i(?:'m|\s+am))\s+(?:now\s+|only\s+)*down\s+to\s+(?:just\s+|only\s+)?"
    # ... or "we've only got two now", "I've just two left" (a count with nothing counted, then "now" or "left")
    r"|(?P<has>we(?:'ve|\s+have)|i(?:'ve|\s+have))\s+(?:now\s+)?(?:only\s+|just\s+)?(?:got\s+)?(?:only\s+|just\s+)?"
    rf"(?=(?:{_NUMBER})\s+(?:now|left)\b))"
    rf"(?P<n>{_NUMBER})(?:\s+(?P<what>[a-z]+s))?\b(?!\s+(?:the|a|an|my|our)\b)(?:\s+(?:now|left)\b)?",
    re.I,
)


def with_counts_left(text: str) -> str:
    """`text` with "we're down to N" said as "we have N <things> now" (see the module)."""

    def said(found: re.Match[str]) -> str:
        what = found.group("what") or found.group("named")
        if what is None:
            return found.group(0)
        who = found.group("who") or found.group("has")
        has = ("We" if who[:1].isupper() or found.group("before") else "we") if who[:1] in "wW" else "I"
        before = f"{found.group('before')}. " if found.group("before") else ""
        return f"{before}{has} have {found.group('n')} {what} now"

    return _DOWN_TO_RE.sub(said, text)
