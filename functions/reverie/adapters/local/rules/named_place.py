"""A place held as a kind, then told by its name: "The user volunteers at a food bank" and "The user does Saturday
mornings at the Hillside food bank" are one place of one person, the second naming which (a detail that refines
the held memory): one card, not two beside each other.

The held fact says where its person does something as "at a <kind>" (one to three words); the new one, about the
same person, says "at [the] <Name> <kind>" with the same kind. Two held facts placing the person at that kind of
place leave it undecided (which one is named is not known), and so does another person's place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

_KIND = r"(?P<kind>(?:[a-z][a-z-]* ){0,2}[a-z][a-z-]*)"
# "at a food bank", "at an animal shelter" (where the clause ends, or a time or a purpose follows)
_AT_A_RE = re.compile(
    rf"\bat (?:a|an) {_KIND}(?=\s*(?:[,.;!]|$)|\s+(?:on|every|in|near|for|as|with|twice|once)\b)"
)
# "at the Hillside food bank", "at Hillside food bank"
_AT_NAMED_RE = re.compile(rf"\bat (?:the )?(?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){{0,2}} {_KIND}\b")


def named_place(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact placing the same person at a place of the kind the candidate names (see the module),
    fused with it."""
    named = _AT_NAMED_RE.search(candidate.statement)
    who = owner(candidate.statement)[0]
    if candidate.type is not MemoryType.FACT or named is None or not who:
        return None
    kind = named.group("kind")
    held = [
        card
        for card in cards
        if card.type is MemoryType.FACT
        and owner(card.statement)[0] == who
        and (at := _AT_A_RE.search(card.statement)) is not None
        and (at.group("kind") == kind or kind.endswith(" " + at.group("kind")))
    ]
    if len(held) != 1:
        return None
    card = held[0]
    return fused(
        candidate, card, join(card.statement, candidate.statement), f"the {kind} {card.memory_id} names"
    )
