"""Whose a record is, and who may write it, checked in the services (never left to a route or a prompt).

- Cards: a shared card (org, global, or a project other users write to) is written and changed by an admin
  (`check_write`); the caller's own cards and own projects are an agent's too.
- Memory ids a writer chooses live in the writer's namespace (`own_id`), so they cannot collide across
  users; a card is read by its id or by the id its writer chose.
- Dream runs and review items name no user in their id: they are checked against the caller's user, so
  another user's answers exactly as an unknown id (`NotFound`, 404). A route that names no user
  (`/reviews`, `/dreams/{run}`) reaches every user of the tenant: the admin role's.
"""

from __future__ import annotations

from reverie.domain.access import DEFAULT_ROLE, TENANT_WIDE, Role, require_admin
from reverie.domain.dream import DreamRun, ReviewItem
from reverie.domain.errors import InvalidRequest, NotFound
from reverie.domain.models import Scope, ScopeKind
from reverie.ports import CardQuery
from reverie.services.backends import Backends

MAX_ID_CHARS = 128


def own_id(scope: Scope, chosen: str) -> str:
    """The id a memory gets when its writer chooses `chosen`: `<chosen>@<user>`, inside the writer's
    namespace, so two users choosing the same id never meet and no create tells one user another's ids
    (a free id and one another user holds answer alike: created). A chosen id holds no `@` (the server
    adds it), which is what keeps namespaces apart whatever characters user ids hold; the id the API
    returned (`...@<user>` of the writer) is kept as it is. `InvalidRequest` for any other `@`, or when
    the whole id would pass the 128 characters of an id."""
    suffix = f"@{scope.user_id}"
    bare = chosen.removesuffix(suffix)
    if "@" in bare:
        raise InvalidRequest(f"memory_id {chosen!r}: a chosen id holds no '@' (the server adds @<user>)")
    if len(bare) + len(suffix) > MAX_ID_CHARS:
        most = MAX_ID_CHARS - len(suffix)
        raise InvalidRequest(f"memory_id: at most {most} characters for this user (the id gets {suffix})")
    return bare + suffix


def read_ids(scope: Scope, memory_id: str) -> list[str]:
    """The ids a read of `memory_id` may mean: the id itself, and the id its writer's user chose."""
    suffix = f"@{scope.user_id}"
    chosen = "@" not in memory_id and len(memory_id) + len(suffix) <= MAX_ID_CHARS
    return [memory_id, memory_id + suffix] if chosen else [memory_id]


def project_shared(b: Backends, scope: Scope, project_id: str) -> bool:
    """Whether another user has written a card into `project_id` (its cards name their author)."""
    seen = Scope(tenant_id=scope.tenant_id, user_id=scope.user_id, project_id=project_id)
    offset, page = 0, 1_000
    while True:
        cards = b.notes.query(CardQuery(scope=seen, limit=page, offset=offset))
        if any(
            c.scope is ScopeKind.PROJECT and c.project_id == project_id and c.user_id != scope.user_id
            for c in cards
        ):
            return True
        if len(cards) < page:
            return False
        offset += page


def check_write(b: Backends, scope: Scope, kind: ScopeKind, author: str | None, role: Role) -> None:
    """Raise `Forbidden` unless `role` may write a card of scope `kind` written by `author` (its user):
    the caller's own cards and own projects are an agent's, shared memory an admin's."""
    if role == "admin" or kind is ScopeKind.USER:
        return
    if kind in TENANT_WIDE:
        require_admin(role, f"writing {kind.value} memory (seen by every user of the tenant)")
    elif author != scope.user_id or (scope.project_id and project_shared(b, scope, scope.project_id)):
        require_admin(role, f"writing into project {scope.project_id}, which other users write to")


def run_of(
    b: Backends, tenant_id: str, run_id: str, user_id: str | None, role: Role = DEFAULT_ROLE
) -> DreamRun:
    """The run `run_id` if it is `user_id`'s (`NotFound` otherwise, as for an unknown id); with no user
    named, any user's run, for an admin only."""
    runs, _ = b.dream_ports()
    if user_id is None:
        require_admin(role, "a dream run of any user")
    run = runs.get_run(tenant_id, run_id)
    if user_id is not None and run.user_id != user_id:
        raise NotFound(f"dream run {run_id} not found")
    return run


def review_of(
    b: Backends, tenant_id: str, item_id: str, user_id: str | None, role: Role = DEFAULT_ROLE
) -> ReviewItem:
    """The review item `item_id` if it is `user_id`'s (`NotFound` otherwise); with no user named, any
    user's item, for an admin only."""
    runs, _ = b.dream_ports()
    if user_id is None:
        require_admin(role, "a review item of any user")
    item = runs.get_review(tenant_id, item_id)
    if user_id is not None and item.user_id != user_id:
        raise NotFound(f"review item {item_id} not found")
    return item
