"""One candidate against its nearest current cards: add, fuse, supersede, no-op or conflict.

- Same slot (key): the same value is a no-op; the same value with more detail fuses; another value, or a
  reversal, is a change: latest wins (or a person decides). A taste's value is its direction ("loves" /
  "no longer likes"): more about a taste held the same way fuses.
- No shared slot: a denial of a card replaces it; a card saying as much makes a no-op; a statement
  about the same subject and the same specific thing ("loves jazz" / "goes to a jazz club every Friday")
  fuses into one card, and news about what a plan was for (done, cancelled, moved) supersedes the plan.

Deterministic and order-independent: neighbours are considered in `memory_id` order, so the same
candidate and the same set of cards always give the same decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from reverie.adapters.local.rules.about import contains, jaccard, name_words, owner, subject
from reverie.adapters.local.rules.by_topic import by_topic, plan_news
from reverie.adapters.local.rules.claims import claims_disagree, without_attribution
from reverie.adapters.local.rules.due import another_due_date, same_due_date
from reverie.adapters.local.rules.frequency import another_frequency
from reverie.adapters.local.rules.keys import other_slots, same_slot, statement_key
from reverie.adapters.local.rules.losses import loss
from reverie.adapters.local.rules.one_rule import same_rule
from reverie.adapters.local.rules.plan_changes import plan_moved, plan_went
from reverie.adapters.local.rules.pointed_at import Pointer, Way, pointed_at
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.pursuits import the_pursuit
from reverie.adapters.local.rules.remainder import carried
from reverie.adapters.local.rules.same_value import same_value
from reverie.adapters.local.rules.value_swap import with_value_swapped
from reverie.adapters.local.rules.values import (
    SAME_VALUE_JACCARD,
    another_attribute_value,
    another_date,
    another_value,
    most_contrasted,
    other_numbers,
)
from reverie.adapters.local.rules.verdicts import FUSED_MAX_CHARS, fused, join, replace
from reverie.adapters.local.rules.verdicts import decision as _decision
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus, Status
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import entities
from reverie.ports import MergeAction, MergeDecision

__all__ = ["FUSED_MAX_CHARS", "decide", "join"]

DUPLICATE_JACCARD = 0.7  # no key: this similar means the same idea
NEGATION_JACCARD = 0.6  # this similar apart from a negation means one denies the other
_Claim = TypeVar("_Claim", Candidate, MemoryCard)


def _same_key(
    candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]
) -> MergeDecision | None:
    same = [c for c in cards if same_slot(candidate.key, c.key, c.user_id or "")]
    if not same:
        return None
    best = max(same, key=lambda c: jaccard(mine, terms(c.statement)))
    theirs = terms(best.statement)
    key = candidate.key
    if negated(candidate.statement) != negated(best.statement):
        return replace(candidate, best, f"a reversal of {key}")
    if jaccard(mine, theirs) >= SAME_VALUE_JACCARD or contains(theirs, mine):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says this (key {key})")
    if contains(mine, theirs):  # the same value, told with more detail: the candidate says both
        return fused(candidate, best, candidate.statement, f"more detail about {key}")
    if ".taste." in (key or ""):  # held the same way: more about the same taste
        return fused(candidate, best, join(best.statement, candidate.statement), f"more about {key}")
    # whom the slot is about is not its value ("Always give Ewa answers as bullet points" / "Write to Ewa in
    # paragraphs"): the key's subject, named in full or not
    named = _named_value(candidate.statement) - _key_subject(key)
    if (
        named
        and named == _named_value(best.statement) - _key_subject(key)
        and not other_numbers(candidate.statement, best.statement)
    ):
        # "back in Warsaw since Friday" beside "normally based in Warsaw": the same place, said otherwise
        return fused(candidate, best, join(best.statement, candidate.statement), f"the same value of {key}")
    decision = replace(candidate, best, f"a different value for {key}")
    if decision.action is MergeAction.SUPERSEDE and (
        kept := carried(best.statement, candidate.statement, key)
    ):
        # what the old card said beside the replaced value ("..., and sits in the Insights team") lives on
        return decision.model_copy(
            update={"statement": kept, "reason": f"{decision.reason}, keeping the rest"}
        )
    return decision


def _key_subject(key: str | None) -> frozenset[str]:
    """The words of whom a key is about (`ewa_kowalczyk.prefers.answer_style` → ewa, kowalczyk), stemmed."""
    return frozenset(stem(w) for w in (key or "").partition(".")[0].split("_") if w)


def _named_value(statement: str) -> frozenset[str]:
    """The names a statement gives beside whom it is about ("Warsaw" in "Dmitri is back in Warsaw")."""
    said = without_attribution(statement)  # "(according to Ines)" names who claims it, not the value
    return frozenset(stem(e) for e in entities(said)) - name_words(said)


def _denies(candidate: Candidate, mine: frozenset[str], card: MemoryCard) -> bool:
    """One says the opposite of the other, the whole candidate or one of its clauses ("Leila does not
    struggle with fractions (10/10); long division is her weak spot" denies "Leila struggles with adding
    fractions"): about the same subject (and key, when both have one), with nearly the same words, or one's
    words inside the other's beyond the subject itself."""
    if other_slots(candidate.key, card.key, card.user_id or ""):
        return False
    parts = [p for p in _CLAUSE_RE.split(candidate.statement) if p.strip()]
    return _denies_text(candidate.statement, mine, card) or (
        len(parts) > 1 and any(_denies_text(p, terms(p), card) for p in parts)
    )


_RULES = frozenset({MemoryType.CONSTRAINT, MemoryType.PROCEDURE})


def _comparable(candidate: Candidate, card: MemoryCard) -> bool:
    """Whether a value of one can be another value of the other: a fact ("is based in Warsaw") is no other
    value of a rule ("While in Nairobi, put calls in Nairobi time"); a correction may replace either."""
    if candidate.type is MemoryType.CORRECTION or card.type is MemoryType.CORRECTION:
        return True
    return (candidate.type in _RULES) == (card.type in _RULES)


_CLAUSE_RE = re.compile(r"\s*;\s*|,?\s+but\s+")


def _denies_text(statement: str, mine: frozenset[str], card: MemoryCard) -> bool:
    if not opposed(statement, card.statement):  # clause by clause: "teaches Mon-Wed; Thursday non-teaching"
        return False
    shared = subject(statement) & subject(card.statement)
    if not shared:
        return False  # "Gina has had tough times" says nothing about "Jon won't give up"
    theirs = terms(card.statement)
    if jaccard(mine, theirs) >= NEGATION_JACCARD:
        return True
    # beside who it is about, named in full or not ("Kofi Boateng's Corolla isn't diesel" / "Kofi's Toyota
    # Corolla runs on diesel")
    who = shared | name_words(statement) | name_words(card.statement)
    return contains(theirs - who, mine - who) or contains(mine - who, theirs - who)


def _by_text(candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]) -> MergeDecision | None:
    contrasted = most_contrasted(candidate.statement, [c for c in cards if _comparable(candidate, c)])
    for card in cards:
        if same_due_date(candidate.statement, card.statement):
            return _decision(
                MergeAction.NOOP, card, f"{card.memory_id} says the same thing is due the same day"
            )
        if _denies(candidate, mine, card):
            return replace(candidate, card, f"negates {card.memory_id}")
        if _comparable(candidate, card) and (
            another_value(candidate.statement, card.statement)
            or another_attribute_value(candidate.statement, card.statement)
            or another_date(candidate.statement, card.statement)
            or another_frequency(candidate.statement, card.statement)
            or another_due_date(candidate.statement, card.statement)
            or card is contrasted  # the card the "..., not <value>" puts right
            or claims_disagree(candidate.statement, card.statement)
        ):
            return replace(candidate, card, f"another value than {card.memory_id} for the same thing")
    alike = [c for c in cards if not other_people(candidate.statement, c.statement)]  # never two people's
    scored = [(jaccard(mine, terms(c.statement)), c) for c in alike]
    best_score, best = max(scored, key=lambda s: s[0], default=(0.0, None))
    if best is None:
        return None
    theirs = terms(best.statement)
    if best_score < DUPLICATE_JACCARD and not (contains(theirs, mine) or contains(mine, theirs)):
        containing = next((c for c in alike if contains(terms(c.statement), mine)), None)
        contained = next((c for c in alike if contains(mine, terms(c.statement))), None)
        best = containing or contained
        if best is None:
            return None
        theirs = terms(best.statement)
    if other_numbers(candidate.statement, best.statement):
        return None  # "record number 3" beside "record number 7": two things, however alike the words
    if mine <= theirs or (not theirs < mine and len(mine) <= len(theirs)):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says as much")
    if best.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.NOOP, best, f"adds detail, but {best.memory_id} was edited by a person")
    return _decision(MergeAction.FUSE, best, f"adds detail to {best.memory_id}", candidate.statement)


def _one_rule(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The candidate is a held rule or procedure in other words (see `one_rule`)."""
    found = same_rule(candidate, cards)
    if found is None:
        return None
    how, card = found
    if how == "said" or candidate.type is MemoryType.PROCEDURE:  # one procedure per situation
        return _decision(MergeAction.NOOP, card, f"{card.memory_id} is the same rule or procedure")
    return fused(candidate, card, candidate.statement, f"the rule of {card.memory_id}, said with more")


_VALUE_RE = re.compile(r"\d[\d.,:/]*(?:st|nd|rd|th|am|pm|[a-z]{1,3}\b)?", re.I)


def _same_message_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A fact drawn from the very message a held fact was written from, about the same person and giving the
    same values (its numbers and dates, no other): the held card in other words ("Noor's salary lands on the
    25th" beside the agent's "Noor is paid on the 25th of each month", both citing one message)."""
    values = frozenset(v.lower() for v in _VALUE_RE.findall(candidate.statement))
    if candidate.type is not MemoryType.FACT or not values:
        return None
    for card in cards:
        if (
            card.type is MemoryType.FACT
            and card.status is Status.VERIFIED
            and set(candidate.evidence_refs) == set(card.evidence_refs)
            and owner(candidate.statement)[0] == owner(card.statement)[0] != ""
            and frozenset(v.lower() for v in _VALUE_RE.findall(card.statement)) == values
            and negated(candidate.statement) == negated(card.statement)
            and not other_slots(candidate.key, card.key, card.user_id or "")
        ):
            return _decision(
                MergeAction.NOOP,
                card,
                f"{card.memory_id} was written from the same message with the same values",
            )
    return None


def _slotted(claim: _Claim) -> _Claim:
    """A claim held or written without a slot, with the one its statement names ("Ingrid works at
    Spotify" → `ingrid.employer`): a direct write changes by the same rules as what was said."""
    if claim.key is not None or (key := statement_key(claim.statement)) is None:
        return claim
    return claim.model_copy(update={"key": key})


def decide(candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
    """What to do with `candidate` given the most similar current cards (see the module docstring)."""
    cards = sorted(
        (_slotted(c) for c in neighbours if c.status is not Status.SUPERSEDED), key=lambda c: c.memory_id
    )
    candidate = _slotted(candidate)
    if candidate.correction_of:
        target = next((c for c in cards if c.named_by(candidate.correction_of)), None)
        if target is not None:
            if target.review_status is ReviewStatus.EDITED:
                return _decision(
                    MergeAction.CONFLICT, target, f"corrects {target.memory_id}, which a person edited"
                )
            return _decision(MergeAction.SUPERSEDE, target, f"corrects {target.memory_id}")
    pointer = pointed_at(candidate, cards)  # "that job we inherited", "the scope", the agent's note of it
    if pointer is not None and pointer.way is Way.DEMONSTRATIVE:
        return _named_thing(candidate, cards, pointer)
    mine = terms(candidate.statement)
    decision = loss(candidate, cards) or plan_moved(candidate, cards)  # "Pip died"; "moved to the 9th"
    if decision is None and candidate.key:
        decision = _same_key(candidate, cards, mine)
    if decision is None:
        decision = plan_news(candidate, cards) or plan_went(candidate, cards)
    if decision is None:
        decision = _one_rule(candidate, cards)
    if decision is None:
        decision = _by_text(candidate, cards, mine)
    if decision is None:
        decision = by_topic(candidate, cards)
    if decision is None:
        decision = (
            _same_message_value(candidate, cards)
            or _more_of(candidate, pointer, Way.RECORD)  # the agent's note of the same message
            or same_value(candidate, cards)  # "send it to Via Tortona 31" / "ship to Via Tortona 31"
            or the_pursuit(candidate, cards)  # "doing the swimming with me" after "started swimming"
            or _more_of(candidate, pointer)  # "the scope is a 200P"; "training is Thursdays"
        )
    if decision is None:
        decision = _decision(MergeAction.ADD, None, "nothing like it is known")
    return with_value_swapped(candidate, cards, decision)  # "£40 not £45": the card put right


def _more_of(candidate: Candidate, pointer: Pointer | None, way: Way | None = None) -> MergeDecision | None:
    """A statement about the held card it points at (found `way`, when given), that nothing else decided:
    more of that card, or nothing new when the card already says it all."""
    if pointer is None or (way is not None and pointer.way is not way):
        return None
    if not pointer.adds:
        return _decision(MergeAction.NOOP, pointer.card, pointer.why)
    return fused(candidate, pointer.card, join(pointer.card.statement, pointer.statement), pointer.why)


def _named_thing(candidate: Candidate, cards: Sequence[MemoryCard], pointer: Pointer) -> MergeDecision:
    """A statement that names a held thing only by pointing back at it ("that job we inherited runs
    nightly", see `referents`) is judged with the thing named as the card names it: another value of it
    replaces the card, nothing else said of it makes it more of that card."""
    named = decide(candidate.model_copy(update={"statement": pointer.statement}), cards)
    if named.action is MergeAction.ADD:
        return fused(candidate, pointer.card, join(pointer.card.statement, pointer.statement), pointer.why)
    if named.action is MergeAction.SUPERSEDE and named.statement is None:
        return named.model_copy(update={"statement": pointer.statement})
    return named
