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

_UNIT = r"(?:mg|mcg|µg|micrograms?|milligrams?|ml|units?|iu)"
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
