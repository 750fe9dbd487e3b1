"""Someone who filled a role for the user is gone from it: "Kim retired" after "Dot's hairdresser is Kim at Cut
Above", "Dr Patel has left" after "my GP is Dr Patel", "Priya left the company" after "my manager is Priya".
The card naming them in that role no longer holds, so the news replaces it (latest wins); who fills the role now,
when the user says so, is a statement of its own.

The news names the person as the card does, as its subject, with a verb that ends a working life or a post
(retired, left, quit, moved away, died), or as the other party of a falling-out with the card's owner ("Amy and Ren
fell out" after "Ren's best friend is Amy"). A card that only mentions them ("Kim cut my hair short") is left
alone.
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
    # ("stopped coaching", "given up teaching", "stopped doing hair": the work the role is)
    r"moved\s+away|passed\s+away|died|(?:stopped|given\s+up|gave\s+up|quit)\s+(?:working|coaching|teaching|"
    r"training\s+people|tutoring|cleaning|doing\s+\w+)|(?:was|got|has\s+been)\s+(?:made\s+redundant|let\s+go|"
    r"sacked|fired))\b",
    re.I,
)


def _in_role(name: str) -> re.Pattern[str]:
    """A card naming `name` as the one in someone's role: "Dot's hairdresser is Kim", "my GP is Dr Kim"."""
    return re.compile(
        rf"(?:'s|\bmy|\bour|\btheir)\s+(?:[a-z]+\s+){{0,2}}?[a-z]+\s+(?:is|was)\s+(?:now\s+)?{_TITLE}{name}\b",
        re.I,
    )


# ... or gone from the role of being someone's friend or partner: "Amy and Ren fell out" after "Ren's best friend
# is Amy" (said of the card's owner and no one else).
_PARTED_RE = re.compile(
    r"^(?P<name>(?-i:[A-Z][a-z]+))\s+and\s+(?P<other>(?-i:[A-Z][a-z]+)|the\s+user)\s+(?:have\s+|had\s+)?"
    # (a couple's break-up is `relationship_ended`'s)
    r"(?:fell\s+out|fallen\s+out|stopped\s+(?:talking|speaking)|are\s+(?:no\s+longer|not)\s+friends)\b",
    re.I,
)


def role_vacated(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card naming, in a role, the person the candidate says is gone from it."""
    statement = candidate.statement.strip()
    gone, parted = _GONE_RE.match(statement), _PARTED_RE.match(statement)
    found = gone or parted
    if found is None:
        return None
    held = _in_role(re.escape(found.group("name")))
    owner = f"{parted.group('other').lower()}'s " if parted else ""
    for card in cards:
        if held.search(card.statement) and card.statement.lower().startswith(owner):
            return replace(candidate, card, f"who {card.memory_id} names in a role is gone from it")
    return None
