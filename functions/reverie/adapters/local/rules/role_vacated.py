"""Someone who filled a role for the user is gone from it: "Kim retired" after "Dot's hairdresser is Kim at Cut
Above", "Dr Patel has left" after "my GP is Dr Patel", "Priya left the company" after "my manager is Priya".
The card naming them in that role no longer holds, so the news replaces it (latest wins); who fills the role now,
when the user says so, is a statement of its own.

The news names the person as the card does, as its subject, with a verb that ends a working life or a post
(retired, left, quit, moved away, died). A card that only mentions them ("Kim cut my hair short") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+)?"
_GONE_RE = re.compile(
    rf"^{_TITLE}(?P<name>(?-i:[A-Z][a-z]+))\s+(?:has\s+|had\s+|just\s+|finally\s+|sadly\s+)*(?:retired|left|quit|"
    r"moved\s+away|passed\s+away|died|stopped\s+working|(?:was|got|has\s+been)\s+(?:made\s+redundant|let\s+go|"
    r"sacked|fired))\b",
    re.I,
)


def _in_role(name: str) -> re.Pattern[str]:
    """A card naming `name` as the one in someone's role: "Dot's hairdresser is Kim", "my GP is Dr Kim"."""
    return re.compile(
        rf"(?:'s|\bmy|\bour|\btheir)\s+(?:[a-z]+\s+){{0,2}}?[a-z]+\s+(?:is|was)\s+(?:now\s+)?{_TITLE}{name}\b",
        re.I,
    )


def role_vacated(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card naming, in a role, the person the candidate says is gone from it."""
    gone = _GONE_RE.match(candidate.statement.strip())
    if gone is None:
        return None
    held = _in_role(re.escape(gone.group("name")))
    for card in cards:
        if held.search(card.statement):
            return replace(candidate, card, f"who {card.memory_id} names in a role is gone from it")
    return None
