"""A statement scoped to the occasion it is said on: "just for this reply", "for this email only", "just this
once", "for now", "today, skip the summary". It holds for the occasion only, so it is never a memory: the rule
reasoner leaves it in the raw log, and recall leaves such a sentence out of a quote of the turn it was said in
(another card citing that turn must not bring it back). Pure text rules.

A scope that outlives the occasion is not one: a period ("this week only": see `domain.validity`, which dates
it) or a lasting thing ("for this project only, use tabs").
"""

from __future__ import annotations

import re

from reverie.domain.validity import PERIODS

# Scopes that outlive the occasion: "for this project only, use tabs" is a lasting rule, not a one-off.
LASTING_SCOPES = frozenset(
    "project repo repository codebase team client customer account company org organisation organization "
    "service app product workspace".split()
)
_ONE_OFF_RE = re.compile(
    # "just for this reply", "only this once", "just 4 this trip" (chat's "4")
    r"\b(?:just|only)\s+(?:(?:for|4)\s+)?this\s+(?P<a>[a-z]+)"
    r"|\b(?:for|4)\s+this\s+(?P<b>[a-z]+)(?:\s+[a-z]+)?\s+only\b"  # "for this email only"
    r"|\bthis\s+(?P<c>[a-z]+)\s+only\b"  # "this time only" ("this week only" is a period: see domain.validity)
    r"|\b(?:just\s+|only\s+)?for\s+(?:now|today|tonight|the\s+moment)\b|\b(?:today|tonight)\s+only\b"
    # "Today, skip the summary": a day's request (a first-person statement about today is not one).
    r"|^(?:today|tonight|this\s+(?:morning|afternoon|evening))\b,?\s+(?!(?:i|i'm|i've|we|we're|my|our)\b)"
    # "Today I'd like the summary in Spanish": what one wants today, asked for today
    r"|^(?:today|tonight|this\s+(?:morning|afternoon|evening))\b,?\s+(?:i'd|i\s+would|we'd|we\s+would|"
    r"i\s+want|we\s+want|i\s+need|we\s+need|let's)\b",
    re.I,
)


def for_the_occasion(text: str) -> bool:
    """Whether `text` (its opening interjections already stripped) is scoped to the occasion it is said on."""
    for match in _ONE_OFF_RE.finditer(text.strip()):
        scope = (match.group("a") or match.group("b") or match.group("c") or "").lower()
        if scope not in PERIODS and scope not in LASTING_SCOPES:
            return True
    return False
