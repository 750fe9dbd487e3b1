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
    # "Dan and Noor broke up", "Dan and the user split up", "The user and Dan separated"
    re.compile(
        rf"^(?:(?P<a>{_NAME})|the\s+user)\s+and\s+(?:(?P<b>{_NAME})|the\s+user)\s+(?:have\s+|had\s+|just\s+)?"
        rf"{_ENDED}\b",
        re.I,
    ),
    re.compile(
        rf"\b{_ENDED}\s+(?:with\s+|from\s+)?(?:(?:my|his|her|their)\s+{_PARTNER}\s+)?(?P<b>{_NAME})", re.I
    ),
)


# "is seeing someone called Dan", "has been dating Dan", "is engaged to Dan"
_WITH = r"(?:seeing|dating|going\s+out\s+with|in\s+a\s+relationship\s+with|engaged\s+to|married\s+to)"


def _partner_named(name: str) -> re.Pattern[str]:
    who = re.escape(name)
    return re.compile(
        rf"\b{_PARTNER}\s+{who}\b|\b{who}\s+is\s+\S+\s+{_PARTNER}\b|\b{who},\s+"
        # "Lex's partner's name is Chris", "Lex's partner is Chris"
        rf"\S+\s+{_PARTNER}\b|\b{_PARTNER}(?:'s\s+name)?\s+is\s+(?:called\s+)?{who}\b|"
        rf"\b{_WITH}\s+(?:someone|a\s+(?:guy|girl|man|woman|lad|bloke))?\s*(?:called\s+|named\s+)?{who}\b|"
        # "The user and Jess have been together six years"
        rf"\band\s+{who}\s+have\s+been\s+(?:together|married)\b|"
        rf"\b{who}\s+and\s+(?:the\s+user|\S+)\s+have\s+been\s+(?:together|married)\b",
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
