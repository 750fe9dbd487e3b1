"""What was held at a value that changed: when this run replaced a base slot's value (a new employer, a new
home), the cards held at the old one (a job title, a team, a manager; a landlord) are not left current.

A card told with the old value (it rests on the old card's evidence: one record, one statement) is retired,
superseded by the change, with the reason in the run; one observed before the change on other evidence goes
to review as a card built on a value that no longer holds (`decisions.flag_built_on`). A card restated with
the change or after it stays. Which slot holds at which is a domain rule (`domain.dependent_slots`).
"""

from __future__ import annotations

from reverie.domain.dependent_slots import changed_base, held_at
from reverie.domain.dream import ChangeKind
from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.decisions import flag_built_on


def _changes(b: Backends, w: Writer) -> list[tuple[MemoryCard, MemoryCard]]:
    """(old, new) for each base card this run superseded by another value of its slot."""
    found = []
    for old in list(w.changed.values()):
        if old.layer is not Layer.KNOWLEDGE or old.status is not Status.SUPERSEDED or not old.superseded_by:
            continue
        new = w.changed.get(old.superseded_by)
        if new is None:
            got = b.notes.get_many(w.run.tenant_id, [old.superseded_by])
            new = got[0] if got else None
        if new is not None and changed_base(old, new, w.run.user_id):
            found.append((old, new))
    return found


def retire_held_at_old_values(b: Backends, w: Writer) -> None:
    """Retire or flag the cards held at a base value this run replaced (see the module's docstring)."""
    changes = _changes(b, w)
    if not changes:
        return
    query = CardQuery(
        scope=w.scope, statuses=frozenset({*INJECTABLE_STATUSES, Status.HYPOTHESIS}), limit=10_000
    )
    cards = b.notes.query(query)
    for old, new in changes:
        for card in cards:
            card = w.changed.get(card.memory_id, card)
            if card.status not in INJECTABLE_STATUSES and card.status is not Status.HYPOTHESIS:
                continue  # retired earlier in this run
            held = held_at(card, old, new, w.run.user_id)
            if held is None:
                continue
            if held.together and card.status is Status.VERIFIED:
                w.revise(
                    card,
                    ChangeKind.SUPERSEDED,
                    f"superseded by a change: {held.reason}",
                    status=Status.SUPERSEDED,
                    superseded_by=new.memory_id,
                )
            else:
                flag_built_on(w, card, new, held.reason, INJECTABLE_STATUSES)
