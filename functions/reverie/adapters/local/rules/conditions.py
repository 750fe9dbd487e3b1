"""Health conditions by their names: "asthma", "diabetes", "arthritis", "ADHD", "a nut allergy".

Someone who has a condition says so in a few words ("I have asthma", "given my diabetes"), too few for a
sentence to be kept on its word count alone, yet few facts matter longer. Conditions are named by the
endings medicine builds them with (-itis, -osis, -aemia, -algia, -oma, -ia ...), by an initialism ("IBS",
"COPD") or by a head noun that says what they are ("allergy", "intolerance", "disease", "disorder").
"""

from __future__ import annotations

import re

# Heads that name a condition and take "a" ("a nut allergy", "a heart condition"), and those that do not.
COUNTED_HEADS = frozenset("allergy intolerance condition injury disorder deficiency syndrome".split())
_BARE_HEADS = frozenset(
    """allergies intolerances disease diabetes gout lupus tinnitus shingles migraine migraines epilepsy autism
    asthma eczema vertigo""".split()
)
_ENDINGS_RE = re.compile(
    r"(?:itis|osis|iasis|aemia|emia|algia|pathy|plegia|exia|lexia|somnia|phobia|oma|sthma|zema)$"
)
# An initialism of two to five capitals ("IBS", "ADHD", "COPD"), not "I" nor a Roman numeral.
_INITIALISM_RE = re.compile(r"^[A-Z]{2,5}$")
_NOT_CONDITIONS = frozenset("diploma aroma coma comma stigma dogma karma".split())
# "I have asthma", "we've got ADHD", "I have coeliac disease": the speaker's own condition, nothing else.
_HAS_RE = re.compile(
    r"^(?:i|we)(?:\s+(?:have|also\s+have|still\s+have)|'ve\s+got|\s+have\s+got)\s+"
    r"(?P<what>(?:a\s+)?(?:[\w-]+\s+){0,2}[\w-]+)\W*$",
    re.I,
)


def names_a_condition(phrase: str) -> bool:
    """Whether `phrase` ("asthma", "a nut allergy", "coeliac disease") names a health condition."""
    words = phrase.split()
    if not words:
        return False
    head = words[-1]
    lowered = head.lower()
    if lowered in _NOT_CONDITIONS:
        return False
    return (
        lowered in COUNTED_HEADS
        or lowered in _BARE_HEADS
        or bool(_ENDINGS_RE.search(lowered))
        or (_INITIALISM_RE.match(head) is not None and head not in ("II", "III", "IV", "VI"))
    )


def has_a_condition(clause: str) -> bool:
    """`clause` says, and only says, that the speaker has a condition ("I have asthma")."""
    found = _HAS_RE.match(clause.strip())
    return found is not None and names_a_condition(found.group("what"))


def as_had(phrase: str) -> str:
    """The condition as something one has: "nut allergy" → "a nut allergy", "asthma" → "asthma"."""
    head = phrase.split()[-1].lower()
    if head not in COUNTED_HEADS or phrase.lower().startswith(("a ", "an ")):
        return phrase
    return f"{'an' if phrase[:1].lower() in 'aeiou' else 'a'} {phrase}"
