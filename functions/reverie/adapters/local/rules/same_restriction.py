"""The same restriction said two ways: "Daw is lactose intolerant" and "Daw can't have lactose" (or "is allergic to
peanuts" and "can't eat peanuts") say one thing of one person. Read by their words alone, the second is a
negation of the first ("can't" against a statement with none) and would replace it as a change; it is the same
fact, and the card held stands (nothing to add).

Both name the same person and the same thing, one as a condition of theirs (intolerant, allergic, an allergy)
and the other as what they cannot or do not eat, drink or take. "Daw is not lactose intolerant any more" is a
negation of the condition itself, and is left to the other rules.

A diet is such a condition too, ruling out what it is defined by: "Gus is vegan" and "Gus doesn't eat any animal
products", "Ama is vegetarian" and "Ama doesn't eat meat" say one thing ("Ama doesn't eat dairy" says more than
"vegetarian" does: the two fuse into one card, the diet held).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import whom
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import negated, stem
from reverie.domain.text import content_words
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
    r"(?:have|has|eat|eats|drink|drinks|take|takes|tolerate|tolerates|digest|digests)\s+(?:any\s+)?"
    r"(?P<a>animal products|[a-z-]+)\b"
    # ... or a rule keeping it from them: "No pork for Vas please"
    r"|^no\s+(?P<b>[a-z-]+)\s+for\s+(?=(?-i:[A-Z])|the\s+user\b)",
    re.I,
)
# Whom the rule keeps it from: "No pork for Vas" → Vas.
_FOR_WHOM_RE = re.compile(r"^no\s+[a-z-]+\s+for\s+(?:the\s+)?(?P<who>(?-i:[A-Z])[\w-]*|user)\b", re.I)
# A diet, by what it rules out (as stems).
_MEAT = {"meat", "poultry", "chicken", "pork", "beef", "lamb"}
_RULED_OUT = {
    "vegan": {*_MEAT, "fish", "seafood", "dairy", "egg", "milk", "chees", "honey", "animal product"},
    "plant-based": {*_MEAT, "fish", "seafood", "dairy", "egg", "milk", "chees", "animal product"},
    "vegetarian": {*_MEAT, "fish", "seafood"},
    "pescatarian": _MEAT,
    "coeliac": {"gluten", "wheat"},
    "celiac": {"gluten", "wheat"},
}
# "is vegan", "is a vegetarian", "has coeliac disease"
_DIET_RE = re.compile(
    r"\b(?:(?:is|am|are|'s|'m|'re)\s+(?:now\s+|still\s+|(?:a\s+))?|(?:has|have)\s+(?=\w+\s+disease))"
    r"(?P<diet>vegan|plant-based|vegetarian|pescatarian|coeliac|celiac)\b",
    re.I,
)


def _condition(statement: str) -> frozenset[str]:
    """What the statement's condition or diet rules out (stems); empty when it states none, or denies it."""
    if negated(statement):
        return frozenset()
    if found := _CONDITION_RE.search(statement):
        return frozenset({stem(next(g for g in found.groups() if g).lower())})
    return _diet(statement)


def _diet(statement: str) -> frozenset[str]:
    """What the diet the statement gives rules out; empty when it gives none."""
    found = _DIET_RE.search(statement)
    return (
        frozenset(_RULED_OUT[found.group("diet").lower()])
        if found and not negated(statement)
        else frozenset()
    )


def _cannot(statement: str) -> str | None:
    found = _CANNOT_RE.search(statement)
    said = None if found is None else found.group("a") or found.group("b")
    return None if said is None else " ".join(stem(w) for w in said.lower().split())


def _whom(statement: str) -> tuple[str, frozenset[str]]:
    """Whom the restriction is of: the statement's subject, or whom a rule keeps the thing from."""
    found = _FOR_WHOM_RE.match(statement)
    return (stem(found.group("who").lower()), frozenset()) if found else whom(statement)


# Words a restriction is told with, beside what it rules out.
_RESTRICTION_WORDS = frozenset(
    "allergic allergy allergies intolerant intolerance disease diet all really actually now still anymore "
    "strictly completely totally fully".split()
)


def _says_more(statement: str) -> bool:
    """`statement` says something beside its restriction and whose it is ("..., keeps antihistamines in his
    bag")."""
    rest = statement
    for pattern in (_CONDITION_RE, _CANNOT_RE, _DIET_RE):
        rest = pattern.sub(" ", rest)
    person = _whom(statement)[0]
    return any(
        w not in _RESTRICTION_WORDS and stem(w) != person and not w.startswith(person)
        for w in content_words(rest.lower())
    )


def same_restriction(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the candidate's restriction the other way (see the module): nothing to add."""
    said = candidate.statement
    mine = (_condition(said), _cannot(said))
    if mine == (frozenset(), None) or _says_more(said):
        return None  # "is vegetarian and needs veggie breakfast options": more than the restriction, to fuse
    who = _whom(said)  # the person and whose ("Ama's son" is not Ama)
    for card in cards:
        if not who[0] or _whom(card.statement) != who:
            continue
        theirs = (_condition(card.statement), _cannot(card.statement))
        if _same(mine, theirs):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} says the same restriction")
        if mine[1] and _diet(card.statement):  # "doesn't eat dairy" on top of "is vegetarian": both hold
            return fused(
                candidate, card, join(card.statement, said), "a further restriction on the diet held"
            )
    return None


def _same(mine: tuple[frozenset[str], str | None], theirs: tuple[frozenset[str], str | None]) -> bool:
    """One rules out what the other cannot have, or both name one condition ("is coeliac" / "has coeliac
    disease", "allergic to peanuts" / "a peanut allergy")."""
    return bool(
        (theirs[1] in mine[0])
        or (mine[1] in theirs[0])
        or (mine[0] and mine[0] == theirs[0])
        or (mine[1] is not None and mine[1] == theirs[1])  # "doesn't eat pork" / "No pork for Vas"
    )


def restriction_with_more(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the restriction the candidate says with more, when nothing else decided ("Isla has a
    peanut allergy, so no satay at the party" after "Ora's daughter Isla is allergic to peanuts"): one card."""
    said = candidate.statement
    mine = (_condition(said), _cannot(said))
    if mine == (frozenset(), None) or not _says_more(said):
        return None
    who = _whom(said)
    for card in cards:
        if not who[0] or _whom(card.statement)[0] != who[0]:
            continue
        if _same(mine, (_condition(card.statement), _cannot(card.statement))):
            return fused(candidate, card, join(card.statement, said), "the same restriction, with more")
    return None
