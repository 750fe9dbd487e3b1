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


# ... said as a name in a sentence of the speaker's ("Mum's on warfarin now", "I'm taking Dad to the match"): not
# after a word that says whose or greets ("my Mum", "Hi Mum", "Ana's Mum"), nor a chat log's speaker ("Mum: lands
# at 6"), nor in a name ("Mamma Mia").
_AS_NAME_RE = re.compile(
    r"(?<![\w'-])(?P<kin>(?-i:"
    + "|".join(word.capitalize() for word in sorted(_ADDRESSED, key=len, reverse=True))
    + r"))(?![\w-])(?!:)(?! (?-i:[A-Z]))"
)
_WHOSE_BEFORE_RE = re.compile(
    r"(?:\b(?i:my|our|your|his|her|their|the|a|hi|hey|hello|dear|thanks|thank you|love you|bye)|'s?)\s*,?\s*$"
)


def as_own_relative(text: str) -> str:
    """`text` with each word for a parent or grandparent said as a name read as whose relative it is: the
    speaker's ("Mum's care home is Oakwood House" → "My mum's care home ...", "visiting Gran" → "visiting my
    gran"), so the statement reads, and is compared, as "my mum's care home" is."""

    def own(match: re.Match[str]) -> str:
        before = text[: match.start()]
        if _WHOSE_BEFORE_RE.search(before) and not before.rstrip().endswith((".", "!", "?")):
            return match.group(0)
        at_start = not before.strip() or before.rstrip().endswith((".", "!", "?", ";"))
        return ("My " if at_start else "my ") + match.group("kin").lower()

    return _AS_NAME_RE.sub(own, text)


def parent_word(word: str) -> bool:
    """`word` is one for a parent or grandparent that may be said as a name ("mum", "Gran", "amma")."""
    return word.lower() in _ADDRESSED


def opens_with_parent(text: str) -> bool:
    """`text` opens with the speaker's parent or grandparent: "my mum's care home ...", "Gran has ..."."""
    words = text.split(maxsplit=2)
    if len(words) >= 2 and words[0].lower() in ("my", "our"):
        return parent_word(re.sub(r"'s?$", "", words[1]))
    return addressed_by_kin(text)


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
        if owner is not None and owner.lower() in _ADDRESSED:
            return _ADDRESSED[owner.lower()]  # "Mum's care home is ...": the relative's own thing
        if owner is not None and stem(owner.lower()) not in user_names(user_id):
            return None  # someone else's mother
        return _KIN.get(found.group("kin").lower())
    named = _NAMED_RE.match(statement)
    return _ADDRESSED.get(named.group("kin").lower()) if named is not None else None
