"""Counting what a listing holds, for the `total` of a page (the note store answers pages, not counts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from reverie.domain.models import Layer, MemoryCard, MemoryType, Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends

COUNT_PAGE = 1_000


def count_cards(b: Backends, query: CardQuery) -> int:
    """How many current cards `query` matches across every page (its own limit and offset ignored):
    read a page of `COUNT_PAGE` at a time, so the cost grows with the scope's cards."""
    total, offset = 0, 0
    while True:
        found = len(b.notes.query(replace(query, limit=COUNT_PAGE, offset=offset)))
        total += found
        if found < COUNT_PAGE:
            return total
        offset += COUNT_PAGE


def memory_page(
    b: Backends,
    scope: Scope,
    *,
    layers: Sequence[Layer] = (),
    types: Sequence[MemoryType] = (),
    statuses: Sequence[Status] = (),
    key: str | None = None,
    limit: int = 100,
    offset: int = 0,
) -> tuple[list[MemoryCard], int]:
    """One page of the current cards `scope` sees (newest change first), and how many there are in all."""
    query = CardQuery(
        scope=scope,
        layers=frozenset(layers) or None,
        types=frozenset(types) or None,
        statuses=frozenset(statuses) or None,
        key=key,
        limit=limit,
        offset=offset,
    )
    return b.notes.query(query), count_cards(b, query)
