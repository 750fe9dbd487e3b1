"""A recurring thing moved to another day or time: "PT's moved to Wednesdays at 6pm" after "Xav's PT session is
Tuesdays at 7am", "choir has changed to Thursday evenings" after "Ana sings in a choir on Mondays". The thing
the news names (every word of it) is the held card's, which gives it a day or a time; the news gives another,
so it replaces the card (latest wins). A card about something else that happens on a day is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeDecision

_WHEN = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2})"
_MOVED_RE = re.compile(
    r"^(?:(?:the|my|our)\s+|(?-i:[A-Z])[\w-]*'s\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:has\s+|have\s+)?"
    rf"(?:moved|changed|switched|gone)\s+to\s+(?P<when>[^.;]*\b{_WHEN}\b[^.;]*)",
    re.I,
)
_WHEN_RE = re.compile(rf"\b{_WHEN}\b", re.I)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.PLAN})


def day_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the thing the candidate moves its day or time (see the module)."""
    found = _MOVED_RE.match(candidate.statement.strip())
    if found is None or candidate.type not in _KINDS:
        return None
    thing = terms(found.group("thing"))
    new = {w.lower() for w in _WHEN_RE.findall(found.group("when"))}
    for card in cards:
        held = {w.lower() for w in _WHEN_RE.findall(card.statement)}
        if card.type in _KINDS and thing and thing <= terms(card.statement) and held and held != new:
            return replace(candidate, card, f"{card.memory_id} gives the day or time it is moved from")
    return None
