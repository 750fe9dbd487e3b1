"""The same restriction said two ways: "Daw is lactose intolerant" and "Daw can't have lactose" (or "is allergic to
peanuts" and "can't eat peanuts") say one thing of one person. Read by their words alone, the second is a
negation of the first ("can't" against a statement with none) and would replace it as a change; it is the same
fact, and the card held stands (nothing to add).

Both name the same person and the same thing, one as a condition of theirs (intolerant, allergic, an allergy)
and the other as what they cannot or do not eat, drink or take. "Daw is not lactose intolerant any more" is a
negation of the condition itself, and is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.verdicts import decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import negated, stem
from reverie.ports import MergeAction, MergeDecision

# A condition that rules a thing out: "lactose intolerant", "intolerant to gluten", "allergic to peanuts", "a
# nut allergy".
_CONDITION_RE = re.compile(
    r"\b(?:(?P<a>[a-z-]+)[ -]intolerant|intolerant (?:to|of) (?P<b>[a-z-]+)|allergic to (?P<c>[a-z-]+)|"
    r"(?P<d>[a-z-]+) (?:allergy|intolerance))\b",
    re.I,
)
# What one cannot or does not eat, drink or take.
_CANNOT_RE = re.compile(
    r"\b(?:can't|can not|cannot|doesn't|don't|does not|do not|must not|mustn't|never|avoids?)\s+"
    r"(?:have|has|eat|eats|drink|drinks|take|takes|tolerate|tolerates|digest|digests)\s+(?:any\s+)?(?P<a>[a-z-]+)\b",
    re.I,
)


def _condition(statement: str) -> str | None:
    found = _CONDITION_RE.search(statement)
    if found is None or negated(statement):
        return None
    return stem(next(g for g in found.groups() if g).lower())


def _cannot(statement: str) -> str | None:
    found = _CANNOT_RE.search(statement)
    return None if found is None else stem(found.group("a").lower())


def same_restriction(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the candidate's restriction the other way (see the module): nothing to add."""
    said = candidate.statement
    mine = (_condition(said), _cannot(said))
    if mine == (None, None):
        return None
    who = owner(said)[0]
    for card in cards:
        if not who or owner(card.statement)[0] != who:
            continue
        theirs = (_condition(card.statement), _cannot(card.statement))
        if (mine[0] and mine[0] == theirs[1]) or (mine[1] and mine[1] == theirs[0]):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} says the same restriction")
    return None
