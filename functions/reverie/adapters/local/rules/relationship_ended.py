"""A relationship the person ended: "Dan and Noor broke up in March" after "Noor's boyfriend Dan is vegetarian"
means Dan is her boyfriend no more, so the card naming him as her partner is replaced by the news (latest wins)
and is not shown as current. The news names the partner ("X and I broke up", "broke up with X", "divorced X");
the held card calls that name someone's boyfriend, girlfriend, partner, husband, wife or fiancé(e). A card that
only mentions the name ("Dan's birthday is 3 May") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_PARTNER = r"(?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?|spouse|other\s+half)"
_NAME = r"(?-i:[A-Z][\w'-]+)"
_ENDED = r"(?:broke\s+up|split\s+up|split|separated|divorced|got\s+divorced|called\s+it\s+(?:off|quits)|ended\s+it)"
_ENDED_RES = (
    re.compile(rf"^(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})\s+(?:have\s+|had\s+|just\s+)?{_ENDED}\b", re.I),
    re.compile(
        rf"\b{_ENDED}\s+(?:with\s+|from\s+)?(?:(?:my|his|her|their)\s+{_PARTNER}\s+)?(?P<b>{_NAME})", re.I
    ),
)


def _partner_named(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b{_PARTNER}\s+{re.escape(name)}\b|\b{re.escape(name)}\s+is\s+\S+\s+{_PARTNER}\b|\b{re.escape(name)},\s+"
        # "Lex's partner's name is Chris", "Lex's partner is Chris"
        rf"\S+\s+{_PARTNER}\b|\b{_PARTNER}(?:'s\s+name)?\s+is\s+(?:called\s+)?{re.escape(name)}\b",
        re.I,
    )


def relationship_ended(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card naming as a partner someone the candidate says the relationship with is over."""
    names = {
        n for p in _ENDED_RES if (m := p.search(candidate.statement)) for n in m.groupdict().values() if n
    }
    if not names:
        return None
    for card in cards:
        if any(_partner_named(name).search(card.statement) for name in names):
            return replace(candidate, card, f"the relationship {card.memory_id} tells of is over")
    return None
