"""Roles: who may write what. The API names the caller's role (`api.caller`); the services enforce it.

- `agent`: an agent's own work inside one user's scope: its user's cards, and the cards of a project no
  other user writes to.
- `admin`: everything, including shared memory (org and global cards, and projects other users write to),
  human reviews of any user, and the `human_review` source.

A card another user can see (org, global, a project) is shared: only an admin changes it, unless it is a
project card of the caller's own project.
"""

from __future__ import annotations

from typing import Literal

from reverie.domain.errors import Forbidden
from reverie.domain.models import ScopeKind

Role = Literal["admin", "agent"]
DEFAULT_ROLE: Role = "agent"  # whoever the API could not name is an agent: the safe default
TENANT_WIDE = frozenset({ScopeKind.ORG, ScopeKind.GLOBAL})


def require_admin(role: Role, what: str) -> None:
    """Raise `Forbidden` (403) unless `role` is admin; `what` says what needed it."""
    if role != "admin":
        raise Forbidden(
            f"{what} needs the admin role (the console, or an admin token); this caller is an {role}"
        )
