"""The team someone plays for, after the game they play: "The user's son Leo plays football" and "Leo plays for the
Hornets U9s on Sunday mornings" are one thing about Leo (what he plays, and for whom): one card.

The held fact says its person plays a game (a word or two, not "for" anyone); the new one, of a person the held
fact names, says they play for a team named with capitals. Another person's team, or a held fact naming two
people, is left to the other rules.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import names_inside
from reverie.adapters.local.rules.verdicts import join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType

_PLAYS_RE = re.compile(r"\bplays\s+(?!for\b|with\b|in\b|at\b|on\b)(?P<game>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b")
_PLAYS_FOR_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w-]*)\s+(?:now\s+|also\s+)?plays\s+(?:\w+\s+)?for\s+(?:the\s+)?(?-i:[A-Z])", re.I
)


def plays_for_team(candidate: Candidate, card: MemoryCard) -> str | None:
    """The fused statement when the candidate names the team of the game the card says its person plays (see
    the module); None otherwise."""
    found = _PLAYS_FOR_RE.match(candidate.statement.strip())
    if found is None or candidate.type is not MemoryType.FACT or card.type is not MemoryType.FACT:
        return None
    if _PLAYS_RE.search(card.statement) is None:
        return None
    who, named = found.group("who"), names_inside(card.statement)
    if not (card.statement.startswith(f"{who} ") or who in named) or len(named - {who}) > 0:
        return None
    return join(card.statement, candidate.statement)
