"""One candidate against its nearest current cards: add, update, supersede, no-op or conflict.

Deterministic and order-independent: neighbours are considered in `memory_id` order, so the same
candidate and the same set of cards always give the same decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus, SourceKind, Status, Trust
from reverie.domain.restatement import negated, stem, terms
from reverie.ports import MergeAction, MergeDecision, ReasonerUsage

SAME_VALUE_JACCARD = 0.8  # same key: this similar means the same value
DUPLICATE_JACCARD = 0.7  # no key: this similar means the same idea
NEGATION_JACCARD = 0.6  # this similar apart from a negation means one denies the other
SAME_TIME = timedelta(minutes=5)  # observations this close count as simultaneous
_USAGE = ReasonerUsage(calls=1)
_TRUST_RANK = {Trust.HIGH: 3, Trust.MEDIUM: 2, Trust.LOW: 1, Trust.UNTRUSTED: 0}
_OPENING_RE = re.compile(
    r"^(?:(?:in|on|at|during|after|before|since|by|last|this|that|yesterday|today|recently|earlier|"
    r"later|then|also|now)\b[^,]{0,60},\s*)+",
    re.I,
)
_SUBJECT_RE = re.compile(r"^(?:the\s+)?([\w-]+)(?:'s\s+([\w-]+))?", re.I)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _contains(big: frozenset[str], small: frozenset[str]) -> bool:
    return len(small) >= 2 and small <= big


def _time(card: MemoryCard) -> datetime:
    return card.observed_at or card.updated_at


def _rank(trust: Trust | None) -> int:
    return _TRUST_RANK[trust or Trust.UNTRUSTED]


def _decision(
    action: MergeAction, card: MemoryCard | None, reason: str, statement: str | None = None
) -> MergeDecision:
    return MergeDecision(
        action=action,
        target_id=card.memory_id if card else None,
        statement=statement,
        reason=reason,
        usage=_USAGE,
    )


def _replace(candidate: Candidate, card: MemoryCard, what: str) -> MergeDecision:
    """The candidate says something else than `card` about the same thing: latest wins, or a person
    decides (a card a person edited, a less trusted source, an older or simultaneous observation)."""
    if card.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was edited by a person")
    if candidate.type is MemoryType.CORRECTION or candidate.source.kind is SourceKind.HUMAN_REVIEW:
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: a correction replaces {card.memory_id}")
    if _rank(candidate.source.trust) < _rank(card.source.trust):
        return _decision(
            MergeAction.CONFLICT, card, f"{what}, from a less trusted source than {card.memory_id}"
        )
    if candidate.observed_at is None:
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: the new observation wins")
    delta = candidate.observed_at - _time(card)
    if abs(delta) <= SAME_TIME:
        if _rank(candidate.source.trust) > _rank(card.source.trust):
            return _decision(MergeAction.SUPERSEDE, card, f"{what}: a more trusted source at the same time")
        return _decision(MergeAction.CONFLICT, card, f"{what}: two sources disagree at the same time")
    if delta > timedelta(0):
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: the newer value wins (latest wins)")
    return _decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was observed later")


def _same_key(
    candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]
) -> MergeDecision | None:
    same = [c for c in cards if c.key == candidate.key]
    if not same:
        return None
    best = max(same, key=lambda c: jaccard(mine, terms(c.statement)))
    theirs = terms(best.statement)
    if (
        jaccard(mine, theirs) >= SAME_VALUE_JACCARD or _contains(theirs, mine) or _contains(mine, theirs)
    ) and negated(candidate.statement) == negated(best.statement):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says this (key {candidate.key})")
    return _replace(candidate, best, f"a different value for {candidate.key}")


def subject(statement: str) -> frozenset[str]:
    """Whom or what a stored statement is about: its first word after any dated opening and "the", with
    the noun a possessive names ("In May 2023, Jon's shop opened" → jon, shop; "Sprints end" → sprint)."""
    match = _SUBJECT_RE.match(_OPENING_RE.sub("", statement.strip()))
    if match is None:
        return frozenset()
    return frozenset(stem(w.lower()) for w in match.groups() if w)


def _denies(candidate: Candidate, mine: frozenset[str], card: MemoryCard) -> bool:
    """One says the opposite of the other: about the same subject (and key, when both have one), with
    nearly the same words, or one's words inside the other's beyond the subject itself."""
    if negated(candidate.statement) == negated(card.statement):
        return False
    if candidate.key and card.key and candidate.key != card.key:
        return False
    shared = subject(candidate.statement) & subject(card.statement)
    if not shared:
        return False  # "Gina has had tough times" says nothing about "Jon won't give up"
    theirs = terms(card.statement)
    if jaccard(mine, theirs) >= NEGATION_JACCARD:
        return True
    return _contains(theirs - shared, mine - shared) or _contains(mine - shared, theirs - shared)


def _by_text(candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]) -> MergeDecision | None:
    for card in cards:
        if _denies(candidate, mine, card):
            return _replace(candidate, card, f"negates {card.memory_id}")
    scored = [(jaccard(mine, terms(c.statement)), c) for c in cards]
    best_score, best = max(scored, key=lambda s: s[0], default=(0.0, None))
    if best is None:
        return None
    theirs = terms(best.statement)
    if best_score < DUPLICATE_JACCARD and not (_contains(theirs, mine) or _contains(mine, theirs)):
        containing = next((c for c in cards if _contains(terms(c.statement), mine)), None)
        contained = next((c for c in cards if _contains(mine, terms(c.statement))), None)
        best = containing or contained
        if best is None:
            return None
        theirs = terms(best.statement)
    if mine <= theirs or (not theirs < mine and len(mine) <= len(theirs)):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says as much")
    if best.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.NOOP, best, f"adds detail, but {best.memory_id} was edited by a person")
    return _decision(MergeAction.FUSE, best, f"adds detail to {best.memory_id}", candidate.statement)


def decide(candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
    """What to do with `candidate` given the most similar current cards (see the module docstring)."""
    cards = sorted((c for c in neighbours if c.status is not Status.SUPERSEDED), key=lambda c: c.memory_id)
    if candidate.correction_of:
        target = next((c for c in cards if c.memory_id == candidate.correction_of), None)
        if target is not None:
            if target.review_status is ReviewStatus.EDITED:
                return _decision(
                    MergeAction.CONFLICT, target, f"corrects {target.memory_id}, which a person edited"
                )
            return _decision(MergeAction.SUPERSEDE, target, f"corrects {target.memory_id}")
    mine = terms(candidate.statement)
    decision = _same_key(candidate, cards, mine) if candidate.key else None
    if decision is None:
        decision = _by_text(candidate, cards, mine)
    if decision is None:
        decision = _decision(MergeAction.ADD, None, "nothing like it is known")
    return decision
