"""Everything moved to another place named by a code: "We've moved everything to eu-central-1" after "Our
services run in eu-west-1", "migrated all our buckets to us-east-2". The statement names no thing of the held
card's, only where all of it went; the held card naming one code of the same shape (letters, then a dash,
letters, a dash and a digit: a region, a zone, a cluster's name) is where it was, and takes the new code in its
place. A code of another shape ("v2", "PAY-123") is another kind of thing, and two cards naming codes of the
shape leave it undecided.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

# A code of parts joined by dashes, one with a digit: "eu-west-1", "us-central1-a", "prod-cluster-2".
_CODE = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
_CODE_RE = re.compile(rf"(?<![\w.-])(?=[\w-]*\d){_CODE}(?![\w-])", re.I)
_EVERYTHING_MOVED_RE = re.compile(
    r"\b(?:moved|migrated|switched|shifted|transferred)\s+(?:everything|it\s+all|all\s+of\s+it|all\s+(?:of\s+)?"
    rf"(?:our|my|the)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:over\s+)?(?:to|into)\s+(?P<code>{_CODE})\b",
    re.I,
)


def _shape(code: str) -> str:
    """The code's letters as "a" and digits as "9", each run one ("eu-west-1" → "a-a-9")."""
    return re.sub(r"9+", "9", re.sub(r"a+", "a", re.sub(r"\d", "9", re.sub(r"[a-z]", "a", code.lower()))))


def moved_everything(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming a code of the shape everything moved to (see the module), with the new one."""
    found = _EVERYTHING_MOVED_RE.search(candidate.statement)
    if found is None:
        return None
    new = found.group("code")
    held = [
        (card, codes[0])
        for card in cards
        if len(codes := [c for c in _CODE_RE.findall(card.statement) if _shape(c) == _shape(new)]) == 1
        and codes[0].lower() != new.lower()
    ]
    if len(held) != 1:
        return None
    card, old = held[0]
    return replace_with(
        candidate, card, f"everything moved from {old} to {new}", card.statement.replace(old, new)
    )
