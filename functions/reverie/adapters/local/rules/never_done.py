"""Work said never done against a record of it done: "the belt has never been done" (someone's word) beside a
garage's "timing belt and water pump replaced on 11 May 2023", "the chimney was never swept" beside
"chimney swept (3 October 2025)". Both speak of one thing and one piece of work, and one denies the other.
Work once done stays done: no later word undoes it, so a claim that it never was is a conflict for a person
to settle, whoever says it and whenever (a correction aside); work recorded done after someone said it never
was is news (it has been done since), and replaces that word.

The thing is the noun right before "has never been ..." / "was never ..."; the other statement must name
that thing and say, without a negation, that a piece of work was done to it (replaced, serviced, fixed ...).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import SAME_TIME, decision, replace, time_of
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, SourceKind
from reverie.domain.restatement import negated, stem, terms
from reverie.ports import MergeAction, MergeDecision

_WORK = (
    "done|replaced|changed|serviced|fitted|renewed|repaired|fixed|swept|cleaned|inspected|tested|checked|"
    "rewired|resealed|repainted|treated|overhauled|flushed"
)
_NEVER_RE = re.compile(
    rf"\b(?P<thing>[a-z][a-z-]{{2,}})\s+(?:(?:has|have|had)\s+never\s+been|(?:was|were)\s+never)\s+"
    rf"(?P<work>{_WORK})\b",
    re.I,
)
_DONE_RE = re.compile(rf"\b(?:{_WORK})\b", re.I)


def _never(statement: str) -> str | None:
    """The stemmed thing `statement` says was never worked on, else None."""
    found = _NEVER_RE.search(statement)
    return stem(found.group("thing").lower()) if found else None


def _done_to(statement: str, thing: str) -> bool:
    """`statement` says, without a negation, that work was done to `thing`."""
    return thing in terms(statement) and _DONE_RE.search(statement) is not None and not negated(statement)


def never_done(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """What `candidate` is to the card whose work it denies, or that denies the work it records (see the
    module); None when there is none."""
    mine = _never(candidate.statement)
    for card in cards:
        theirs = _never(card.statement)
        denies = bool(mine and _done_to(card.statement, mine))
        if not denies and not (theirs and _done_to(candidate.statement, theirs)):
            continue
        what = f"says otherwise than {card.memory_id} whether the work was done"
        correction = (
            candidate.type is MemoryType.CORRECTION or candidate.source.kind is SourceKind.HUMAN_REVIEW
        )
        since = candidate.observed_at is not None and candidate.observed_at - time_of(card) > SAME_TIME
        if correction or (not denies and since):  # put right, or done since it was said never to have been
            return replace(candidate, card, what)
        return decision(MergeAction.CONFLICT, card, f"{what}: work once done stays done, a person decides")
    return None
