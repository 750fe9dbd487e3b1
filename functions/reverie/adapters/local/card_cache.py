"""Cards parsed from their stored JSON, kept so that recall does not parse the same version again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime

from reverie.domain.models import STORED_CARD, MemoryCard


class ParsedCards:
    """A bounded, least-recently-used memo of the cards a store parsed from the JSON of their current version.

    An entry is (tenant, memory_id) → (version, body, card) and is served only when the row read now has
    that version and exactly that body: a stored version is immutable, but an id can be deleted and written
    again from version 1 (a chosen id), by this process or another one on the same file, and comparing the
    body read in the same query catches both. A writer `put`s the version it writes (the card it parsed
    already, with the JSON it stored: the first read parses nothing) and `forget`s what it deletes, so a
    forgotten user's words do not stay in memory (the store reads and writes under one connection lock,
    so no read from before a write can put back what the write forgot). Parsing a stored card skips the write guard
    (`STORED_CARD`), as every store read does. Safe to share between threads.

    A card read from the file since the store last called `distrust()` is `trusted`: the store may serve it
    without reading its row again for as long as nothing else can have changed it (the store calls
    `distrust()` when another connection committed or its own rolled back). A card `put` by a write is
    trusted only once a read has seen it, with the counters stored beside it.
    """

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        # (tenant, memory_id) -> (version, body, card, the epoch its row was last read in; -1: never read)
        self._cards: OrderedDict[tuple[str, str], tuple[int, str, MemoryCard, int]] = OrderedDict()
        self._lock = threading.Lock()
        self._epoch = 0

    def card(
        self,
        tenant_id: str,
        memory_id: str,
        version: int,
        body: str,
        hit_count: int,
        last_hit_at: datetime | None,
    ) -> MemoryCard:
        """The card stored as `body` at `version`, with these usage counters (they live beside the stored
        versions, which hold none): parsed once while it stays current and in the cache, copied again
        only when its counters moved."""
        key = (tenant_id, memory_id)
        with self._lock:
            held = self._cards.get(key)
        parsed = held is not None and held[0] == version and held[1] == body
        card = (
            held[2]
            if held is not None and parsed
            else MemoryCard.model_validate_json(body, context=STORED_CARD)
        )
        counted = card.hit_count == hit_count and card.last_hit_at == last_hit_at
        if not counted:
            card = card.model_copy(update={"hit_count": hit_count, "last_hit_at": last_hit_at})
        if self._size > 0:
            with self._lock:
                self._cards[key] = (version, body, card, self._epoch)
                self._cards.move_to_end(key)
                while len(self._cards) > self._size:
                    self._cards.popitem(last=False)
        return card

    def trusted(self, tenant_id: str, memory_ids: Iterable[str]) -> dict[str, MemoryCard]:
        """The cards of `memory_ids` read since the last `distrust()` (the others are left out)."""
        found: dict[str, MemoryCard] = {}
        with self._lock:
            epoch = self._epoch
            for memory_id in memory_ids:
                held = self._cards.get((tenant_id, memory_id))
                if held is not None and held[3] == epoch:
                    self._cards.move_to_end((tenant_id, memory_id))
                    found[memory_id] = held[2]
        return found

    def distrust(self) -> None:
        """Trust no card held until a read sees its row again (the file may have changed under them)."""
        with self._lock:
            self._epoch += 1

    def put(self, tenant_id: str, memory_id: str, version: int, body: str, card: MemoryCard) -> None:
        """Keep `card`, just written as `body` at `version` (what parsing `body` gives back), so that its
        first read parses nothing: a card a dream or a bulk write stored is read by the next recall."""
        if self._size > 0:
            with self._lock:
                self._cards[(tenant_id, memory_id)] = (version, body, card, -1)
                self._cards.move_to_end((tenant_id, memory_id))
                while len(self._cards) > self._size:
                    self._cards.popitem(last=False)

    def forget(self, tenant_id: str, memory_ids: Iterable[str]) -> None:
        """Drop these cards (every version): they were just rewritten or deleted."""
        with self._lock:
            for memory_id in memory_ids:
                self._cards.pop((tenant_id, memory_id), None)

    def holds(self, tenant_id: str, memory_id: str) -> bool:
        """Whether some version of the card is held (what a test of forgetting looks at)."""
        with self._lock:
            return (tenant_id, memory_id) in self._cards

    def __len__(self) -> int:
        with self._lock:
            return len(self._cards)
