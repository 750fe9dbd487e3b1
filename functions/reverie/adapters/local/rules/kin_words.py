"""What people call their parents and grandparents, in English and in the languages they mix in: "Mum", "Amma",
"Appa", "Oma", "Mamá", "Nonna" name the speaker's mother, father, grandmother, as "mother" and "madre" do.

Cards keep the person's own word ("Amma moved into Willowbank House", "Vikram's nani lives in Jaipur"); two
cards are compared by the relation: "Ravi's mum" and "Ravi's mother" are one person (`as_relation`,
`same_relative`), and so is "Amma", said as a name by Ravi (`relation_named`, read by `relatives`). Only words
that name a relative and hardly anything else may stand alone as a name: "Papa" and "Baba" are names and
brands too, "Abba" a band.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.the_user import user_names
from reverie.domain.restatement import stem

# word -> the relation it names; all of them may stand alone as a name for one's own relative.
_ADDRESSED = {
    **dict.fromkeys(
        "mum mom mam mummy mommy amma ammi ammu ammachi maman mamá mamã mutti mamma".split(), "mother"
    ),
    **dict.fromkeys("dad daddy appa abbu papá vati".split(), "father"),
    **dict.fromkeys("grandma granny gran grandmother nani dadi ammamma paati oma abuela nonna".split(), "grandmother"),
    **dict.fromkeys("grandad granddad grandpa grandfather opa abuelo nonno thatha".split(), "grandfather"),
}  # fmt: skip
# ... and, with whose it is ("Ravi's mother"), the relation's own English word and other languages' for it.
_KIN = {
    **_ADDRESSED,
    **dict.fromkeys("mother madre mutter mère mãe moeder".split(), "mother"),
    **dict.fromkeys("father padre vater père pai vader".split(), "father"),
}

_RELATIONS = {stem(word): stem(relation) for word, relation in _KIN.items()}


def as_relation(words: frozenset[str]) -> frozenset[str]:
    """Stemmed `words` with each word for a parent or grandparent as the relation it names ("mum" → mother)."""
    return frozenset(_RELATIONS.get(word, word) for word in words)


def same_relative(word: str, other: str) -> bool:
    """`word` and `other` are two words for one relation ("mum", "mother"; "amma", "mum")."""
    relation = _RELATIONS.get(stem(word.lower()))
    return relation is not None and relation == _RELATIONS.get(stem(other.lower()))


# Whose relative a statement opens with: "The user's mum", "Ravi's mother", "Ravi Chandran's amma" ...
_WHOSE_RE = re.compile(r"^(?:The user|(?P<owner>[A-Z][\w-]*)(?:\s+[A-Z][\w-]*)?)'s\s+(?P<kin>[^\W\d_]+)\b")
# ... or the word alone, as a name: "Amma moved into ...", "Mum's carers come at 8" (not "Mamma Mia").
_NAMED_RE = re.compile(r"^(?P<kin>[A-Z][^\W\d_]+)\b(?!\s+[A-Z])")


def relation_word(word: str) -> str:
    """The relation a word for a parent or grandparent names ("mum" → "mother", "Gran" → "grandmother"); other
    words as they are, in small letters ("sister")."""
    return _KIN.get(word.lower(), word.lower())


def addressed_by_kin(text: str) -> bool:
    """`text` opens with a word for one's parent or grandparent said as a name: "Gran's moved in with ...",
    "Mum has a new job" (not "Mamma Mia", nor "mum" in small letters)."""
    named = _NAMED_RE.match(text)
    return named is not None and named.group("kin").lower() in _ADDRESSED


def relation_named(statement: str, user_id: str) -> str | None:
    """The relation to the user of whom `statement` is about ("Ravi's mum ..." said of Ravi, "Amma ..."): "mother",
    "grandfather"; None when it opens with no relative of the user's."""
    found = _WHOSE_RE.match(statement)
    if found is not None:
        owner = found.group("owner")
        if owner is not None and stem(owner.lower()) not in user_names(user_id):
            return None  # someone else's mother
        return _KIN.get(found.group("kin").lower())
    named = _NAMED_RE.match(statement)
    return _ADDRESSED.get(named.group("kin").lower()) if named is not None else None
