"""The user, as a statement said to an agent calls them ("the user rehearses on Wednesdays") and as a note
or record about them names them ("Rohan's band rehearses on Wednesdays"): one person, so one term when two
statements' words are compared.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.models import MemoryCard
from reverie.domain.restatement import stem, terms

_USER = "user"


def the_user_named(mine: frozenset[str], cards: Sequence[MemoryCard]) -> frozenset[str]:
    """`mine` (a statement's terms) with "user" read as the user's name, when every card it is compared
    with belongs to that user and one names them by it (and not as "the user"); `mine` as it is else."""
    owners = {(c.user_id or "").lower() for c in cards}
    if _USER not in mine or len(owners) != 1:
        return mine
    name = stem(owners.pop())
    if not name or not any(name in (said := terms(c.statement)) and _USER not in said for c in cards):
        return mine
    return (mine - {_USER}) | {name}
