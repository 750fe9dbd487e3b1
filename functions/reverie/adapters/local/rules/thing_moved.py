"""A thing that lives at an address moved to another: "the callback moved to https://pay.example/v2/callback"
against the held "Wanjiru's M-Pesa callback endpoint is https://pay.example/v1/callback". The held card's
address is the old one; the card, with the new address put in its place, replaces it (what else it says of
the thing, whose endpoint it is, stays true).

Only addresses that say where something is reached (a URL, a host name; a mail address is masked as personal data before this), only when the
statement names the thing by a word the held card uses outside its address ("callback"), and only a card
holding one address of that kind, another than the new one. A thing moved to a date or a place is the plan
rules' and the home rules' concern.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.moved_over import PLACE_NAME
from reverie.adapters.local.rules.verdicts import decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, MergeDecision

_ADDRESS = (
    r"(?:https?://[^\s,;)\]]+[^\s,;.)\]]"  # a URL, without the full stop that ends the sentence
    r"|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:/[^\s,;)]*[^\s,;.)])?)"  # a host, maybe with a port and a path
)
_ADDRESS_RE = re.compile(_ADDRESS, re.I)
# "the callback moved to <address>", "our status page is now at <address>", "the webhook now points to ...".
_MOVED_RE = re.compile(
    r"^(?:the|our|my|your|their|his|her|[\w-]+'s)\s+(?P<thing>[\w -]{1,60}?)\s+"
    r"(?:has\s+|have\s+|had\s+|was\s+|were\s+|is\s+|are\s+)?(?:now\s+|just\s+|since\s+)?(?:been\s+)?"
    r"(?:moved|changed|switched|migrated|relocated|pointed|points|redirected|redirects|is\s+now\s+at|"
    r"now\s+lives\s+at|lives\s+at|is\s+now|are\s+now)\s+(?:over\s+)?(?:to\s+)?"
    rf"(?P<address>{_ADDRESS})",
    re.I,
)


def _kind(address: str) -> str:
    return "url" if "://" in address else "host"


def thing_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card whose address the candidate says its thing moved from (see the module); None when none."""
    found = _MOVED_RE.match(candidate.statement.strip())
    if found is None:
        return None
    new = found.group("address")
    thing = terms(found.group("thing"))
    best: tuple[int, MemoryCard, str] | None = None
    for card in cards:
        held = [a for a in _ADDRESS_RE.findall(card.statement) if _kind(a) == _kind(new)]
        if len(held) != 1 or held[0].lower() == new.lower():
            continue
        shared = len(thing & terms(_ADDRESS_RE.sub(" ", card.statement)))
        if shared and (best is None or shared > best[0]):
            best = (shared, card, held[0])
    if best is None:
        return None
    _, card, old = best
    return decision(
        MergeAction.SUPERSEDE,
        card,
        f"the {found.group('thing').strip()} of {card.memory_id} moved to another address",
        statement=card.statement.replace(old, new),
    )


# ... and a place that moved, named: "The office has moved to King's Cross" against "Cy's office is in Shoreditch".
_PLACE_MOVED_RE = re.compile(
    r"^(?:the|our|my|their|his|her|[\w-]+'s)\s+(?:[\w-]+\s+){0,2}?(?P<noun>[a-z][\w-]+)\s+(?:has\s+|have\s+|had\s+)?"
    rf"(?:now\s+|just\s+)?(?:moved|relocated)\s+(?:over\s+)?to\s+(?P<place>{PLACE_NAME})",
    re.I,
)


def place_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card saying where the candidate's thing is ("Cy's office is in Shoreditch"), with the place
    it moved to in place of the old one; None when no card, or more than one, says where such a thing is."""
    found = _PLACE_MOVED_RE.match(candidate.statement.strip())
    if found is None:
        return None
    noun, new = found.group("noun"), found.group("place")
    where = re.compile(
        rf"\b{re.escape(noun)}\s+(?:is|are)\s+(?:now\s+)?(?:in|at|on)\s+(?P<old>{PLACE_NAME})", re.I
    )
    held = [
        (card, said.group("old"))
        for card in cards
        if (said := where.search(card.statement)) is not None and new.lower() not in card.statement.lower()
    ]
    if len(held) != 1:
        return None
    card, place = held[0]
    return decision(
        MergeAction.SUPERSEDE,
        card,
        f"the {noun} of {card.memory_id} moved to another place",
        statement=card.statement.replace(place, new, 1),
    )
