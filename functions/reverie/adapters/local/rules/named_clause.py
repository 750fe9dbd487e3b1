"""A clause about someone named, after a clause of the speaker's own: "my second oven man is sick, and Musa
has increased flour to 41,500 per bag" states two ideas. The second opens with a name (capitalised in the
middle of a sentence) and its verb, and says enough on its own; "Ana and I moved", "Tom's team" or "Ana is
nice" are not split off, and neither is a claim someone is reported to make ("my aunt texted 14/06 but
Uncle Dev swears it's 21/06"): the rules for relayed and disputed values read that sentence whole.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.reported import relayed
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity

# A name and a finite verb: "Musa has increased", "Priya moved", "Dimitri lowered", "Ola is".
_NAMED_CLAUSE_RE = re.compile(
    r"^(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s+"
    r"(?:(?:has|have|had|is|was|will|just)\s+)?(?:is|was|has|had|[a-z]{2,}ed|[a-z]{2,}s)\b"
)
_NOT_NAMES = frozenset("I The This That These Those It He She They We You My Our Your His Her Their".split())


def named_clause(right: str) -> bool:
    """`right` is a statement of its own about someone named (see the module docstring)."""
    found = _NAMED_CLAUSE_RE.match(right)
    if found is None or right.split()[0] in _NOT_NAMES or relayed(right) is not None:
        return False
    return specificity(right) > SPECIFIC_ENOUGH
