"""A fact a held rule already gives as its reason: "Sanjay is lactose intolerant" beside "Sanjay can't have
dairy: he is lactose intolerant" (or "..., because he is lactose intolerant", "He is lactose intolerant, so no
milk in his meals"). The rule says the fact too, so the two are one card, the rule: the fact said after it is
nothing new; a rule said after the fact takes it in.

Only when all the fact says beside whom it is about (two words at least) is in the rule's reason, and neither
denies the other; never two people's.

A dislike is the ground of a rule that keeps the thing away: "Benn hates coriander" and "Never put coriander in
Benn's recipes, can't stand it" are one card (`dislike_ruled`), whichever is said first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import name_words
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.rule_reason import reason_and_result
from reverie.adapters.local.rules.the_user import user_names
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, MergeDecision

RULE_TYPES = frozenset({MemoryType.CONSTRAINT, MemoryType.PREFERENCE})
_FACT_WORDS = 2  # what the fact must say beside whom it is about
# The reason a rule gives after what it asks: "...: he is lactose intolerant", "... because she is coeliac".
_GIVEN_AFTER_RE = re.compile(r":\s+|\s+(?:because|since|as)\s+(?=(?:he|she|they|i|we|[A-Z]\w*)\b)")
_PRONOUNS = frozenset("he she they him her them his their".split())


def _reasons(rule: str) -> list[str]:
    """What a rule gives as its reason: before its ", so ...", or after its ":" or "because"."""
    reason, result = reason_and_result(rule)  # "she is coeliac, so no gluten"
    found = [reason] if result else []
    parts = _GIVEN_AFTER_RE.split(rule.strip().rstrip("."), maxsplit=1)
    return found + ([parts[1]] if len(parts) == 2 else [])


def _grounds(fact: str, rule: MemoryCard) -> bool:
    if other_people(fact, rule.statement):
        return False
    who = (
        name_words(fact) | name_words(rule.statement) | _PRONOUNS | {"user", *user_names(rule.user_id or "")}
    )
    said = terms(fact) - who
    return len(said) >= _FACT_WORDS and any(
        said <= terms(reason) and not opposed(fact, reason) for reason in _reasons(rule.statement)
    )


def rule_grounds(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The candidate is the reason a held rule gives (nothing new), or a rule giving a held fact as its
    reason (the rule takes the fact in); None otherwise."""
    for card in cards:
        if (
            candidate.type is MemoryType.FACT
            and card.type in RULE_TYPES
            and _grounds(candidate.statement, card)
        ):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} gives it as its reason")
        if candidate.type in RULE_TYPES and card.type is MemoryType.FACT:
            held = card.model_copy(update={"statement": candidate.statement, "user_id": card.user_id})
            if _grounds(card.statement, held):
                return fused(candidate, card, candidate.statement, f"gives {card.memory_id} as its reason")
    return None


# A dislike and what of: "hates coriander", "can't stand olives", "isn't a fan of musicals".
_DISLIKE_RE = re.compile(
    r"\b(?:hates?|dislikes?|detests?|loathes?|can't\s+stand|cannot\s+stand|can't\s+bear|doesn't\s+like|"
    r"does\s+not\s+like|(?:is\s+)?not\s+a\s+fan\s+of|isn't\s+a\s+fan\s+of)\s+(?P<thing>[\w' -]{2,40}?)\s*(?:[.,;!]|$)",
    re.I,
)
# ... and a rule that keeps something away: "never put ...", "no coriander", "don't add ...", "avoid ...".
_KEPT_AWAY_RE = re.compile(r"\b(?:never|no|don't|do\s+not|avoid|without|leave\s+out|skip)\b", re.I)


def dislike_ruled(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held dislike a rule keeping that thing away rests on (the rule takes it in), or the held rule a
    dislike said again rests on (nothing new); None otherwise (see the module)."""
    for card in cards:
        if other_people(candidate.statement, card.statement):
            continue
        if candidate.type in RULE_TYPES and _rests_on(candidate.statement, card.statement):
            return fused(
                candidate,
                card,
                join(card.statement, candidate.statement),
                f"a rule from the dislike {card.memory_id}",
            )
        if card.type in RULE_TYPES and _rests_on(card.statement, candidate.statement):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} keeps it away already")
    return None


def _rests_on(rule: str, dislike: str) -> bool:
    """`rule` keeps away the thing `dislike` says someone dislikes."""
    found = _DISLIKE_RE.search(dislike)
    if found is None or _KEPT_AWAY_RE.search(rule) is None:
        return False
    thing = terms(found.group("thing"))
    return bool(thing) and thing <= terms(rule)
