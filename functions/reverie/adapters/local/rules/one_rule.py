"""Two rules or two procedures that are one, in other words: the self-audit's most common duplicates.

- Rules (a constraint, a correction, a preference) pointing the same way, where what one asks for is all in
  the other: "Too long: keep answers to a few bullet points" says no more than "Alice prefers concise
  answers: a few bullet points" (a correction's complaint, before its colon, is not what it asks for).
- Procedures for the same situation: resting on the same failure (an event both cite), or the condition of
  one all in the other's ("the pre-deploy check reports a pending migration" / "pre-deploy check failed:
  migration 0042_add_refund_ledger is pending").
- Two rules resting on one message and asking for the same specific things (the agent's note of what the
  user asked, and the rule the dream read in the user's own words).

Never two people's: rules naming different people ("Tomasz wants his boxes sent to Via Tortona 31" / "Ship
Giulia's boxes to Via Tortona 31") are two rules however much else they share (rules/whose).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from reverie.adapters.local.rules.about import GENERIC, contains, owner, subject
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import CONTRAST, stem, terms
from reverie.domain.text import entities

RULE_TYPES = frozenset({MemoryType.CONSTRAINT, MemoryType.CORRECTION, MemoryType.PREFERENCE})
SHARED_WORDS = 3  # two rules from one message sharing this many specific words are one rule, told twice
COMPLAINT_WORDS = 4  # "Too long:", "Wrong format:": what a correction complains of, before what it asks
# Words that say a procedure's situation went wrong, not which situation it is.
_FAILURE = frozenset(
    stem(w) for w in "fail fails failed failure error errors report reports reported when".split()
)
_WORD_PART_RE = re.compile(r"[_/]")

Same = tuple[Literal["said", "more"], MemoryCard]
"""("said", card): the card already says the candidate; ("more", card): the candidate says the card and more."""


def _asked(candidate_type: MemoryType, statement: str) -> frozenset[str]:
    """What a rule asks for: its specific words, without its subject, the people it names, generic verbs of
    asking and choosing, a complaint, and what a contrast says it is not ("Always choose an aisle seat for
    Chen; never a window" asks for an aisle seat, as "Chen Wei prefers an aisle seat on flights" does)."""
    head, colon, tail = statement.partition(": ")
    if candidate_type is MemoryType.CORRECTION and colon and tail and len(head.split()) <= COMPLAINT_WORDS:
        statement = tail
    statement = _CONTRAST_TAIL_RE.sub("", statement)
    named = frozenset(stem(w) for name in entities(statement) for w in name.split())
    return frozenset(t for t in terms(statement) - subject(statement) - named if t not in _NOT_ASKED)


_CONTRAST_TAIL_RE = re.compile(rf"{CONTRAST}.*$", re.I)
# Verbs of asking and choosing: "always choose X", "book X", "give X" ask for X, as "prefers X" does.
_NOT_ASKED = GENERIC | frozenset(
    stem(w) for w in "always choose pick select book booking give put please wants prefers".split()
)


def _specific(statement: str) -> frozenset[str]:
    """Its words but for whom it is about."""
    return terms(statement) - {owner(statement)[0]}


def _situation(condition: str | None) -> frozenset[str]:
    words = terms(_WORD_PART_RE.sub(" ", condition or ""))
    return frozenset(w for w in words if w not in _FAILURE and not w.isdigit())


def same_rule(candidate: Candidate, cards: Sequence[MemoryCard]) -> Same | None:
    """A card that is the candidate's rule or procedure (see the module docstring), and which says more."""
    for card in cards:
        shared = set(candidate.evidence_refs) & set(card.evidence_refs)
        if candidate.type in RULE_TYPES and card.type in RULE_TYPES:
            # pointing other ways, clause by clause ("wants a window seat, can't sleep in an aisle seat"
            # points the way of "prefers the window": its clause about the window does)
            if opposed(candidate.statement, card.statement):
                continue
            if other_people(candidate.statement, card.statement):  # two people's rules, not one
                continue
            mine, theirs = _asked(candidate.type, candidate.statement), _asked(card.type, card.statement)
            if shared and len(_specific(candidate.statement) & _specific(card.statement)) >= SHARED_WORDS:
                fewer = len(_specific(candidate.statement)) <= len(_specific(card.statement))
                return ("said" if fewer else "more"), card  # one message's rule, told twice
        elif candidate.type is MemoryType.PROCEDURE and card.type is MemoryType.PROCEDURE:
            if shared:  # resting on the same failure: one procedure
                return "said", card
            mine, theirs = _situation(candidate.condition), _situation(card.condition)
        else:
            continue
        if contains(theirs, mine):
            return "said", card
        if contains(mine, theirs):
            return "more", card
    return None
