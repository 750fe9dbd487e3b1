"""Two statements about the same relative of the user, called by two words: "Amma moved into Willowbank House in
Didsbury" (the user's word for her, said as a name) and "Ravi's mum is a resident at Willowbank House" (Ravi
being the user), or "Nadia's mother" and "Nadia's mum".

The words alone differ in whom they name, so no other rule sees one person; read by the relation
(`kin_words`), they are one card when they tell of the same named thing (the same care home, the same
surgery), or the later one says all the held one did and more ("Ravi's mum is in a care home", then "Mum's care
home is Oakwood House"): what the later one adds joins the card, or nothing when it says nothing more. Two relatives ("mum" /
"dad"), someone else's mother, or numbers that disagree stay apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rules.kin_words import as_relation, relation_named
from reverie.adapters.local.rules.pointer import at_odds
from reverie.adapters.local.rules.the_user import user_names
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.who_they_are import without_who_they_are
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.domain.text import entities
from reverie.ports import MergeAction, MergeDecision


def _named_things(statement: str, who: frozenset[str]) -> frozenset[str]:
    """The names a statement gives beside whom it is about ("willowbank", "house", "didsbury")."""
    return frozenset(stem(e) for e in entities(statement)) - who


def _said(statement: str, who: frozenset[str]) -> frozenset[str]:
    return as_relation(terms(without_who_they_are(statement))) - who


def one_relative(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card about the same relative of the user and the same named thing (see the module docstring):
    a no-op when the candidate says nothing more, else the two fused; None when no card is such."""
    if candidate.type is not MemoryType.FACT:
        return None
    for card in cards:
        if card.type is not MemoryType.FACT or not card.user_id:
            continue
        relation = relation_named(candidate.statement, card.user_id)
        if relation is None or relation != relation_named(card.statement, card.user_id):
            continue
        who = frozenset({*user_names(card.user_id), "user", *as_relation(frozenset({stem(relation)}))})
        who |= {stem(w) for w in (candidate.statement.split()[0], card.statement.split()[0])}
        who = who | {w.removesuffix("'") for w in who}
        mine, theirs = _said(candidate.statement, who), _said(card.statement, who)
        if not _named_things(candidate.statement, who) & _named_things(card.statement, who) and not (
            theirs and theirs <= mine  # all the card said of her, and more: "in a care home", then which one
        ):
            continue  # the same relative, but what is said of her is about something else
        if at_odds(candidate.statement, card.statement):
            continue
        if mine <= theirs:
            return decision(MergeAction.NOOP, card, f"{card.memory_id} says it of the same {relation}")
        return fused(candidate, card, join(card.statement, candidate.statement), f"the same {relation}")
    return None
