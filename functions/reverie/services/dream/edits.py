"""A person's edit carried to what was built on the edited card: a card derived from it (`derived_from`)
before the edit, repeating a name or number the edit took out ("take the train to Shinjuku Station" after
a reviewer moved the clinic from Shinjuku to Shibuya), is no longer shown as settled. A held guess is
rejected; a verified card loses confidence and goes to review as conflicting, like a card derived from
one the dream found wrong (`decisions.propagate_correction`).

An edit that changes no name or number (a typo, a rewording) leaves what was derived from it alone. A card
written or reviewed after the edit is left alone too: it was made knowing the edited value. So each
derived card is flagged once, whichever run sees the edit first.
"""

from __future__ import annotations

import re

from reverie.domain.models import INJECTABLE_STATUSES, MemoryCard, ReviewStatus, Status
from reverie.domain.text import entities
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.decisions import flag_built_on

_NUMBER_RE = re.compile(r"\d+(?:[.,:]\d+)*")


def _values(statement: str) -> frozenset[str]:
    """The names and numbers a statement gives, lower-cased."""
    return frozenset(entities(statement)) | frozenset(_NUMBER_RE.findall(statement))


def removed_values(before: str, after: str) -> frozenset[str]:
    """The names and numbers `before` gives that `after` no longer does: what an edit changed."""
    return _values(before) - _values(after)


def _before_edit(b: Backends, card: MemoryCard) -> MemoryCard | None:
    """The newest version of `card` no person wrote, if an edit followed it."""
    versions = b.notes.history(card.tenant_id, card.memory_id)
    earlier = [v for v in versions if v.version < card.version and v.review_status is not ReviewStatus.EDITED]
    return earlier[-1] if earlier else None


def _repeats(statement: str, values: frozenset[str]) -> str | None:
    said = _values(statement)
    return next((v for v in sorted(values) if v in said), None)


def propagate_edits(b: Backends, w: Writer) -> None:
    """Flag what was derived from an edited card and repeats a value the edit took out (see the module
    docstring)."""
    query = CardQuery(
        scope=w.scope, statuses=frozenset({*INJECTABLE_STATUSES, Status.HYPOTHESIS}), limit=10_000
    )
    cards = [w.changed.get(c.memory_id, c) for c in b.notes.query(query)]
    derived: dict[str, list[MemoryCard]] = {}
    for card in cards:
        for origin in card.derived_from:
            derived.setdefault(origin, []).append(card)
    for edited in cards:
        if edited.review_status is not ReviewStatus.EDITED or edited.status is not Status.VERIFIED:
            continue
        built = [c for c in derived.get(edited.memory_id, []) if c.updated_at < edited.updated_at]
        before = _before_edit(b, edited) if built else None
        gone = removed_values(before.statement, edited.statement) if before is not None else frozenset()
        for card in built:
            value = _repeats(card.statement, gone)
            if value is None:
                continue
            why = f"derived from {edited.memory_id}, whose {value} a person edited away"
            # a conflicting card is already flagged: only a verified one is
            flag_built_on(w, card, edited, why, frozenset({Status.VERIFIED}))
