"""A fact that is what a rule's condition says: "Don't book Callum anything when rehearsals are wednesdays
at 7 at Sound Barn" already holds "Callum's band rehearses on Wednesdays at 7pm at Sound Barn". One card is
kept, the rule: a rule arriving over the fact replaces it (the rule carries it), a fact arriving under a
held rule is nothing new.

The fact must say the condition and no more (but for whom it is about), word for word up to inflection
("rehearses" / "rehearsals") and the hour written with or without am/pm ("7" / "7pm"), and the condition
must be specific (several words): "when it rains" is not "It rains a lot in Leeds".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import subject
from reverie.adapters.local.rules.one_rule import RULE_TYPES
from reverie.adapters.local.rules.verdicts import decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import negated, terms
from reverie.ports import MergeAction, MergeDecision

CONDITION_WORDS = 3  # a condition with fewer specific words is too general to be a fact
SAME_ROOT = 5  # "rehears" / "rehearsal": one word is the other's beginning, this long at least
_CONDITION_RE = re.compile(r"\b(?:when|whenever|while|during)\s+(.+?)[.!]?$", re.I)
_HOUR_RE = re.compile(r"^(\d{1,2})(?:[:.]?(\d{2}))?(?:am|pm)?$")


def _condition(statement: str) -> str | None:
    found = _CONDITION_RE.search(statement.strip())
    return found.group(1) if found else None


def _word(term: str) -> str:
    """One form for an hour ("7pm", "7:00pm", "7" → 7)."""
    hour = _HOUR_RE.match(term)
    if hour and hour.group(2) in (None, "00"):
        return str(int(hour.group(1)))
    return term


def _same(a: str, b: str) -> bool:
    a, b = _word(a), _word(b)
    short, long = sorted((a, b), key=len)
    return a == b or (len(short) >= SAME_ROOT and long.startswith(short))


def _covers(these: frozenset[str], those: frozenset[str]) -> bool:
    return all(any(_same(t, u) for u in those) for t in these)


def is_condition_of(fact: str, rule: str) -> bool:
    """`fact` says what `rule`'s condition says, and no more but for whom it is about."""
    condition = _condition(rule)
    if condition is None or negated(fact):
        return False
    asked, words = terms(condition), terms(fact)
    said = words - subject(fact)
    if len(asked) < CONDITION_WORDS or not said:
        return False
    return _covers(asked, words) and _covers(said, asked)


def rule_condition(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A held fact that the candidate rule's condition states (the rule replaces it), or a held rule whose
    condition the candidate fact states (nothing new)."""
    for card in cards:
        rule_over_fact = candidate.type in RULE_TYPES and card.type is MemoryType.FACT
        if rule_over_fact and is_condition_of(card.statement, candidate.statement):
            why = f"{card.memory_id} is what the rule's condition says: the rule carries it"
            return decision(MergeAction.SUPERSEDE, card, why)
        fact_under_rule = candidate.type is MemoryType.FACT and card.type in RULE_TYPES
        if fact_under_rule and is_condition_of(candidate.statement, card.statement):
            return decision(MergeAction.NOOP, card, f"the condition of {card.memory_id} says it")
    return None
