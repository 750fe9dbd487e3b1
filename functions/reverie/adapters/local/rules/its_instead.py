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
    "now yet true fair done over that this about for because like really much bad good great nice easy hard "
    "worth all what how why me you him them us".split()
)
# The other order: the value denied first, then the statement giving the right one ("No, it's not penicillin,
# I'm allergic to amoxicillin").
_DENIED_FIRST_RE = re.compile(
    r"^(?:(?:no|nope|actually|sorry)[,!]?\s+)?(?:it'?s|it\s+is|that'?s|that\s+is)\s+not\s+(?P<old>[^,;.!?]{1,30}?)"
    r"\s*[,;:]\s*(?P<rest>[^,;]{8,}?)[.!]?$",
    re.I,
)


# The subject said again with the right value: "She doesn't go to St Anne's, she goes to St Mark's", "He isn't in
# Year 4, he's in Year 5".
_SAID_AGAIN_RE = re.compile(
    r"^(?:(?:no|nope|actually)[,!]?\s+)?(?P<subject>she|he|they|we|I)\s+"
    r"(?:isn'?t|is\s+not|aren'?t|are\s+not|'m\s+not|am\s+not|doesn'?t|does\s+not|don'?t|do\s+not)\s+"
    r"(?P<denied>[^,;]+?)\s*[,;]\s*(?P<second>(?P=subject)(?P<again>'s|'re|'m|\s)\s*(?P<given>[^,;]+?))[.!]?$",
    re.I,
)


_SHARED = frozenset("to in at on with for from the a an my our his her their its into of by".split())


def _said_again(part: str) -> str | None:
    """ "She goes to St Mark's, not St Anne's" for "She doesn't go to St Anne's, she goes to St Mark's": the
    words both halves share after the verb kept once, the value the first denies named; None otherwise."""
    found = _SAID_AGAIN_RE.match(part.strip())
    if found is None:
        return None
    denied, given = found.group("denied").split(), found.group("given").split()
    if found.group("again").strip() == "":  # "she goes to ...": the verb said again, in its own form
        if not denied or not given or not given[0].lower().startswith(denied[0].lower()[:2]):
            return None
        denied, given = denied[1:], given[1:]
    while denied and given and denied[0].lower() == given[0].lower() and denied[0].lower() in _SHARED:
        denied, given = denied[1:], given[1:]
    old = " ".join(denied)
    value = old[:1].isupper() or any(c.isdigit() for c in old) or len(denied) == 1
    if not denied or not given or not value or len(denied) > 4 or denied[0].lower() in _NO_VALUE:
        return None
    again = found.group("second")
    return f"{again[:1].upper()}{again[1:]}, not {old}"


def its_instead(part: str) -> str | None:
    """`part` said as the statement it puts right ("Finn isn't allergic to peanuts, it's sesame" → "Finn is
    allergic to sesame, not peanuts"; "No, it's not penicillin, I'm allergic to amoxicillin" → "I'm allergic to
    amoxicillin, not penicillin"); None when it denies and gives no value in that way."""
    if first := _DENIED_FIRST_RE.match(part.strip()):
        old, rest = first.group("old").strip(), first.group("rest").strip()
        value = old[:1].isupper() or any(c.isdigit() for c in old) or len(old.split()) <= 2
        if value and old.split()[0].lower() not in _NO_VALUE and old.lower() not in rest.lower():
            return f"{rest}, not {old}"
        return None
    if again := _said_again(part):
        return again
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
