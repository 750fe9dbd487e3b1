"""A clause about a thing the same sentence named earlier: "the van's MOT is due in March, my mechanic is Gary,
and the van takes 5W-30" — "the van" there is the van named first, not something of the mechanic's.

After a clause of the speaker's, a definite subject may point back at it ("I live in Porto, and the rent is
cheap": the rent of where they live), so `clauses` keeps the two together. When the thing was named in a
statement the sentence already set apart, the definite article points at that thing instead: the clause is
a statement of its own about it.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity
from reverie.adapters.local.rules.thing_patterns import ABOUT_A_THING_RE

# "the van takes ...", "that boiler is ...": the first word of a definite subject.
_DEFINITE_HEAD_RE = re.compile(r"^(?:the|this|that|these|those)\s+(?P<head>[a-z][\w-]{2,})\b", re.I)


def named_earlier(earlier: list[str], clause: str) -> bool:
    """`clause` states something of its own about a thing one of the `earlier` statements (already set
    apart from the same sentence) named."""
    found = _DEFINITE_HEAD_RE.match(clause)
    if found is None or not ABOUT_A_THING_RE.match(clause) or specificity(clause) < SPECIFIC_ENOUGH:
        return False
    named = re.compile(rf"\b{re.escape(found.group('head'))}(?:'s)?\b", re.I)
    return any(named.search(statement) for statement in earlier)
