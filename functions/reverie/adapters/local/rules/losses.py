"""A death ends having: "Pip passed away last week" after "The user has a cat, Pip (14, indoor only)" means the
user has that cat no more, so the card saying they have it is replaced by the news of the loss (latest wins),
and an answer about the user's animals no longer lists it.

The loss names a being by its name ("Biscuit died", "we had to put Rolo down", "lost our old dog Juno") and
the held card says the speaker has, owns or keeps that named being ("has a cat, Pip", "a beagle called
Lottie", "our dog Juno"). A card that only mentions the name ("Pip's vet is Dr Ng") is left alone: what
it says may still matter (the bill, the vet).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

_NAME = r"(?-i:[A-Z][a-z]+)"
_LOSS_RE = re.compile(
    rf"(?:^|\b(?:my|our|the user's|their)\s+(?:[a-z]+\s+){{0,3}})(?P<name>{_NAME})\s+"
    r"(?:(?:has|had|sadly|finally)\s+)*(?:passed away|passed|died|was put down|was put to sleep|crossed the "
    r"rainbow bridge)\b"
    rf"|\b(?:put|had to put)\s+(?:(?:my|our|their)\s+(?:[a-z]+\s+){{0,3}})?(?P<put>{_NAME})\s+(?:down|to sleep)\b"
    # "we had to have Bruno put down"
    rf"|\b(?:had|had to have|have had)\s+(?:(?:my|our|their)\s+(?:[a-z]+\s+){{0,3}})?(?P<had>{_NAME})\s+put\s+"
    r"(?:down|to sleep)\b"
    rf"|\blost\s+(?:(?:my|our|their)\s+(?:[a-z]+\s+){{0,3}})?(?P<lost>{_NAME})\b",  # "we lost Biscuit last week"
    re.I,
)


def _having(name: str) -> re.Pattern[str]:
    """A card saying the speaker has the named being: "has a cat, Pip", "a beagle called Pip", "our dog Pip",
    "Sol's dog Pip"."""
    return re.compile(
        # ("has two cats, Pepper and Salt": one named in a list)
        rf"\b(?:has|have|had|owns?|keeps?)(?:\s+got)?\s+(?:an?|two|three|four)\s+[a-z]+(?:\s+[a-z]+)?,?\s+(?:called\s+|named\s+)?"
        rf"(?:(?-i:[A-Z])[a-z]+,?\s+(?:and\s+)?){{0,3}}{name}\b|\b(?:called|named)\s+{name}\b|(?:\b(?:my|our|their)|['’]s)\s+[a-z]+,?\s+{name}\b",
        re.I,
    )


def lost(statement: str) -> str | None:
    """The name of the being whose death `statement` reports, or None."""
    found = _LOSS_RE.search(statement)
    return (
        (found.group("name") or found.group("put") or found.group("had") or found.group("lost"))
        if found
        else None
    )


def loss(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the user has a being the candidate reports dead, replaced (see the module)."""
    if candidate.type is not MemoryType.FACT or (name := lost(candidate.statement)) is None:
        return None
    having = _having(re.escape(name))
    for card in cards:
        if card.type is MemoryType.FACT and having.search(card.statement) and not lost(card.statement):
            return replace(candidate, card, f"{name} died: the user has {name} no more")
    return None
