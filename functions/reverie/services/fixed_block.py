"""The fixed block of the L4 context: the user's profile (`domain.profile`), the standing preferences and
the current plan, which every context carries whatever the query (`services.recall` renders it first, in
a bounded share of the budget).

A preference stands when it holds until it is changed and says how the user wants things done: rule-like
(a `key` that is no taste's slot), written directly, or approved or edited by a person. A taste a dream
inferred from conversation ("Melanie loves red and blue", "Joanna's favourite treat is a raspberry tart")
does not stand, even keyed by its topic so that a reversal supersedes it: it competes with the other cards
on relevance, and is shown when a question bears on it rather than in every context.
"""

from __future__ import annotations

from datetime import datetime

from reverie.domain.models import INJECTABLE_STATUSES, MemoryCard, MemoryType, ReviewStatus, Scope, Status
from reverie.domain.profile import PROFILE_LINES, profile_keys, profile_rank, profile_slot
from reverie.domain.ranking import SlotValue, slot_value
from reverie.domain.search import SearchFilter
from reverie.ports import CardQuery
from reverie.services.admin import API_SESSION
from reverie.services.backends import Backends

FIXED_BLOCK_LIMIT = 200
# A taste's slots: the rule reasoner's (`alice.taste.jazz`) and the extraction prompt's, which every
# reasoner follows (`bob.favourite_tea`, `prompts/extract.md`).
TASTE_SLOTS = (".taste.", ".favourite_")


def injectable(card: MemoryCard, scope: Scope, now: datetime) -> bool:
    """The card may be injected for `scope` now: visible to it, current (verified, approved or a flagged
    conflict) and not expired."""
    return card.visible_to(scope) and card.status in INJECTABLE_STATUSES and not card.is_expired(now)


def reference_fact(b: Backends, card: MemoryCard, scope: Scope, now: datetime) -> bool:
    """A looked-up fact (`MemoryCard.looked_up`) recall may show as unverified reference: visible to
    `scope`, not expired, and its key (if any) held by no current card (what is known wins over what a
    tool said)."""
    if not (card.looked_up and card.visible_to(scope) and not card.is_expired(now)):
        return False
    if card.key is None:
        return True
    held = CardQuery(scope=scope, key=card.key, statuses=INJECTABLE_STATUSES, limit=1)
    return not b.notes.query(held)


def taste_slot(key: str | None) -> bool:
    """The key is a taste's slot (`alice.taste.jazz`, `bob.favourite_tea`), not a standing rule's."""
    return key is not None and any(marker in key for marker in TASTE_SLOTS)


def standing(card: MemoryCard) -> bool:
    """A preference that holds until it is changed: rule-like (a `key` other than a taste's, one current
    version, e.g. `alice.prefers.answer_style`), written directly (through the API or admin: its evidence
    is the write itself) or approved or edited by a person. A taste inferred from conversation is not
    standing. (Not `dream_run_id`: a dream stamps every version it writes.)"""
    return (
        (card.key is not None and not taste_slot(card.key))
        or card.review_status is not ReviewStatus.AUTO
        or any(r.session_id == API_SESSION for r in card.evidence_refs)
    )


def profile(b: Backends, scope: Scope, now: datetime) -> list[MemoryCard]:
    """The user's profile (`domain.profile`): at most `PROFILE_LINES` current, verified facts of its
    slots, one per slot, most telling slot first, each the value in effect now. One keyed read of the note
    store."""
    read = CardQuery(
        scope=scope,
        keys=profile_keys(scope.user_id),
        types=frozenset({MemoryType.FACT}),
        statuses=frozenset({Status.VERIFIED}),
        limit=4 * PROFILE_LINES,
    )
    held: dict[str, MemoryCard] = {}
    for card in b.notes.query(read):  # newest first: the first card of a slot is its current value
        # a change said ahead is not the value yet ("from 1 August, based at Bristol"): recall may rank it
        ahead = card.valid_from is not None and card.valid_from > now
        if card.key is not None and not ahead and injectable(card, scope, now):
            held.setdefault(profile_slot(card.key), card)
    return sorted(held.values(), key=lambda c: profile_rank(c.key))[:PROFILE_LINES]


def fixed_block(b: Backends, scope: Scope) -> list[MemoryCard]:
    """The user's profile, the standing preferences (most confident first) and the current plan (the
    latest one).

    Preferences and plans are found through the index (types filtered inside its query, like every
    recall path), then read from the note store, the source of truth; the profile by its keys."""
    now = b.clock()
    kinds = frozenset({MemoryType.PREFERENCE, MemoryType.PLAN})
    hits = b.index.search_timeline(SearchFilter(scope=scope, types=kinds, now=now), FIXED_BLOCK_LIMIT)
    found = b.notes.get_many(scope.tenant_id, [h.memory_id for h in hits], counters=False) if hits else []
    current = [c for c in found if c.type in kinds and injectable(c, scope, now)]
    preferences = sorted(
        (c for c in current if c.type is MemoryType.PREFERENCE and standing(c)),
        key=lambda c: c.confidence,
        reverse=True,
    )
    plans = sorted(
        (c for c in current if c.type is MemoryType.PLAN), key=lambda c: c.updated_at, reverse=True
    )
    return profile(b, scope, now) + preferences + plans[:1]


def shadowed(card: MemoryCard, fixed_keys: set[SlotValue]) -> bool:
    """Whether the fixed block already answers a ranked card: a card of the same key (unless it is a
    flagged conflict), or any plan other than the current one. Unkeyed preferences and tastes rank on
    their merits; the renderer skips a card the fixed block has shown already."""
    return card.type is MemoryType.PLAN or (
        slot_value(card) in fixed_keys and card.status is not Status.CONFLICTING
    )
