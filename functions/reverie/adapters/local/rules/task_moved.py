"""A household task taken over by someone else: "My husband does the school run now" after "I do the school run
every morning" says who does it now, and the card saying the user does it is no longer so (latest wins).

The news says someone does a task named with "the" ("the school run", "the bins", "the food shop") and that this is
new ("now", "these days", "instead", "from now on", or "has taken over the school run"); the held fact says someone else does the same task, in the same
words. None, or two such cards, and it is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

_DOES_RE = re.compile(
    r"^(?P<who>.+?)(?:\s+|(?=['’]s\s+taken))(?:does|do|handles|takes\s+care\s+of|is\s+doing|are\s+doing|"
    # ... or has taken it over: "my partner's taken over the school run"
    r"(?P<over>(?:has|have|'s|’s|'ve)\s+taken\s+over|took\s+over|is\s+taking\s+over|takes\s+over))\s+"
    r"(?P<task>the\s+[a-z][a-z -]{2,40}?)(?=\s+(?:now|these\s+days|instead|from\s+now\s+on|every|on|at|in|since|for|because|while|so)\b|[,.;!]|$)",
    re.I,
)
_NEW_RE = re.compile(r"\b(?:now|these\s+days|instead|from\s+now\s+on)\b", re.I)


def task_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact saying someone else does the task the candidate says another now does (see the module)."""
    found = _DOES_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    if not (found.group("over") or _NEW_RE.search(candidate.statement)):  # taking over is new in itself
        return None
    who, task = found.group("who").lower(), found.group("task").lower()
    held = [
        card
        for card in cards
        if card.type is MemoryType.FACT
        and (theirs := _DOES_RE.match(card.statement.strip())) is not None
        and theirs.group("task").lower() == task
        and theirs.group("who").lower() != who
    ]
    if len(held) != 1:
        return None
    return replace(candidate, held[0], f"{task} is done by someone else than {held[0].memory_id} says")
