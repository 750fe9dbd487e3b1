"""More about a thing a held fact already tells of, the thing named by the words that fact used for it: "The
user's greenhouse tomatoes are always San Marzano" after "The user grows their tomatoes in the greenhouse";
"Ines's allotment shed has a new padlock" after "Ines keeps her tools in the shed on her allotment". The
new statement's subject is someone's thing said in two words or more, and one held fact about the same
someone names every one of them: it is that thing, told with more detail, and the two fuse into one card.

One word is too little to know the thing ("The user's car is a Golf" beside "The user drives their car to
work" may be two cars), and so is a thing two held facts name: nothing is fused then. A fact whose subject
is another person ("The user's sister's greenhouse tomatoes") names another thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeAction, MergeDecision

_THEIRS_RE = re.compile(
    r"^(?P<who>The user|(?-i:[A-Z])[\w-]*(?: (?-i:[A-Z])[\w-]*)?)'s "
    r"(?P<thing>(?:[a-z][\w-]* ){1,3}[a-z][\w-]*) (?:is|are|was|were|has|have|gets|get|grows?|needs?)\b"
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})
_KIN = frozenset(
    stem(w) for w in "sister brother mum mother dad father son daughter wife husband partner".split()
)


def thing_told_more(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact about the same person naming every word of the thing the candidate tells more
    of, fused with it (see the module); None otherwise."""
    found = _THEIRS_RE.match(candidate.statement)
    if candidate.type not in _KINDS or found is None:
        return None
    thing = {stem(w) for w in found.group("thing").split()}
    if thing & _KIN:
        return None
    who = found.group("who")
    naming = [
        c
        for c in cards
        if c.type in _KINDS
        and c.statement.startswith(f"{who} ")
        and not c.statement.startswith(f"{who}'s ")
        and thing <= terms(c.statement)
    ]
    if len(naming) != 1:
        return None
    held = naming[0]
    if terms(candidate.statement) <= terms(held.statement):  # "Rohan's exam board is AQA": said already
        return decision(MergeAction.NOOP, held, f"{held.memory_id} already says as much")
    return fused(candidate, held, join(held.statement, candidate.statement), "more about a thing it tells of")
