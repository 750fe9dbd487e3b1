"""The slot of a medicine's dose: a statement naming a medicine by its strength ("METFORMIN 500MG
TABLETS", "Medications on discharge: Metformin 850 mg twice daily", "levothyroxine 75 micrograms") is
about `<medicine>.dose`, so that two sources giving the same medicine another strength at the same moment
(a pharmacy label and a discharge letter) conflict, and a later one says it changed (latest wins).

The medicine is the word right before its first strength; a word that only leads up to an amount ("take
500 mg", "increased from 500 mg", "a dose of 5 ml") names no medicine. Whose medicine it is the slot does
not say: in one person's memory, a medicine with two strengths from two sources is for a person to settle.
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

DOSE_UNIT = r"(?:mg|mcg|µg|micrograms?|milligrams?|ml|units?|iu)"
"""A unit of a medicine's strength or dose."""
_UNIT = DOSE_UNIT
# "Metformin 850 mg", "METFORMIN 500MG", "amlodipine 5mg": a word, then a number and a unit of strength.
_STRENGTH_RE = re.compile(rf"\b(?P<drug>[A-Za-z][A-Za-z-]{{3,}})\s+(?P<n>\d+(?:\.\d+)?)\s*{_UNIT}\b", re.I)
# Words that lead up to an amount: no medicine's name.
_NOT_A_MEDICINE = frozenset(
    "take takes taking took give gives given from with about around dose doses dosage than increased "
    "reduced decreased raised lowered lowering changed down only just each every daily twice once more "
    "less least most extra another total times over under into onto also then plus".split()
)


def dose_key(statement: str) -> str | None:
    """`metformin.dose` when `statement` names a medicine by its strength (see the module), else None."""
    found = _STRENGTH_RE.search(statement)
    if found is None or found.group("drug").lower() in _NOT_A_MEDICINE:
        return None
    return f"{found.group('drug').lower()}.dose"


# A dose said the other ways round: "20mg of citalopram", "upped my citalopram to 30mg".
_OF_RE = re.compile(
    rf"\b(?P<n>\d+(?:\.\d+)?)\s*{_UNIT}\s+(?:of\s+)?(?P<drug>[A-Za-z][A-Za-z-]{{3,}})\b", re.I
)
_TO_RE = re.compile(
    rf"\b(?P<drug>[A-Za-z][A-Za-z-]{{3,}})\s+(?:(?:up|down|back)\s+)?to\s+(?P<n>\d+(?:\.\d+)?)\s*{_UNIT}\b",
    re.I,
)


def dose_of(statement: str) -> tuple[str, str] | None:
    """(the medicine, its strength) a statement names, however it is said ("takes 20mg of citalopram",
    "citalopram 20 mg", "upped my citalopram to 30mg"); None when it names none."""
    for pattern in (_TO_RE, _STRENGTH_RE, _OF_RE):
        found = pattern.search(statement)
        if found and found.group("drug").lower() not in _NOT_A_MEDICINE:
            return found.group("drug").lower(), found.group("n")
    return None


def dose_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the same medicine another strength ("Joy takes 20mg of citalopram" for "Joy's GP
    upped their citalopram to 30mg"): the later dose wins, for the same person."""
    mine = dose_of(candidate.statement)
    if mine is None:
        return None
    for card in cards:
        theirs = dose_of(card.statement)
        if (
            theirs
            and theirs[0] == mine[0]
            and theirs[1] != mine[1]
            and not other_people(candidate.statement, card.statement)
            and persons_of(candidate.statement) == persons_of(card.statement)  # not "Joy's mum takes ..."
        ):
            return replace(candidate, card, f"another dose of {mine[0]} than {card.memory_id}")
    return None
