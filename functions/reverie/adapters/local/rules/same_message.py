"""A fact drawn from the very message a held fact was written from, giving the same values: the held card.

The agent's "Noor is paid on the 25th of each month" and the dream's "Noor's salary lands on the 25th", both
citing one message, about the same person, with the same numbers and dates and no other, are one fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.verdicts import decision as _decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.restatement import negated
from reverie.ports import MergeAction, MergeDecision

_VALUE_RE = re.compile(r"\d[\d.,:/]*(?:st|nd|rd|th|am|pm|[a-z]{1,3}\b)?", re.I)


def same_message_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A fact drawn from the very message a held fact was written from, about the same person and giving the
    same values (its numbers and dates, no other): the held card in other words ("Noor's salary lands on the
    25th" beside the agent's "Noor is paid on the 25th of each month", both citing one message)."""
    values = frozenset(v.lower() for v in _VALUE_RE.findall(candidate.statement))
    if candidate.type is not MemoryType.FACT or not values:
        return None
    for card in cards:
        if (
            card.type is MemoryType.FACT
            and card.status is Status.VERIFIED
            and set(candidate.evidence_refs) == set(card.evidence_refs)
            and owner(candidate.statement)[0] == owner(card.statement)[0] != ""
            and frozenset(v.lower() for v in _VALUE_RE.findall(card.statement)) == values
            and negated(candidate.statement) == negated(card.statement)
            and not other_slots(candidate.key, card.key, card.user_id or "")
        ):
            return _decision(
                MergeAction.NOOP,
                card,
                f"{card.memory_id} was written from the same message with the same values",
            )
    return None
