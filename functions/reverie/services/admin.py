"""Memory administration: create, list, read, history, human edit, feedback, delete, forget a user.

Every write is checked here against the caller's role (`domain.access`), not left to the API or a prompt:
a shared card (org, global, or a project other users write to) is written and changed by an admin; a
card the caller cannot see answers as one that does not exist (`NotFound`); an id a writer chooses lives
in the writer's namespace (`ownership.own_id`), so no create tells another user's ids apart from unused
ones."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from reverie.domain.access import DEFAULT_ROLE, Role, require_admin
from reverie.domain.errors import AlreadyExists, Forbidden, InvalidRequest, NotFound
from reverie.domain.events import FeedbackEvent, NoteEvent
from reverie.domain.guards import looks_like_injection, mask_secrets
from reverie.domain.models import (
    CARD_TEXT_FIELDS,
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Scope,
    ScopeKind,
    SourceKind,
    Stability,
    Status,
    Trust,
)
from reverie.domain.plan_validity import plan_ends
from reverie.domain.trust import written_source
from reverie.services import forget
from reverie.services.backends import Backends
from reverie.services.forget import Forgotten, delete_user
from reverie.services.indexing import VectorsAhead, sync_index
from reverie.services.ownership import check_write, own_id, read_ids

__all__ = ["Forgotten", "delete_user"]  # forgetting lives in services.forget

API_SESSION = "api"  # L1 session that holds what was written through the memories API directly


@dataclass(frozen=True)
class NewMemory:
    """A memory written directly (not learnt by a dream): the write itself is recorded in L1 as evidence."""

    type: MemoryType
    statement: str
    key: str | None = None
    scope: ScopeKind = ScopeKind.USER
    source: SourceKind = SourceKind.USER
    confidence: float = 0.8
    stability: Stability = Stability.NORMAL
    evidence_refs: Sequence[EvidenceRef] = ()
    observed_at: datetime | None = None
    valid_until: datetime | None = None
    condition: str | None = None
    action: str | None = None
    outcome: str | None = None
    event_id: str | None = None
    memory_id: str | None = None  # a chosen id (in the writer's namespace) makes a retry safe (AlreadyExists)
    derived_from: Sequence[str] = ()


def _known_ids(b: Backends, scope: Scope, items: Sequence[NewMemory], batch: set[str]) -> set[str]:
    """The ids `derived_from` of the whole batch may mean (`read_ids`) that name a card: held (one read for
    the batch) or written in the same batch."""
    names = {n for item in items for memory_id in item.derived_from for n in read_ids(scope, memory_id)}
    held = {c.memory_id for c in b.notes.get_many(scope.tenant_id, sorted(names))} if names else set()
    return held | (batch & names)


def _stored_ids(scope: Scope, ids: Sequence[str], known: set[str]) -> list[str]:
    """`derived_from` as the ids the cards are stored under: an id the caller's user chose names its card,
    so a correction of it reaches what was built on it."""
    return [next((n for n in read_ids(scope, i) if n in known), i) for i in ids]


def get_memory(b: Backends, scope: Scope, memory_id: str) -> MemoryCard:
    """The card `memory_id` (its id, or the id the caller's user chose for it) if `scope` sees it;
    `NotFound` otherwise, the same for another user's card as for an unknown id."""
    for candidate in read_ids(scope, memory_id):
        try:
            card = b.notes.get(scope.tenant_id, candidate)
        except NotFound:
            continue
        if card.visible_to(scope):
            return card
    raise NotFound(f"memory {memory_id} not found")


def create_memories(
    b: Backends, scope: Scope, items: Sequence[NewMemory], role: Role = DEFAULT_ROLE
) -> list[MemoryCard]:
    """Store memories written directly through the API, indexed at once.

    Untrusted sources (tool output, documents, and text that quotes them or tries to take the agent over:
    `domain.trust.written_source`) only ever make L2 hypotheses: they wait for the dream and review.
    Everything else becomes verified L3 knowledge citing its evidence; without evidence given, the write is
    recorded as a note event in L1 and cited. Shared memory and the `human_review` source need the admin
    `role`. A chosen `memory_id` is stored inside the user's namespace (`ownership.own_id`): one the
    user already holds answers `AlreadyExists`; another user's same choice is another id.
    """
    now = b.clock()
    cards: list[MemoryCard] = []
    events: list[NoteEvent] = []
    chosen_ids = [own_id(scope, item.memory_id) for item in items if item.memory_id]
    if len(set(chosen_ids)) != len(chosen_ids):
        raise InvalidRequest("memory_id: each memory of a batch needs its own id")
    for item in items:
        if item.source is SourceKind.HUMAN_REVIEW:
            require_admin(role, "a memory from source human_review")
        check_write(b, scope, item.scope, scope.user_id, role)
    taken = b.notes.get_many(scope.tenant_id, chosen_ids) if chosen_ids else []
    if taken:  # the user's own namespace: only their own cards can be there
        raise AlreadyExists(f"memory ids already taken: {', '.join(c.memory_id for c in taken)}")
    known = _known_ids(b, scope, items, set(chosen_ids))
    for i, item in enumerate(items):
        masked = mask_secrets(item.statement)  # the L1 record of the write; the card masks its own text
        refs = list(item.evidence_refs)
        source = written_source(item.source, item.statement)
        if not refs:
            event = NoteEvent(
                event_id=item.event_id or f"mem-{now:%Y%m%dT%H%M%S}-{i}-{secrets.token_hex(4)}",
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,
                session_id=API_SESSION,
                ts=now,
                text=masked.text,
                type=item.type,
                key=item.key,
                source=item.source,
            )
            events.append(event)
            refs = [EvidenceRef(session_id=API_SESSION, event_id=event.event_id)]
        trusted = source.trust is not Trust.UNTRUSTED
        cards.append(
            MemoryCard(
                **({"memory_id": own_id(scope, item.memory_id)} if item.memory_id else {}),
                layer=Layer.KNOWLEDGE if trusted else Layer.NOTES,
                status=Status.VERIFIED if trusted else Status.HYPOTHESIS,
                review_status=ReviewStatus.HUMAN_APPROVED
                if item.source is SourceKind.HUMAN_REVIEW
                else ReviewStatus.AUTO,
                type=item.type,
                scope=item.scope,
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,  # a shared card names its author: forgetting them deletes it
                project_id=scope.project_id if item.scope is ScopeKind.PROJECT else None,
                key=item.key,
                statement=item.statement,
                condition=item.condition,
                action=item.action,
                outcome=item.outcome,
                evidence_refs=refs,
                source=source,
                confidence=item.confidence,
                stability=item.stability,
                derived_from=_stored_ids(scope, item.derived_from, known),
                observed_at=item.observed_at or now,
                # a plan holds until the day it names (then it is no longer the current plan)
                valid_until=item.valid_until
                or (
                    plan_ends(item.statement, item.observed_at or now)
                    if item.type is MemoryType.PLAN
                    else None
                ),
                last_verified_at=now if trusted else None,
                created_at=now,
                updated_at=now,
            )
        )
    ahead = VectorsAhead(b, cards, events)  # embedding on a worker while L1 and the note store write
    if events:
        b.log.append(events)
    stored = b.notes.create_many(cards)
    sync_index(b, stored, events, ahead)
    return stored


def history(b: Backends, scope: Scope, memory_id: str) -> list[MemoryCard]:
    return b.notes.history(scope.tenant_id, get_memory(b, scope, memory_id).memory_id)


EDITABLE_FIELDS = frozenset(
    {"statement", "type", "key", "condition", "action", "outcome", "confidence", "stability", "valid_until"}
)


def edit_memory(
    b: Backends,
    scope: Scope,
    memory_id: str,
    expected_version: int,
    changes: dict[str, Any],
    role: Role = DEFAULT_ROLE,
) -> MemoryCard:
    """A human edit: a new version marked `edited` (never rewritten by a dream), verified into L3.

    `expected_version` is the version the editor read; a stale one raises `VersionConflict`. A shared
    card is edited by an admin (`check_write`), and so is text that tries to take the agent over: an edit
    is rendered as a person's word, so an agent's caller cannot write one ("ignore previous instructions").
    """
    if not changes:
        raise InvalidRequest(f"nothing to change: name at least one of {sorted(EDITABLE_FIELDS)}")
    unknown = set(changes) - EDITABLE_FIELDS
    if unknown:
        raise InvalidRequest(f"cannot edit {sorted(unknown)}; editable fields are {sorted(EDITABLE_FIELDS)}")
    current = get_memory(b, scope, memory_id)
    check_write(b, _scope_of(scope, current), current.scope, current.user_id, role)
    if looks_like_injection(" ".join(str(changes.get(f) or "") for f in CARD_TEXT_FIELDS)):
        require_admin(role, "an edit that reads like instructions to the agent")
    now = b.clock()
    data = current.model_dump()  # validated below: the card masks secrets in every text field it gets
    data.update(changes)
    data.update(
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        review_status=ReviewStatus.EDITED,
        last_verified_at=now,
        updated_at=now,
    )
    revised = MemoryCard.model_validate(data)
    stored = b.notes.update(revised, expected_version)
    sync_index(b, [stored])
    return stored


def delete_memory(b: Backends, scope: Scope, memory_id: str, role: Role = DEFAULT_ROLE) -> None:
    """Forget one memory (`services.forget.delete_memory`); a shared card is deleted by an admin."""
    card = get_memory(b, scope, memory_id)
    check_write(b, _scope_of(scope, card), card.scope, card.user_id, role)
    forget.delete_memory(b, scope, card.memory_id)


def _scope_of(scope: Scope, card: MemoryCard) -> Scope:
    """The caller's scope in the card's project (a project card is checked against its own project)."""
    return scope.model_copy(update={"project_id": card.project_id}) if card.project_id else scope


def feedback(
    b: Backends,
    scope: Scope,
    memory_id: str,
    signal: Literal["used", "wrong"],
    text: str = "",
    session_id: str = API_SESSION,
    role: Role = DEFAULT_ROLE,
) -> MemoryCard:
    """`used` counts a hit; `wrong` halves the card's confidence (a new version) and records the feedback
    in L1 so the next dream can correct the card. A shared card the caller may not write keeps its
    confidence (the feedback is recorded in the caller's log all the same)."""
    card = get_memory(b, scope, memory_id)
    memory_id, now = card.memory_id, b.clock()
    if signal == "used":
        b.notes.record_hits(scope.tenant_id, [memory_id], now)
        return b.notes.get(scope.tenant_id, memory_id)
    b.log.append(
        [
            FeedbackEvent(
                event_id=f"fb-{memory_id}-{now:%Y%m%dT%H%M%S%f}",
                tenant_id=scope.tenant_id,
                user_id=scope.user_id,
                session_id=session_id,
                ts=now,
                signal="negative",
                text=mask_secrets(text).text,
                target_memory_id=memory_id,
            )
        ]
    )
    try:
        check_write(b, _scope_of(scope, card), card.scope, card.user_id, role)
    except Forbidden:
        return card
    revised = card.model_copy(update={"confidence": round(card.confidence / 2, 4), "updated_at": now})
    stored = b.notes.update(MemoryCard.model_validate(revised.model_dump()), card.version)
    sync_index(b, [stored])
    return stored


@dataclass(frozen=True)
class UserSummary:
    user_id: str
    memories: int
    sessions: int


def list_users(b: Backends, tenant_id: str, role: Role = DEFAULT_ROLE) -> list[UserSummary]:
    """Every user of the tenant: the admin role's (an agent works inside the user its path names and is
    shown no other user's id)."""
    require_admin(role, "listing the tenant's users")
    counts = b.notes.count_by_user(tenant_id)
    users = sorted(set(counts) | set(b.log.users(tenant_id)))
    return [UserSummary(u, counts.get(u, 0), len(b.log.sessions(tenant_id, u))) for u in users]
