"""A thing named later by what it is for: "the thyroid tablet", "the knee brace", "the asthma inhaler".

A held card often says what someone uses and what for ("takes levothyroxine for their thyroid", "wears a
brace for her bad knee", "uses a Ventolin inhaler for asthma"); later the person names the thing by that
purpose alone ("the thyroid tablet, the dose is 75 micrograms"), as people do with what they use every day.
"The <purpose> <thing>" then points at the one held card saying something is taken, used, worn or applied
for that purpose.

Only a habit of use is read (not "bought a lamp for the garden": an event, not what the thing is for), and
only one held card may answer; a statement whose numbers disagree with the card's, or that opposes it,
points at none (`pointer.at_odds`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.pointer import Pointer, Way, at_odds, names_the_speaker, only_one
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem

# "The thyroid tablet ...", "the knee brace ...": the purpose, then the thing, opening the statement.
_NAMED_BY_PURPOSE_RE = re.compile(r"^the\s+(?P<purpose>[a-z]{3,})\s+(?P<thing>[a-z]{3,})\b", re.I)
# A habit of use, and what for: "takes levothyroxine for their thyroid", "wears a brace for her knee",
# "is on metformin for diabetes"; up to five words name what is used, up to two what it is for.
_USED_FOR_RE = re.compile(
    r"\b(?:takes?|uses?|wears?|applies|apply|is\s+on|are\s+on|needs?)\s+(?:[\w'-]+\s+){1,5}?for\s+"
    r"(?:(?:the\s+user's|their|his|her|my|our|the|a|an|its)\s+)?(?P<purpose>[a-z]+(?:\s+[a-z]+)?)\b",
    re.I,
)


def _purposes(statement: str) -> set[str]:
    """The stems of what `statement` says something is used for: "for her bad knee" → bad, knee."""
    return {stem(w) for m in _USED_FOR_RE.finditer(statement) for w in m.group("purpose").lower().split()}


def used_for(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The one held fact saying something is used for the purpose the candidate names its thing by
    ("the thyroid tablet" → "takes levothyroxine for their thyroid"; see the module docstring)."""
    if candidate.type is not MemoryType.FACT:
        return None
    found = _NAMED_BY_PURPOSE_RE.match(candidate.statement.strip())
    if found is None or names_the_speaker(found.group("purpose")):
        return None
    purpose = stem(found.group("purpose").lower())
    card = only_one([c for c in cards if c.type is MemoryType.FACT and purpose in _purposes(c.statement)])
    if card is None or at_odds(candidate.statement, card.statement):
        return None
    named = f"the {found.group('purpose')} {found.group('thing')}"
    return Pointer(card, Way.HELD_THING, candidate.statement, f"{named} is what {card.memory_id} uses")
