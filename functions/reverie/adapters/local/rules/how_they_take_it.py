"""How someone has a thing they are known to drink, eat or like: "The user takes their tea with two sugars", "Lu
is a builder's tea person" after "Lu drinks a lot of tea"; "Dev has his coffee black" after "Dev loves coffee".
The new statement is a detail of the held taste, and the two fuse into one card.

Said of the same someone, with the thing (one word) named in the held card beside a verb of having or liking
it; "The user takes their car to work" after "The user drives a lot" names nothing held.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeDecision

_WHO = r"(?P<who>The user|(?-i:[A-Z])[\w-]*(?: (?-i:[A-Z])[\w-]*)?)"
# "takes their tea with two sugars", "has his coffee black", "likes her curry hot"; "is a builder's tea person"
_HOW_RE = re.compile(
    rf"^{_WHO} (?:(?:takes|has|drinks|likes|prefers|eats|wants) (?:their|his|her) (?P<thing>[a-z]+)\b(?! to\b)"
    r"|is an? (?:[\w'-]+ ){0,2}?(?P<kind>[a-z]+) person\b)"
)
_HELD_TASTE_RE = re.compile(
    r"\b(?:drinks?|eats?|loves?|likes?|enjoys?|adores?|prefers?|has|have|is into|lives on|gets through)\b",
    re.I,
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


def how_they_take_it(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held taste of the same someone for the thing the candidate says how they have (see the module)."""
    found = _HOW_RE.match(candidate.statement)
    if candidate.type not in _KINDS or found is None:
        return None
    thing = stem(found.group("thing") or found.group("kind"))
    who = found.group("who")
    held = [
        c
        for c in cards
        if c.type in _KINDS
        and c.statement.startswith(f"{who} ")
        and _HELD_TASTE_RE.search(c.statement)
        and thing in terms(c.statement)
    ]
    if len(held) != 1:
        return None
    card = held[0]
    return fused(candidate, card, join(card.statement, candidate.statement), "how they have what it tells of")
