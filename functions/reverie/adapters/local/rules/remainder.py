"""What a card says beside the value a newer one replaces (for `merge`): "X's line manager is Priya, and X sits
in the Customer Insights team" replaced by "X's line manager is now Tomasz" keeps the team. And what the
replacing card says of the replaced value: "transferred from Leith to Craigmillar station" replacing "based at
Leith station" says where the user is now; the move's origin is the superseded version's, kept in history."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import topic
from reverie.adapters.local.rules.keys import statement_key

# A move's origin: "from Leith to", "from VS Code over to" (the words between "from" and the destination).
# or what it replaced: "on Odido now instead of Vodafone, fibre".
_FROM_RE = re.compile(
    r",? from (?:the |my |our )?(?P<old>[\w'&.-]+(?: [\w'&.-]+){0,3}?)(?= (?:over |across |back )?(?:to|onto)\b)|"
    r" instead of (?:the |my |our )?(?P<instead>[\w'&.-]+(?: [\w'&.-]+){0,3}?)(?=[,;]|\.?$)"
)
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


def without_old_value(new: str, held: str) -> str:
    """`new` without the origin of the move it tells when that origin is what `held` (the card it replaces)
    said: "The user switched from VS Code to Neovim" replacing "The user uses VS Code" → "The user switched to
    Neovim" (and "on Odido now instead of Vodafone" → "on Odido now"). An origin `held` never named stays ("moved from Sweden to Leeds" replacing "lives in York")."""
    found = _FROM_RE.search(new)
    if found is None:
        return new
    said = {w.lower().strip(".") for w in re.findall(r"[\w'&.-]+", held)}
    old = [w.strip(".") for w in (found.group("old") or found.group("instead")).split()]
    if not all(w.lower() in said for w in old if w[:1].isupper() or w[:1].isdigit()) or not any(
        w[:1].isupper() or w[:1].isdigit() for w in old
    ):
        return new
    return new[: found.start()] + new[found.end() :]
