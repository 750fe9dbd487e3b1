"""Which held card a statement points at when its own words do not say which: one resolver, four ways.

The ways are tried in this order, and the first that finds exactly one card answers:

1. a demonstrative ("that job we inherited runs nightly" → the held "invoice-export job", `referents`):
   first, because until the thing is named the statement says nothing the other rules can compare; the
   merge judges the statement again with the card's name for it (another value of it replaces the card);
   so is an "it" its session did not name ("it's plot 14B ..." → the one thing held someone has, `held_it`);
2. the record of the same message (the agent's note citing the very message the statement is drawn from,
   `agent_record`): the surest pointer there is, one message, one person, most of the same words;
3. a held thing named by its head or its making ("the scope" → a held telescope, "the loaves ... baked" →
   "bakes bread", `taken_up`), or by what it is for ("the thyroid tablet" → "takes levothyroxine for
   their thyroid", `used_for`): the words of one card, though not the same words;
4. the sessions of the one group held ("training is Thursdays" → "coaches the under-11s", `referents`):
   last, because nothing in the statement but the kind of thing ties it to the card.

Each way returns nothing when none or several cards fit, so a statement is never tied to a card by chance;
ways 2-4 are acted on only when no rule reading the statement's own words decided (see `merge.decide`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reverie.adapters.local.rules.agent_record import recorded
from reverie.adapters.local.rules.held_it import held_it
from reverie.adapters.local.rules.pointer import Pointer, Way
from reverie.adapters.local.rules.referents import demonstrated, sessions_of_a_group
from reverie.adapters.local.rules.taken_up import the_thing_held
from reverie.adapters.local.rules.used_for import used_for
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard

__all__ = ["Pointer", "Way", "pointed_at"]

_WAYS: tuple[Callable[[Candidate, Sequence[MemoryCard]], Pointer | None], ...] = (
    demonstrated,
    held_it,
    recorded,
    the_thing_held,
    used_for,
    sessions_of_a_group,
)


def pointed_at(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The held card among `cards` (in `memory_id` order) that `candidate` points at, and the way it does
    (see the module docstring); None when no way finds exactly one."""
    return next((found for way in _WAYS if (found := way(candidate, cards)) is not None), None)
