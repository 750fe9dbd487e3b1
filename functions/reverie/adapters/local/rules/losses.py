"""A death ends having: "Pip passed away last week" after "The user has a cat, Pip (14, indoor only)" means the
user has that cat no more, so the card saying they have it is replaced by the news of the loss (latest wins),
and an answer about the user's animals no longer lists it.

The loss names a being by its name ("Biscuit died", "we had to put Rolo down", "lost our old dog Juno") and
the held card says the speaker has, owns or keeps that named being ("has a cat, Pip", "a beagle called
Lottie", "our dog Juno"). A card that only mentions the name ("Pip's vet is Dr Ng") is left alone: what
it says may still matter (the bill, the vet).

A thing given back ends having it too: "the ThinkPad's gone back" replaces the one card naming the ThinkPad
(`given_back`).
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
    "Sol's old cat Pip"."""
    return re.compile(
        # ("has two cats, Pepper and Salt": one named in a list)
        rf"\b(?:has|have|had|owns?|keeps?)(?:\s+got)?\s+(?:an?|two|three|four)\s+[a-z]+(?:\s+[a-z]+)?,?\s+(?:called\s+|named\s+)?"
        rf"(?:(?-i:[A-Z])[a-z]+,?\s+(?:and\s+)?){{0,3}}{name}\b|\b(?:called|named)\s+{name}\b|(?:\b(?:my|our|their)|['’]s)\s+(?:(?!(?:for|of|to|with|from|and|at|in|on|by)\b)[a-z]+\s+)?"
        rf"(?!(?:for|of|to|with|from|and|at|in|on|by)\b)[a-z]+,?\s+{name}\b",
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


# A thing of one's own given back or returned, named as the card names it: "the ThinkPad's gone back",
# "returned the Kindle", "sent the Dyson back".
_GIVEN_BACK_RE = re.compile(
    r"\bthe\s+(?P<thing>(?-i:[A-Z])[\w-]*)(?:'s|’s|\s+has|\s+have|\s+was|\s+were)?\s+(?:gone|been\s+(?:sent|given|"
    r"handed|returned|taken))\s+back\b|\bthe\s+(?P<was>(?-i:[A-Z])[\w-]*)\s+(?:was|has\s+been)\s+returned\b"
    r"|\b(?:returned|sent|handed|gave|given|took|taken)\s+(?:back\s+)?the\s+(?P<object>(?-i:[A-Z])[\w-]*)"
    r"(?:\s+back)?\b(?!\s+(?:from|to)\b)",
    re.I,
)


def given_back(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact naming the thing the candidate says was given back ("Work gave Ulr a MacBook Pro, the
    ThinkPad has gone back" after "Ulr's laptop is a ThinkPad X1"), replaced: it is had no more."""
    found = _GIVEN_BACK_RE.search(candidate.statement)
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    thing = found.group("thing") or found.group("was") or found.group("object")
    named = re.compile(rf"\b{re.escape(thing)}\b")
    fits = [
        c
        for c in cards
        if c.type is MemoryType.FACT and named.search(c.statement) and not _GIVEN_BACK_RE.search(c.statement)
    ]
    if len(fits) != 1:  # (said as "the ThinkPad", never "Mum's ThinkPad": the speaker's own)
        return None
    return replace(candidate, fits[0], f"the {thing} {fits[0].memory_id} names was given back")
