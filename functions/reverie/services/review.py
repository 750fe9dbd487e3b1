"""The human review queue: conflicts the dream could not settle, quarantined untrusted text, corrections.

A reviewer approves (keeping one card of a conflict), rejects, or edits. Each decision is a new version
of the cards involved, marked as a human decision, which no dream rewrites. An item with a proposal (a
hypothesis that `supersedes` another card of the item: an untrusted source's change of a held value) is a
question about the proposal only: rejecting it rejects the proposal and leaves the held card alone.

Items are read and resolved as their user's (`services.ownership`): another user's item answers as an
unknown one; the tenant-wide queue is an admin's.
"""

from __future__ import annotations

from typing import Literal

from reverie.domain.access import DEFAULT_ROLE, Role, require_admin
from reverie.domain.dream import ReviewItem
from reverie.domain.errors import InvalidRequest
from reverie.domain.models import Layer, MemoryCard, ReviewStatus, Scope, Status
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.indexing import sync_index
from reverie.services.ownership import review_of

Action = Literal["approve", "reject", "edit"]


def list_reviews(
    b: Backends,
    tenant_id: str,
    user_id: str | None = None,
    status: str | None = "open",
    role: Role = DEFAULT_ROLE,
) -> list[ReviewItem]:
    """`user_id`'s review items (with `status`, or all); every user's for an admin when none is named."""
    if user_id is None:
        require_admin(role, "the review queue of every user")
    runs, _ = b.dream_ports()
    return runs.list_reviews(tenant_id, user_id, status)


def _revise(b: Backends, card: MemoryCard, **changes: object) -> MemoryCard:
    data = card.model_dump()
    data.update(changes, updated_at=b.clock())
    return b.notes.update(MemoryCard.model_validate(data), card.version)


def resolve(
    b: Backends,
    tenant_id: str,
    item_id: str,
    action: Action,
    keep: str | None = None,
    statement: str | None = None,
    user_id: str | None = None,
    role: Role = DEFAULT_ROLE,
) -> ReviewItem:
    """Apply a reviewer's decision on `user_id`'s item (any user's for an admin when none is named).
    `keep` names the card that stands (required for a conflict with several cards when approving or
    editing); `statement` is the edited text (for `edit`)."""
    runs, _ = b.dream_ports()
    item = review_of(b, tenant_id, item_id, user_id, role)  # NotFound for an unknown or foreign item
    if item.status != "open":
        raise InvalidRequest(f"review item {item_id} is already {item.status}")
    scope = Scope(tenant_id=tenant_id, user_id=item.user_id)
    cards = b.notes.get_many(tenant_id, item.memory_ids)
    if action != "reject" and len(cards) > 1 and keep not in item.memory_ids:
        raise InvalidRequest(f"keep: name the card that stands, one of {item.memory_ids}")
    if action == "edit" and not statement:
        raise InvalidRequest("statement: an edit needs the corrected text")
    kept_id = keep or cards[0].memory_id
    proposals = {c.memory_id for c in cards if _proposal(c, item)}
    changed: list[MemoryCard] = []
    for card in cards:
        if action == "reject" and proposals and card.memory_id not in proposals:
            continue  # a rejected proposal leaves the card it would have changed as it is
        if action == "reject" or (card.memory_id in proposals and card.memory_id != kept_id):
            changed.append(_revise(b, card, status=Status.REJECTED))
        elif card.memory_id == kept_id:
            if action == "edit":
                assert statement is not None
                edited = admin.edit_memory(
                    b, scope, card.memory_id, card.version, {"statement": statement}, role=role
                )
                changed.append(edited)
            else:
                changed.append(
                    _revise(
                        b,
                        card,
                        layer=Layer.KNOWLEDGE,
                        status=Status.VERIFIED,
                        review_status=ReviewStatus.HUMAN_APPROVED,
                        last_verified_at=b.clock(),
                    )
                )
        else:
            changed.append(_revise(b, card, status=Status.SUPERSEDED, superseded_by=kept_id))
    sync_index(b, changed)
    status = {"approve": "approved", "reject": "rejected", "edit": "edited"}[action]
    return runs.resolve_review(tenant_id, item_id, status, b.clock())


def _proposal(card: MemoryCard, item: ReviewItem) -> bool:
    """A held hypothesis proposing to supersede another card of the item."""
    return (
        card.status is Status.HYPOTHESIS
        and card.supersedes is not None
        and card.supersedes in item.memory_ids
    )
