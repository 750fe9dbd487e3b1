"""A membership or subscription the person ended: "I cancelled my PureGym membership" after "Abena is a member at
PureGym on Deansgate" means she is a member no more, so the card saying she is one is replaced by the news
(latest wins), and an answer about where she trains no longer names the gym as current.

The news ends ("cancelled", "ended", "quit", "left", "stopped", "didn't renew"; or "my EE contract ended") a membership,
subscription, contract or plan named by its organisation, or the organisation itself ("cancelled PureGym"); the held card says the same person is a member of,
subscribes to or has a membership or subscription with that organisation, or names it as their gym, club
or provider. A card that only mentions the
organisation ("PureGym on Deansgate opens at 6") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.their_people import persons_of
from reverie.adapters.local.rules.verdicts import replace
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_WHAT = r"(?:membership|subscription|contract|plan|account|season\s+ticket|pass)"
_ENDED_RE = re.compile(
    r"\b(?:cancell?ed|ended|quit|left|stopped|terminated|closed|did\s+not\s+renew|didn't\s+renew)\s+"
    r"(?:(?:my|our|their|his|her|the)\s+(?P<org>(?:[A-Z][\w&'-]*\s+){1,3}?)" + _WHAT + r"\b"
    # ... or the organisation alone: "Cancelled PureGym, I go to the leisure centre now"
    r"|(?P<bare>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2})(?![\w&'-]|\s+[A-Z])"
    # ... or its kind: "cancelled my gym membership" ends "is a member of PureGym" (the kind in its name)
    r"|(?:my|our|their|his|her|the)\s+(?P<kind>(?-i:[a-z]+))\s+" + _WHAT + r"\b)"
    # ... or said of it: "my EE contract ended", "the user's Netflix subscription has lapsed"
    r"|(?:\b(?:my|our|their|his|her|the)|'s)\s+(?P<said>(?:[A-Z][\w&'-]*\s+){1,3}?)"
    + _WHAT
    + r"\s+(?:has\s+|had\s+|just\s+)?(?:ended|expired|finished|lapsed|ran\s+out|run\s+out|is\s+over)\b",
)
# ... or names it as the person's gym, club or provider: "Dex's gym is the PureGym on Deansgate"
_HELD_RE = (
    r"\b(?:members?|membership|subscri\w+|signed\s+up)\b|(?:'s|\bmy|\bour|\btheir)\s+(?:[a-z]+\s+)?"
    r"(?:gym|club|provider|supplier|network|streaming\s+service)\s+is\b"
    # ... or has a contract with it: "The user's phone contract is with EE"
    r"|\b(?:contract|plan|account|policy)\s+is\s+with\b"
)


def membership_ended(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the person belongs to what the candidate says they ended (see the module)."""
    found = _ENDED_RE.search(candidate.statement)
    if found is None:
        return None
    org = (found.group("org") or found.group("said") or found.group("bare") or found.group("kind")).strip()
    edge = "" if found.group("kind") else r"(?<![\w-])"  # a kind may end a name: "PureGym"
    named = re.compile(rf"{edge}{re.escape(org)}(?![\w-])", re.I)
    for card in cards:
        held = named.search(card.statement) and re.search(_HELD_RE, card.statement, re.I)
        if (
            held
            and not other_people(candidate.statement, card.statement)
            and not _ENDED_RE.search(card.statement)
        ):
            return replace(candidate, card, f"ends the {org} membership {card.memory_id} says is held")
    return None


# A place of a kind the person goes to, changed: "switched gyms", "changed dentists" ...
_SWITCHED_RE = re.compile(
    r"\b(?:switched|changed|swapped|moved)\s+(?P<kind>gym|dentist|GP|doctor|bank|vet|nursery|club|salon|barber|"
    r"church|choir|pharmacy|school)s\b",
    re.I,
)
# ... and the held card naming a place of that kind by its name: "goes to PureGym", "is a member at The Gym Group"
_PLACE_NAME = r"(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*)*"


def place_switched(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card naming, by its name, the place of the kind the candidate says the person changed ("Cy goes to
    PureGym in Camden" for "Cy switched gyms"): what the card says is no longer so. The new place, named in the
    candidate, is not the old one."""
    found = _SWITCHED_RE.search(candidate.statement)
    if found is None:
        return None
    kind = found.group("kind").lower()
    for card in cards:
        names = [n for n in re.findall(_PLACE_NAME, card.statement) if kind in n.lower()]
        if (
            names
            and not any(name in candidate.statement for name in names)
            and not set(card.evidence_refs) & set(candidate.evidence_refs)  # the new place, said with it
            and not other_people(candidate.statement, card.statement)
            and persons_of(card.statement) <= persons_of(candidate.statement)  # not "Cy's sister ... PureGym"
        ):
            return replace(candidate, card, f"the {kind} {card.memory_id} names is no longer the one")
    return None
