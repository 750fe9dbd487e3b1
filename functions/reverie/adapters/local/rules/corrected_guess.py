"""The user correcting a guess the agent holds: "That's wrong, it's my son Leo who has the nut allergy, and
it's cashews" against the agent's note "Maya's daughter is probably allergic to peanuts". The guess was never
the user's word; the user's correction about the same thing (the same relative, the same ailment) is, so the
guess goes and the correction stands.

Only a correction the user gave (feedback of the correction kind, not a plain statement), only against a
hypothesis the agent or a tool wrote (never a card the user verified or a person edited), and only when the
two share at least two words of what they are about beyond the names both use ("daughter" and "allergic";
"Maya" is who, not what). A correction about something else leaves the guess alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision
from reverie.adapters.local.rules.whose import unnamed_terms
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, SourceKind, Status
from reverie.ports import MergeAction, MergeDecision

_GUESSERS = frozenset({SourceKind.AGENT, SourceKind.TOOL})
SHARED_TOPIC_WORDS = 2  # "daughter" + "allergic": one word alone ("peanuts") is a mention, not the same thing


def corrected_guess(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The agent's held guess the user's correction puts right (see the module); None when there is none."""
    if candidate.type is not MemoryType.CORRECTION or candidate.source.kind is not SourceKind.USER:
        return None
    mine = unnamed_terms(candidate.statement)
    for card in cards:
        if card.status is not Status.HYPOTHESIS or card.source.kind not in _GUESSERS:
            continue
        if len(mine & unnamed_terms(card.statement)) >= SHARED_TOPIC_WORDS:
            return decision(
                MergeAction.SUPERSEDE, card, f"the user's correction puts the guess {card.memory_id} right"
            )
    return None
