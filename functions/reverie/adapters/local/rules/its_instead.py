"""A value denied and the right one given after it as "it's ...": "Finn isn't allergic to peanuts, it's sesame",
"Ana doesn't work at Tesco, it's Asda". Read as the statement it puts right, with the value it replaces named
("Finn is allergic to sesame, not peanuts"), so that the merge swaps the held card's value (`with_value_swapped`)
instead of keeping a denial beside it and losing the value given.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import third_person

_INSTEAD_RE = re.compile(
    r"^(?P<subject>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?|(?:my|our)\s+[a-z]+(?:\s+(?-i:[A-Z])[\w'-]*)?|I|we)\s+"
    r"(?:(?P<be>isn'?t|is\s+not|aren'?t|are\s+not|'m\s+not|am\s+not)|(?P<do>doesn'?t|does\s+not|don'?t|do\s+not)"
    r"\s+(?P<verb>[a-z]+))\s+(?P<rest>[^,;]+?),\s*(?:it'?s|it\s+is|they'?re|they\s+are)\s+(?P<new>[^,;.!?]{1,40}?)"
    r"(?:\s+(?:actually|instead))?[.!]?$",
    re.I,
)


_NO_VALUE = frozenset(
    "a an the her his my our their its your so too very just not fine ok okay late early raining today here there "
    "now yet true fair done over".split()
)


def its_instead(part: str) -> str | None:
    """`part` said as the statement it puts right ("Finn isn't allergic to peanuts, it's sesame" → "Finn is
    allergic to sesame, not peanuts"); None when it denies and gives no value in that way."""
    found = _INSTEAD_RE.match(part.strip())
    if found is None:
        return None
    rest, new = found.group("rest").split(), found.group("new").strip()
    cut = min(len(new.split()), len(rest) - 1)
    # a value: a name, a number, or one word ("sesame"); not a comment ("it's her day off", "it's raining")
    value = new[:1].isupper() or any(c.isdigit() for c in new) or len(new.split()) == 1
    if cut < 1 or not value or new.split()[0].lower() in _NO_VALUE or rest[-1].lower() in _NO_VALUE:
        return None
    old = " ".join(rest[-cut:])
    subject = found.group("subject")
    plural = subject.lower() in ("i", "we") or (
        found.group("be", "do")
        and re.match(r"(?:aren|are|don|do\b)", (found.group("be") or found.group("do") or "").lower())
    )
    if found.group("be"):
        verb = "am" if subject.lower() == "i" else "are" if plural else "is"
    else:
        verb = found.group("verb") if plural else third_person(found.group("verb"))
    return f"{subject} {verb} {' '.join(rest[:-cut])} {new}, not {old}"
