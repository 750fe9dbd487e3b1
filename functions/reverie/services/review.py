"""The human review queue: conflicts the dream could not settle, quarantined untrusted text, corrections.

A reviewer approves (keeping one card of a conflict), rejects, or edits. Each decision is a new version
of the cards involved, marked as a human decision, which no dream rewrites.
"""

from __future__ import annotations

from typing import Literal

from reverie.domain.dream import ReviewItem
from reverie.domain.errors import InvalidRequest
from reverie.domain.models import Layer, MemoryCard, ReviewStatus, Scope, Status
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.indexing import sync_index

Action = Literal["approve", "reject", "edit"]


def list_reviews(
    b: Backends, tenant_id: str, user_id: str | None = None, status: str | None = "open"
) -> list[ReviewItem]:
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
) -> ReviewItem:
    """Apply a reviewer's decision. `keep` names the card that stands (required for a conflict with
    several cards when approving or editing); `statement` is the edited text (for `edit`)."""
    runs, _ = b.dream_ports()
    item = runs.get_review(tenant_id, item_id)  # NotFound for an unknown item
    if item.status != "open":
        raise InvalidRequest(f"review item {item_id} is already {item.status}")
    scope = Scope(tenant_id=tenant_id, user_id=item.user_id)
    cards = b.notes.get_many(tenant_id, item.memory_ids)
    if action != "reject" and len(cards) > 1 and keep not in item.memory_ids:
        raise InvalidRequest(f"keep: name the card that stands, one of {item.memory_ids}")
    if action == "edit" and not statement:
        raise InvalidRequest("statement: an edit needs the corrected text")
    kept_id = keep or cards[0].memory_id
    changed: list[MemoryCard] = []
    for card in cards:
        if action == "reject":
            changed.append(_revise(b, card, status=Status.REJECTED))
        elif card.memory_id == kept_id:
            if action == "edit":
                assert statement is not None
                edited = admin.edit_memory(b, scope, card.memory_id, card.version, {"statement": statement})
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
