"""The user, as a statement said to an agent calls them ("the user rehearses on Wednesdays") and as a note
or record about them names them ("Rohan's band rehearses on Wednesdays"): one person, so one term when two
statements' words are compared.

The name is read from the user's id: the id itself ("rohan"), or the given name it opens with when an
initial or a surname follows ("jiwoo-k", "felix_m", "kofi.boateng" → jiwoo, felix, kofi). It is taken for
the user only where a card of theirs names them by it and not as "the user".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.domain.models import MemoryCard
from reverie.domain.restatement import stem, terms

_USER = "user"
_ID_PARTS_RE = re.compile(r"[-_.]+")


def user_names(user_id: str) -> tuple[str, ...]:
    """The terms the user's id may name them by: the id, then the given name it opens with (see the module
    docstring); a part with a digit is no name."""
    whole = user_id.lower()
    parts = [p for p in _ID_PARTS_RE.split(whole) if p]
    names = [stem(whole)]
    if len(parts) > 1 and parts[0].isalpha() and len(parts[0]) > 1:
        names.append(stem(parts[0]))
    return tuple(dict.fromkeys(n for n in names if n))


def the_user_named(mine: frozenset[str], cards: Sequence[MemoryCard]) -> frozenset[str]:
    """`mine` (a statement's terms) with "user" read as the user's name, when every card it is compared
    with belongs to that user and one names them by it (and not as "the user"); `mine` as it is else."""
    owners = {(c.user_id or "").lower() for c in cards}
    if _USER not in mine or len(owners) != 1:
        return mine
    said = [t for c in cards if _USER not in (t := terms(c.statement))]
    name = next((n for n in user_names(owners.pop()) if any(n in words for words in said)), None)
    return mine if name is None else (mine - {_USER}) | {name}


def as_one_person(mine: frozenset[str], theirs: frozenset[str], user_id: str) -> frozenset[str]:
    """`mine` with "user" read as the user's name when `theirs` names them by it (and not as "the user"):
    two statements about the user, one in their words and one in a note's, compared as about one person."""
    if _USER not in mine or _USER in theirs:
        return mine
    name = next((n for n in user_names(user_id) if n in theirs), None)
    return mine if name is None else (mine - {_USER}) | {name}
