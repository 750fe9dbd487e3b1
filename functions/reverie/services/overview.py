"""What an operator sees at a glance (the console's users page and health panel), read from the stores.

Per user: cards, sessions, the last time anything of theirs changed, sessions and tokens not yet
consolidated, open review items, the last dream. Per tenant: the same summed, cards by status, and how
often cards were injected into a context (`hit_count`, which recall records on every injection). It
reads every user's stores, so it is for the admin and for tenants the size a console pages through.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from reverie.domain.access import Role, require_admin
from reverie.domain.dream import DreamRun
from reverie.domain.models import Scope, ScopeKind
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.select import pending_sessions
from reverie.services.dream.triggers import pending_tokens

_PAGE = 1_000


@dataclass(frozen=True)
class UserGlance:
    """One user, as the users page lists them."""

    user_id: str
    memories: int
    sessions: int
    last_update: datetime | None
    pending_sessions: int
    pending_tokens: int
    open_reviews: int


@dataclass
class TenantGlance:
    """The tenant's health at a glance."""

    tenant_id: str
    users: list[UserGlance] = field(default_factory=list)
    cards_by_status: dict[str, int] = field(default_factory=dict)
    injections: int = 0
    pending_sessions: int = 0
    pending_tokens: int = 0
    open_reviews: int = 0
    last_dream: DreamRun | None = None
    runs_by_status: dict[str, int] = field(default_factory=dict)


def _user_cards(b: Backends, tenant_id: str, user_id: str) -> tuple[Counter[str], int, datetime | None]:
    """The user's own cards by status, their injections, and the newest card update."""
    statuses: Counter[str] = Counter()
    hits, newest, offset = 0, None, 0
    while True:
        page = b.notes.query(
            CardQuery(scope=Scope(tenant_id=tenant_id, user_id=user_id), limit=_PAGE, offset=offset)
        )
        for card in page:
            if card.scope is ScopeKind.USER and card.user_id == user_id:
                statuses[card.status.value] += 1
                hits += card.hit_count
                newest = card.updated_at if newest is None else max(newest, card.updated_at)
        if len(page) < _PAGE:
            return statuses, hits, newest
        offset += _PAGE


def tenant_glance(b: Backends, tenant_id: str, role: Role = "agent") -> TenantGlance:
    """Every user of the tenant and the tenant's totals (the admin role)."""
    require_admin(role, "the tenant's overview")
    glance = TenantGlance(tenant_id=tenant_id)
    counts = b.notes.count_by_user(tenant_id)
    reviews = (
        Counter(i.user_id for i in b.runs.list_reviews(tenant_id, None, "open")) if b.runs else Counter()
    )
    statuses: Counter[str] = Counter()
    for user_id in sorted(set(counts) | set(b.log.users(tenant_id))):
        by_status, hits, newest = _user_cards(b, tenant_id, user_id)
        statuses.update(by_status)
        glance.injections += hits
        sessions = b.log.sessions(tenant_id, user_id)
        last_event = max((s.last_ts for s in sessions), default=None)
        last = max((t for t in (newest, last_event) if t is not None), default=None)
        pending = len(pending_sessions(b, b.runs, tenant_id, user_id)) if b.runs is not None else 0
        tokens = pending_tokens(b, tenant_id, user_id)[0] if pending else 0
        glance.users.append(
            UserGlance(
                user_id, counts.get(user_id, 0), len(sessions), last, pending, tokens, reviews[user_id]
            )
        )
        glance.pending_sessions += pending
        glance.pending_tokens += tokens
    glance.cards_by_status = dict(sorted(statuses.items()))
    glance.open_reviews = sum(reviews.values())
    if b.runs is not None:
        runs = b.runs.list_runs(tenant_id, None, 200)
        glance.last_dream = runs[0] if runs else None
        glance.runs_by_status = dict(Counter(r.status.value for r in runs))
    return glance
