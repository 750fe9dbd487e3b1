"""Which held thing an "it" no message of its session named stands for: "it's plot 14B at the Hollins Road
site" opening a session, after an earlier one told "The user has got an allotment".

Extraction keeps such a part as "It is plot 14B ..." (`pronoun_it.Antecedent.kept`); here it is said of
the one thing a held fact says someone has, runs or owns ("The user has got an allotment", "Tomás runs a
food truck") or tells about as theirs ("The user's server is ..."): "The user's allotment is plot 14B ...".
Two such things held, or none, and "it" stays unknown (`stands_for_held` then tells `merge.decide` to leave
the claim waiting rather than keep a card no one could read).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.pointer import Pointer, Way, only_one
from reverie.adapters.local.rules.pronoun_it import says_what_it_is, thing_of
from reverie.adapters.local.rules.verdicts import time_of
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType

_WHO = r"(?P<who>The user|(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)"
# "The user has got an allotment", "Tomás runs a food truck", "Ana owns a narrowboat".
_HAS_RE = re.compile(
    rf"^{_WHO}\s+(?:has\s+got|has|owns|runs|rents|bought|built|keeps)\s+(?:a|an)\s+(?P<words>.+)$"
)
# "The user's server is on ...", "Ana's narrowboat has ...".
_THEIRS_RE = re.compile(rf"^{_WHO}'s\s+(?P<words>.+)$")


def stands_for_held(candidate: Candidate) -> bool:
    """`candidate` is a fact whose subject is an "it" its session did not name ("It is plot 14B ...")."""
    return candidate.type is MemoryType.FACT and says_what_it_is(candidate.statement) is not None


def _thing(card: MemoryCard) -> tuple[str, str] | None:
    """Whose thing a held fact tells of, and the thing ("The user has got an allotment, first year" →
    ("The user", "allotment")), or None."""
    found = _HAS_RE.match(card.statement) or _THEIRS_RE.match(card.statement)
    thing = thing_of(found.group("words")) if found else None
    return (found.group("who"), thing) if found and thing else None


def held_it(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The one held card telling of a thing someone has that `candidate`'s "it" stands for, with the
    statement said of it ("The user's allotment is plot 14B ..."); None when none or several fit."""
    said = says_what_it_is(candidate.statement) if candidate.type is MemoryType.FACT else None
    if said is None or said.group("lead"):
        return None
    told = set(candidate.evidence_refs)
    things: dict[tuple[str, str], MemoryCard] = {}
    for card in reversed(cards):  # the first card by memory_id stands for a thing two cards tell of
        whose = _thing(card) if card.type is MemoryType.FACT else None
        earlier = candidate.observed_at is None or time_of(card) <= candidate.observed_at
        if whose is not None and earlier and not told & set(card.evidence_refs):
            things[whose] = card
    one = only_one(list(things.items()))
    if one is None:
        return None
    (who, thing), card = one
    verb = said.group("verb").strip()
    verb = "is" if verb in ("'s", "’s") else verb
    return Pointer(
        card,
        Way.PRONOUN,
        f"{who}'s {thing} {verb} {said.group('rest')}",
        f"'it' is the {thing} of {card.memory_id}",
    )
