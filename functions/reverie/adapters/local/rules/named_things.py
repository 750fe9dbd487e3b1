"""A clause that names what its definite subject is: "the boiler is a Worcester combi", "the landlord is
Mr Adeyemi", "the vet is Dr Hale on Mill Lane".

After the speaker's own clause, "the rent is cheap" or "the author is brilliant" may point back at what the
speaker just said (the rent of where they live) and stays with it. A clause that identifies its subject by a
name (a brand, a person, a place, a code) states a fact of its own: it is read apart, as "our boiler is a
Worcester combi" would be.
"""

from __future__ import annotations

import re

# "the boiler is a Worcester combi", "the landlord's Mr Adeyemi", "the kids' school is St Anne's": a
# definite subject of one to three words, "is/are/was", then a name (a capitalised word, not "I").
_NAMES_ITS_SUBJECT_RE = re.compile(
    r"^(?i:the)\s+(?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*(?:'s|\s+(?i:is|are|was|were))\s+"
    r"(?:(?i:a|an|the|called|named)\s+)?(?!I\b)[A-Z][\w'&.-]*"
)


def names_its_subject(clause: str) -> bool:
    """`clause` says what its definite subject is by naming it ("the boiler is a Worcester combi")."""
    return _NAMES_ITS_SUBJECT_RE.match(clause) is not None
