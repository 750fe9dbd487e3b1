"""Two statements about one person that send the same thing to the same place are one arrangement.

A place given by a name and a number ("Via Tortona 31", "14 Rue Oberkampf", "Unit 7") is specific enough that
two statements naming it for the same person, in the same role and the same kind of memory, are the same
memory in other words (an e-mail address or a phone number would be too, but cards hold them masked): "Tomasz
wants his wine club boxes sent to his studio at Via Tortona 31" and "Deliver Tomasz's cases to Via Tortona 31
(the studio), never the flat" are one delivery arrangement, though they share no other word. The role is
what the value is to the statement, read from the preposition whose phrase holds it: where things go ("to
his studio at ...": to), where someone is ("works at ...": at). So "Tomasz works at Via Tortona 31" (a fact,
at) stays apart from where his boxes go (a preference, to); so do another person's address, another number
in the same street, and a statement that names the place only to say not there ("not to Via Tortona 31").
The person is whom each statement names (rules/whose): "Deliver Tomasz's cases to ..." and "Deliver Giulia's
cases to ..." share their opening verb, not their person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.values import other_numbers
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.whose import people, shared_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import NEGATION_RE, terms
from reverie.ports import MergeAction, MergeDecision

_MONTHS_AND_DAYS = (
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|"
    r"September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
    r"Year|Week|Day|Page|Chapter|Step|Level|Grade|Version)"
)
# A place by name and number, either way round ("Via Tortona 31", "221B Baker Street"), never a date
# ("May 12") or a count ("Year 4").
_VALUE_RE = re.compile(
    rf"\b(?!{_MONTHS_AND_DAYS}\b)[A-Z][a-z][\w-]*(?:\s+[A-Z][a-z][\w-]*){{0,2}}\s+\d+[A-Za-z]?\b"
    rf"|\b\d+[A-Za-z]?\s+(?!{_MONTHS_AND_DAYS}\b)[A-Z][a-z][\w-]*(?:\s+[A-Z][a-z][\w-]*){{0,2}}\b"
)
_PREPOSITIONS = frozenset("to at in on into onto from for via by with near".split())
_OPENERS = frozenset("the a an my our your his her their its this that".split())
_PLACE_PREPOSITIONS = frozenset("at in on".split())
_LOOK_BACK = 5  # words before a value in which its preposition is looked for
_RULE_LIKE = frozenset({MemoryType.PREFERENCE, MemoryType.CONSTRAINT})


def _values(statement: str) -> dict[str, str]:
    """Each specific value the statement gives (lower-cased) and its role in it (see `_role`); a value
    named only to be denied ("not to Via Tortona 31") is left out."""
    out: dict[str, str] = {}
    for found in _VALUE_RE.finditer(statement):
        before = re.split(r"[,;]", statement[: found.start()])[-1]  # the clause up to the value
        if NEGATION_RE.search(before):
            continue
        out[found.group(0).lower().rstrip(".")] = _role(before)
    return out


def _role(before: str) -> str:
    """What a value is to its statement, from the words before it: the preposition whose phrase holds it
    ("to her office at": to, the office being where things go; "works at": at), or the word just before
    it when no preposition is near ("the address is": is)."""
    words = [w.strip("()\"'").lower() for w in before.split()][-_LOOK_BACK:]
    for n in range(len(words) - 1, -1, -1):
        if words[n] not in _PREPOSITIONS:
            continue
        # "to her office at X": a place named inside the phrase of an earlier preposition is that phrase's
        for m in range(n - 1, -1, -1):
            if words[n] in _PLACE_PREPOSITIONS and words[m] in _PREPOSITIONS:
                if m + 1 < n and words[m + 1] in _OPENERS:
                    return words[m]
                break
        return words[n]
    return words[-1] if words else ""


def _same_family(a: MemoryType, b: MemoryType) -> bool:
    return a is b or {a, b} <= _RULE_LIKE


def same_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The card among `cards` giving the same specific value as `candidate`, for the same person, in the
    same role and kind of memory (see the module docstring): one card, or none when neither says more."""
    mine = _values(candidate.statement)
    if not mine or not people(candidate.statement)[1] or candidate.type not in {MemoryType.FACT, *_RULE_LIKE}:
        return None
    for card in cards:
        theirs = _values(card.statement)
        shared = [v for v in mine if v in theirs and mine[v] == theirs[v]]
        if (
            not shared
            or not _same_family(candidate.type, card.type)
            or not shared_people(candidate.statement, card.statement)[0]
            or other_slots(candidate.key, card.key, card.user_id or "")
            or other_numbers(candidate.statement, card.statement)
            or opposed(candidate.statement, card.statement)
        ):
            continue
        why = f"{card.memory_id} gives {shared[0]} the same way for the same person"
        if terms(candidate.statement) <= terms(card.statement):
            return decision(MergeAction.NOOP, card, why)
        return fused(candidate, card, join(card.statement, candidate.statement), why)
    return None
