"""Two sources named together as disagreeing, then their values in the same order: "Your GP record and the
pharmacy's last dispensing disagree (500 mg vs 850 mg)"; "The quote and the invoice don't match: £1,200 vs
£1,350"; "the lease and the agent's email differ — 12 months versus 6".

The sentence names both sources before the verb that says they disagree, and gives one value for each after
it, joined by "vs", "versus" or "against" (or "and", when the values are in brackets): the first value is the
first source's. Two sources and two values of one kind, or no such report (`disagreements` reads the other
shapes).
"""

from __future__ import annotations

import re

_DISAGREE = (
    r"(?:disagree|differ|conflict|clash|(?:don't|do\s+not|didn't|did\s+not)\s+(?:match|agree|tally|line\s+up)|"
    r"(?:are|were)\s+(?:different|inconsistent|out\s+of\s+step))"
)
_PAIRED_RE = re.compile(
    rf"^(?P<first>\S.*?)\s+(?:and|&)\s+(?P<second>\S.*?)\s+(?:(?:still|also|both|now|clearly)\s+)?{_DISAGREE}\b[^(:—–-]*?"
    r"(?:\(\s*(?P<bracketed>[^()]+)\)|\s*(?::|[—–-])\s*(?P<after>\S.*))\s*$",
    re.I,
)
_JOIN_RE = re.compile(r"\s+(?:vs\.?|versus|v\.?|against)\s+|\s*/\s*", re.I)
_BRACKET_JOIN_RE = re.compile(r"\s+(?:vs\.?|versus|v\.?|against|and)\s+|\s*[/;,]\s*", re.I)
MAX_SOURCE_WORDS = 6


def paired(sentence: str) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """((first source, its clause), (second source, its clause)) when `sentence` names two sources as
    disagreeing and then gives their values in order (see the module); None otherwise."""
    found = _PAIRED_RE.match(sentence.strip().rstrip(".!"))
    if found is None:
        return None
    sources = found.group("first").strip(), found.group("second").strip()
    if any(len(s.split()) > MAX_SOURCE_WORDS for s in sources):
        return None
    bracketed = found.group("bracketed")
    values = (_BRACKET_JOIN_RE if bracketed else _JOIN_RE).split((bracketed or found.group("after")).strip())
    if len(values) != 2 or not all(v.strip() for v in values):
        return None
    return (sources[0], values[0].strip()), (sources[1], values[1].strip())
