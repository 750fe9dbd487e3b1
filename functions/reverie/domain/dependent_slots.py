"""Slots that hold *at* another one: a job title, a team, a manager, an office, a work email are held at an
employer; a landlord at a home; a commute between the two. When the base slot takes another value (a new
employer supersedes the old one), what was held at the old value no longer describes the person now.

Pure rules over cards: which slot depends on which, whether a superseded card was a change of value (not a
fusion into a richer card of the same value), and whether a dependent card was established under the old
value and not restated since. What to do about it is the dream's business (`services/dream/dependents`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from reverie.domain.models import MemoryCard

# The slots a base slot carries, by attribute (the part of a key after the subject). Small on purpose: the
# states the product names (employer, role, team, manager, where someone lives or works) and what plainly
# holds at them.
DEPENDS_ON: dict[str, frozenset[str]] = {
    "job_title": frozenset({"employer"}),
    "team": frozenset({"employer"}),
    "manager": frozenset({"employer"}),
    "office": frozenset({"employer"}),
    "work_email": frozenset({"employer"}),
    "landlord": frozenset({"home_city"}),
    "commute": frozenset({"employer", "home_city"}),
}
BASES = frozenset().union(*DEPENDS_ON.values())
# What a base slot is, in a reason a person reads ("held at Acme, which is no longer the employer").
_BASE_WORDS = {"employer": "the employer", "home_city": "where they live"}
# Other names a reasoner gives the same attribute (a record's field, a language model's wording).
_ALIASES = {
    **dict.fromkeys("role title position job".split(), "job_title"),
    **dict.fromkeys("company current_employer current_company".split(), "employer"),
    **dict.fromkeys("home city home_town".split(), "home_city"),
    **dict.fromkeys("line_manager boss supervisor".split(), "manager"),
}


def slot_of(key: str | None) -> tuple[str, str] | None:
    """(subject, attribute) of a key, the attribute under one name: `ana.role` → ("ana", "job_title")."""
    if not key or "." not in key:
        return None
    subject, _, attribute = key.partition(".")
    return subject, _ALIASES.get(attribute, attribute)


def names_the_user(subject: str, user_id: str) -> bool:
    """A key's subject is the user: "user", their id, or their name in full after it (`tomasz_wi_niewski`
    for the user `tomasz`: a record about them by their full name)."""
    user = user_id.lower()
    return subject in ("user", user) or subject.startswith(user + "_")


def same_person(subject: str, other: str, user_id: str) -> bool:
    """Two key subjects name one person: equal, or both the user however named."""
    return subject == other or (names_the_user(subject, user_id) and names_the_user(other, user_id))


def changed_base(old: MemoryCard, new: MemoryCard, user_id: str) -> bool:
    """`new` replaced `old` as another value of the same base slot (a new employer, a new home): not a
    fusion of more detail into one richer card, which is derived from the card it absorbed."""
    was, now = slot_of(old.key), slot_of(new.key)
    return (
        was is not None
        and now is not None
        and was[1] in BASES
        and was[1] == now[1]
        and same_person(was[0], now[0], user_id)
        and old.memory_id not in new.derived_from
    )


@dataclass(frozen=True)
class HeldAt:
    """A card held at a base value that changed: why, and whether it was told with that very value."""

    reason: str
    together: bool  # rests on evidence of the old base card: established with it, not only before the change


def _time(card: MemoryCard) -> datetime:
    return card.observed_at or card.updated_at


_VALUE_RE = re.compile(
    r"\b(?:at|for|with|by|in)\s+(?P<value>(?:the\s+)?[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
)


def value_of(statement: str) -> str:
    """The value a base card names, for a reason a person reads: after a record's colon ("... current
    employer: Nordlicht Logistik"), else the last name after at/for/with/by/in ("Ana works at Lumen
    Dynamics"), else the statement quoted."""
    text = statement.strip().rstrip(".")
    if ": " in text:
        return text.rsplit(": ", 1)[1]
    names = list(_VALUE_RE.finditer(text))
    return names[-1].group("value") if names else f"'{text}'"


def held_at(card: MemoryCard, old: MemoryCard, new: MemoryCard, user_id: str) -> HeldAt | None:
    """Why `card` no longer holds now that `new` replaced `old` in a base slot, or None when it still may:
    another slot or person, or restated with the change or after it (it rests on evidence of `new` that
    `old` did not have, or was observed no earlier than `new`)."""
    mine, base = slot_of(card.key), slot_of(old.key)
    if mine is None or base is None or base[1] not in DEPENDS_ON.get(mine[1], frozenset()):
        return None
    if not same_person(mine[0], base[0], user_id):
        return None
    told_with_new = set(new.evidence_refs) - set(old.evidence_refs)
    if set(card.evidence_refs) & told_with_new or _time(card) >= _time(new):
        return None
    reason = (
        f"held at {value_of(old.statement)}, which is no longer {_BASE_WORDS.get(base[1], base[1])} "
        f"({old.memory_id} superseded by {new.memory_id})"
    )
    return HeldAt(reason=reason, together=bool(set(card.evidence_refs) & set(old.evidence_refs)))
