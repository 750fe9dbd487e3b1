"""A correction that says what was stopped retires the held card that says someone is on it: "Mr Osei is on
bisoprolol 5 mg; the atenolol was stopped in March" puts right "Mr Osei takes atenolol 50 mg", and "Dana's
standing order is to Acme; the old one to Brightco was cancelled" puts right "Dana pays Brightco monthly".

A correction usually names the right value and leaves the wrong one to be found by its slot or its words;
when it names the wrong one as ended instead ("X was stopped / discontinued / cancelled / withdrawn"), the card
holding X about the same someone (a name both say) is the one it corrects. Only a correction does this: news
that something stopped ("the Tuesday class was cancelled") is a change the other rules read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.text import STOP_WORDS
from reverie.ports import MergeDecision

# "<thing> was stopped", "the old one to Brightco was cancelled", "stopped taking <thing>", "came off <thing>".
_ENDED_RE = re.compile(
    r"\b(?P<thing>[\w-]+)\s+(?:was|were|has\s+been|had\s+been|got|is\s+now|are\s+now)\s+(?:\w+ly\s+)?"
    r"(?:stopped|discontinued|cancell?ed|withdrawn|revoked|dropped|ended|removed|taken\s+off)\b"
    r"|\b(?:stopped|discontinued|cancell?ed|came\s+off|come\s+off|quit)\s+(?:taking\s+|using\s+|the\s+)?(?P<object>[\w-]+)",
    re.I,
)
# A name both statements say: a capitalised word not opening the sentence and no title.
_NAME_RE = re.compile(r"(?<=[\w,;:)] )(?-i:[A-Z][a-z'-]{2,})\b")
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Dr", "Miss", "Prof", "The"})
_NOT_A_THING = frozenset({"it", "that", "this", "one", "he", "she", "they", "them", "which", "who"})


def _ended(statement: str) -> set[str]:
    """What `statement` says was stopped, a word each ("warfarin", "Brightco")."""
    things = set()
    for found in _ENDED_RE.finditer(statement):
        thing = (found.group("thing") or found.group("object")).lower()
        if thing not in _NOT_A_THING and thing not in STOP_WORDS and not thing.isdigit():
            things.add(thing)
    return things


def _names(statement: str) -> set[str]:
    return {n for n in _NAME_RE.findall(statement) if n not in _TITLES}


def ended_in_correction(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The card `candidate` (a correction) retires by naming what it holds as stopped, or None."""
    if candidate.type is not MemoryType.CORRECTION:
        return None
    ended = _ended(candidate.statement)
    names = _names(candidate.statement)
    if not ended or not names:
        return None
    for card in cards:
        words = set(re.findall(r"[\w-]+", card.statement.lower()))
        if ended & words and names & _names(f". {card.statement}") and not ended & _ended(card.statement):
            return replace(candidate, card, f"says what {card.memory_id} holds was stopped")
    return None
