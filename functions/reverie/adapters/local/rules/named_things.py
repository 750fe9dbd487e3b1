"""A clause that names what its definite subject is: "the boiler is a Worcester combi", "the plumber is
Mr Adeyemi", "the vet is Dr Hale on Mill Lane".

After the speaker's own clause, "the rent is cheap" or "the author is brilliant" may point back at what the
speaker just said (the rent of where they live) and stays with it. A clause that identifies its subject by a
name (a brand, a person, a place, a code) states a fact of its own: it is read apart, as "our boiler is a
Worcester combi" would be.

Unless its subject is a relational noun: a noun that is always something's ("the author" is a book's, "the
price" a thing's, "the owner" a place's, "the model" a car's or a phone's). "I'm reading Swing Time, and the
author is Zadie Smith": read apart, "The author is Zadie Smith" would have lost whose author; the clause
depends on what was just named and stays with it.
"""

from __future__ import annotations

import re

# "the boiler is a Worcester combi", "the plumber's Mr Adeyemi", "the kids' school is St Anne's": a
# definite subject of one to three words, "is/are/was", then a name (a capitalised word, not "I").
_NAMES_ITS_SUBJECT_RE = re.compile(
    r"^(?i:the)\s+(?:[a-z][\w'-]*\s+){0,2}(?P<head>[a-z][\w'-]*?)(?:'s|\s+(?i:is|are|was|were))\s+"
    r"(?:(?i:a|an|the|called|named)\s+)?(?!I\b)[A-Z][\w'&.-]*"
)

# Relational nouns: roles and attributes that exist only as something's (a work's author or director, an
# object's maker, model or price, a place's owner or address). Singular forms; a plural adds "s".
RELATIONAL_NOUNS = frozenset(
    """author writer novelist poet publisher editor translator illustrator narrator director producer
    screenwriter composer lyricist singer band artist painter photographer creator designer architect
    builder developer maker manufacturer brand make model version edition series sequel title name genre
    price cost fee value rent owner landlord landlady seller buyer vendor tenant occupant
    address postcode location venue host organiser organizer founder captain coach manager conductor
    star lead protagonist villain colour color size weight length capacity engine breed""".split()
)


def names_its_subject(clause: str) -> bool:
    """`clause` says what its definite subject is by naming it ("the boiler is a Worcester combi"), its
    subject not a relational noun ("the author is Zadie Smith" is of whatever was just named)."""
    found = _NAMES_ITS_SUBJECT_RE.match(clause)
    if found is None:
        return False
    head = found.group("head").lower()
    return head not in RELATIONAL_NOUNS and head.removesuffix("s") not in RELATIONAL_NOUNS
