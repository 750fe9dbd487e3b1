"""More about a thing of someone's, said as a thing of its own, that belongs in the card about them: what they
do, belong to or react to ("The book club meets on the first Tuesday" after "Cas is in a book club"), and their
favourite within a taste held ("Hal's go-to Korean dish is bibimbap" after "Hal loves Korean food")."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import event, owner
from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.whose import unnamed_terms
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms

_FUSIBLE = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})

# A thing as a statement's subject, and the verb said of it: "The book club meets ...", "Five-a-side is on ...",
# "Penicillin gives me ..."; a person's name or a pronoun is no thing.
_THING_SAID_RE = re.compile(
    r"^(?:the\s+)?(?P<thing>[\w-]+(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are|meets?|runs?|starts?|gives?|makes?|"
    r"happens?|takes\s+place|rehearses|trains|practises|practices|plays|opens|closes|sits|gathers)\b",
    re.I,
)
_NO_THING = frozenset(
    stem(w) for w in "it this that there they he she what which everything something".split()
)


def about_what_they_do(candidate: Candidate, card: MemoryCard) -> bool:
    """A lasting statement whose subject is a thing the card says its person does, belongs to or reacts to:
    "The book club meets on the first Tuesday at the Crown" after "Cas is in a book club", "Five-a-side is on
    Wednesday nights" after "Wes plays five-a-side football", "Penicillin gives Max a nasty reaction" after
    "Max is allergic to penicillin": more about that one thing of theirs, one card. Only a thing the card
    names after its person, whole, and never a passing state beside a lasting one."""
    if (
        candidate.type not in _FUSIBLE
        or card.type not in _FUSIBLE
        or event(candidate.statement)
        or event(card.statement)
        or candidate.valid_until != card.valid_until
        or other_slots(candidate.key, card.key, card.user_id or "")
    ):
        return False
    found = _THING_SAID_RE.match(candidate.statement.strip())
    person = owner(card.statement)[0]
    if found is None or not person or not card.statement[:1].isupper():
        return False
    thing = terms(found.group("thing"))
    if not thing or thing & _NO_THING or person in thing or owner(candidate.statement)[0] == person:
        return False
    # a name opening the candidate may be a person's ("Giulia is ..." beside "At home Giulia has ..."): a thing
    # is one the card names in lower case ("allergic to penicillin"), or one said with "the"
    if not found.group(0).lower().startswith("the ") and not thing <= unnamed_terms(card.statement):
        return False
    # whose the thing is, when the candidate says ("Ana's book club meets ..."): the card's person's, or no fusion
    whose = re.match(r"^(?P<owner>[A-Z][\w-]*)'s\s", candidate.statement.strip())
    if whose and stem(whose.group("owner").lower()) != person:
        return False
    return thing <= terms(card.statement) - {person}


# Someone's favourite of a kind ("Hal's go-to Korean dish is bibimbap") and a taste held ("Hal loves Korean food").
_FAVOURITE_RE = re.compile(
    r"^(?P<who>[\w-]+)'s\s+(?:go-to|favou?rite|fave|usual)\s+(?P<what>(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:is|are)\b",
    re.I,
)


def favourite_of_taste(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate gives someone's favourite of a kind the card says they love ("Hal's go-to Korean dish is
    bibimbap" after "Hal loves Korean food"): the taste, made precise."""
    found = _FAVOURITE_RE.match(candidate.statement.strip())
    if found is None or candidate.type not in _FUSIBLE or card.type not in _FUSIBLE:
        return False
    taste = re.match(
        rf"^{re.escape(found.group('who'))}\s+(?:loves?|likes?|enjoys?|adores?|is\s+into)\s+(?P<what>[^,.;]+)",
        card.statement.strip(),
        re.I,
    )
    kind = found.group("what").split()[:-1]  # "Korean" of "Korean dish"
    return taste is not None and bool(terms(" ".join(kind)) & terms(taste.group("what")))
