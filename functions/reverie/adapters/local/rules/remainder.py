"""What a card says beside the value a newer one replaces (for `merge`): "X's line manager is Priya, and X sits
in the Customer Insights team" replaced by "X's line manager is now Tomasz" keeps the team."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import topic
from reverie.adapters.local.rules.keys import statement_key

# Clauses with a subject of their own: "..., and Aisling sits in ...", "...; The office is in ...".
_CLAUSE_SPLIT_RE = re.compile(r",?\s+and\s+(?=[A-Z])|;\s+")


def _replaced(part: str, new: str, key: str | None) -> bool:
    """The clause says what `new` changes: it shares what `new` is about, or names the same slot."""
    own = statement_key(part)  # within one card the subject is one: the attribute names the slot
    same = key is not None and own is not None and own.partition(".")[2] == key.partition(".")[2]
    return same or bool(topic(part) & topic(new))


def untouched(held: str, new: str, key: str | None = None) -> list[str]:
    """The clauses of `held` (each with its own subject) that say nothing `new` changes (by what they are
    about, or by the slot `key`): what a replacement of `held` by `new` would lose. Empty when `held` is
    one clause, or when no clause is the one replaced."""
    parts = [p.strip(" .") for p in _CLAUSE_SPLIT_RE.split(held)]
    if len(parts) < 2:
        return []
    kept = [p for p in parts if not _replaced(p, new, key)]
    return kept if len(kept) < len(parts) else []


def carried(held: str, new: str, key: str | None = None) -> str | None:
    """`new` with what `held` said beside the replaced value, or None when nothing else was said."""
    kept = untouched(held, new, key)
    if not kept:
        return None
    return "; ".join([new.rstrip(" ."), *kept]) + "."
