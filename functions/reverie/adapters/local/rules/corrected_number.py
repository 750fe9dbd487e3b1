"""A number put right in other words: "Correction, the API's local port is 3000" after "The API runs on port 8080
locally" (never an event, which happened as well). Only a correction: a fact with another number may be another
thing of the kind ("owns record number 7" beside "number 3"). The correction and the held card name the same thing (a word beside the number, "port", and another
word of what it is about, "API") with another number; worded differently, they share too few words for the
general rules to call them one statement. The one held card naming that thing with its own number is the one
put right; two such cards leave it undecided (which one is meant is not known).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import event
from reverie.adapters.local.rules.verdicts import replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeDecision

# A number and the word naming what it counts, either side of it: "port 8080", "3000 users", "port is 3000".
_NUMBER_RE = re.compile(
    r"(?:(?P<before>[A-Za-z]+)\s+(?:is\s+|of\s+|=\s*)?)?(?P<n>\d+(?:[.,:]\d+)*)(?:\s+(?P<after>[A-Za-z]+))?"
)


_KINDS = frozenset({MemoryType.CORRECTION})


def _numbered(statement: str) -> dict[str, frozenset[str]]:
    """Each number of `statement`, with the content words beside it (stemmed: "port", not "at")."""
    return {
        m.group("n"): terms(" ".join(w for w in (m.group("before"), m.group("after")) if w))
        for m in _NUMBER_RE.finditer(statement)
    }


def corrected_number(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming the thing the correction gives a new number to (see the module)."""
    if (
        candidate.type not in _KINDS
        or event(candidate.statement)
        or len(mine := _numbered(candidate.statement)) != 1
    ):
        return None
    ((number, beside),) = mine.items()
    about = terms(candidate.statement) - beside - {number, stem("user")}  # what it is of, not whose
    held: list[tuple[MemoryCard, str]] = []
    for card in cards:
        theirs = _numbered(card.statement)
        if len(theirs) != 1 or number in theirs or event(card.statement):
            continue
        ((_, their_beside),) = theirs.items()
        # what it is about in common, or, named by a pronoun ("her birthday is ..."), two words beside the number
        if beside & their_beside and (
            about & terms(card.statement) or (not about and len(beside & their_beside) > 1)
        ):
            held.append((card, next(iter(theirs))))
    if len(held) != 1:
        return None
    card, old = held[0]
    statement = re.sub(rf"(?<![\d.,:]){re.escape(old)}(?![\d.,:]*\d)", number, card.statement, count=1)
    return replace_with(candidate, card, f"puts right the number {card.memory_id} gives", statement)
