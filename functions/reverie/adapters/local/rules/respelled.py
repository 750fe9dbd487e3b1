"""A name's spelling put right: "Sorry, it's spelled Claire, with an i" after "My wife's name is Clare".

Said alone, "it's spelled Claire" names no one; what it puts right is the held card naming someone (or something)
by a near spelling of the new one (the same first letter, most letters shared: "Clare", "Jon" for "John"). The card
is replaced by its own statement with the name spelled anew; a card naming no near spelling is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Stability
from reverie.ports import MergeAction, MergeDecision

NEAR_SPELLING = 0.75  # of the two names' letters in common ("Clare" / "Claire": 0.91; "Clare" / "Clara": 0.8)
_NAME = r"(?P<name>(?-i:[A-Z])[\w'-]+)"
# the letters that tell a spelling: "with an i", "without an h", "with two n's"
_LETTERS = r"(?:with|without)\s+(?:an?|two|double|one)\s+[a-zA-Z](?:'?s)?\b"
# "it's spelled Claire", "her name's spelt Siobhan", "that's Jon without an h": the new spelling
_SPELLED_RE = re.compile(
    r"^(?:(?:it|that|the\s+name|her\s+name|his\s+name|their\s+name)(?:'s|\s+is)\s+)?(?:actually\s+)?"
    rf"(?P<spelled>(?:spelled|spelt|written)\s+(?:as\s+)?)?{_NAME}(?P<letters>\s*,?\s*{_LETTERS})?"
    # (what the name is, after it: "..., my manager's surname")
    r"(?:\s*,\s*(?:my|our|his|her|their|the)\s+[\w' ]{1,40})?[.!]*$",
    re.I,
)
# ... and in a correction kept as said: "It's spelled Claire, with an i."
_SAID_RE = re.compile(rf"\b(?:spelled|spelt|written)\s+(?:as\s+)?{_NAME}", re.I)
_WORD_RE = re.compile(r"(?-i:[A-Z])[\w'-]+")


def respelled(sentence: str, who: Speaker) -> Statement | None:
    """The spelling put right, as a correction ("It is spelled Claire."); None when the sentence is no such thing."""
    found = _SPELLED_RE.match(sentence.strip())
    if found is None or not (
        found.group("spelled") or found.group("letters")
    ):  # "it's Clio" alone: no spelling
        return None
    said = as_statement(
        MemoryType.CORRECTION,
        f"It is spelled {found.group('name')}.",
        who,
        confidence=0.8,
        stability=Stability.HIGH,
        short_ok=True,
    )
    return said if isinstance(said, Statement) else None


def spelling_put_right(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card naming the new spelling's near spelling, said with the new one (see the module)."""
    found = _SAID_RE.search(candidate.statement) if candidate.type is MemoryType.CORRECTION else None
    if found is None:
        return None
    name = found.group("name").removesuffix("'s")
    for card in cards:
        for word in _WORD_RE.finditer(card.statement):
            old = word.group(0).removesuffix("'s")
            if old == name or old[:1] != name[:1]:
                continue
            if SequenceMatcher(None, old.lower(), name.lower()).ratio() >= NEAR_SPELLING:
                statement = re.sub(rf"\b{re.escape(old)}\b", name, card.statement)
                decision = replace(candidate, card, f"{old} in {card.memory_id} is spelled {name}")
                if decision.action is not MergeAction.SUPERSEDE:
                    return decision
                return decision.model_copy(update={"statement": statement})
    return None
