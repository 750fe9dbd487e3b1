"""L2/L3 memory cards in the tenant's DynamoDB table: versioned, optimistically locked, never overwritten.

Item layout and access patterns: docs/dynamodb.md. The cards as items are `dynamo_items`, how a query
reads them back `dynamo_card_queries`; the transactions that write them, and what their failures mean,
`dynamo_card_writes`.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import suppress
from datetime import datetime
from itertools import islice
from typing import Any

from reverie.adapters.aws.dynamo_card_queries import index_reads, newest_first
from reverie.adapters.aws.dynamo_card_writes import commit, delete_card
from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_items import (
    decode,
    head_update,
    new_card,
    owner_puts,
    version_put,
    with_hits,
)
from reverie.adapters.aws.dynamo_table import (
    CARD_MARKER,
    HEAD,
    SHARED_MARKER,
    STATS,
    VERSION_PREFIX,
    Action,
    Cancelled,
    ConditionFailed,
    card_pk,
    micros,
    n,
    number,
    text,
    user_cards_pk,
    user_pk,
)
from reverie.domain.card_versions import prepare_version
from reverie.domain.errors import (
    AlreadyExists,
    InvalidRequest,
    NotFound,
)
from reverie.domain.models import MemoryCard, ScopeKind, Status, utcnow
from reverie.ports import CardQuery, NoteStore
from reverie.runtime.pools import SharedPool

_BATCH = 50  # cards per BatchGetItem: a head and a stats item each, 100 keys
_KEY_READS = SharedPool(8, "dynamo-key-reads")  # a read of several keys queries their partitions at once


class DynamoNoteStore(NoteStore):
    """The `NoteStore` contract on one DynamoDB table (the choices of `SqliteNoteStore`, mirrored).

    A card is one partition: `HEAD` (the current version number, the optimistic lock, and a copy of
    the current body), immutable `V#<version>` items and a `STATS` item for hit counters. Every write
    that touches several items is one TransactWriteItems: the head moves only if it is still at the
    version the writer read, so of concurrent writers exactly one wins and the others get
    `VersionConflict` naming the current version. Reads of a card are strongly consistent; `query` and
    `count_by_user` find cards through indexes (eventually consistent on AWS) and `query` resolves what
    it found with a consistent read, so it never returns a stale version or a deleted card.
    """

    def __init__(
        self, table_name: str, client: Any | None = None, clock: Callable[[], datetime] = utcnow
    ) -> None:
        self._table = Table(table_name, client)
        self._clock = clock

    # --- writes -----------------------------------------------------------------------------------

    def create(self, card: MemoryCard) -> MemoryCard:
        stored = prepare_version(card, 1, card.updated_at)
        commit(self._table, new_card(stored, card), new=stored)
        return stored.model_copy(update={"hit_count": card.hit_count, "last_hit_at": card.last_hit_at})

    def create_many(self, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
        """New cards in transactions of up to 100 actions (about 25 cards each, one round trip) instead
        of one per card. A taken id cancels its transaction (nothing of it written) and raises
        `AlreadyExists`; earlier transactions stay. Leftovers of an interrupted delete in a transaction
        make it retry card by card (`create` clears them)."""
        if len({(c.tenant_id, c.memory_id) for c in cards}) != len(cards):
            raise AlreadyExists("a batch of new cards names one memory id twice")
        out: list[MemoryCard] = []
        group: list[tuple[MemoryCard, MemoryCard, list[Action]]] = []
        size = 0
        for given in cards:
            stored = prepare_version(given, 1, given.updated_at)
            actions = new_card(stored, given)
            if group and size + len(actions) > 100:
                out += self._create_group(group)
                group, size = [], 0
            group.append((stored, given, actions))
            size += len(actions)
        return out + (self._create_group(group) if group else [])

    def _create_group(self, group: list[tuple[MemoryCard, MemoryCard, list[Action]]]) -> list[MemoryCard]:
        try:
            self._table.transact([action for *_, actions in group for action in actions])
        except Cancelled as cancelled:
            first = 0
            for stored, _, actions in group:
                if cancelled.failed(first):  # the head's put: the id is taken
                    raise AlreadyExists(
                        f"memory {stored.memory_id} already exists; update it or pick another id"
                    ) from None
                first += len(actions)
            return [self.create(given) for _, given, _ in group]
        return [
            stored.model_copy(update={"hit_count": given.hit_count, "last_hit_at": given.last_hit_at})
            for stored, given, _ in group
        ]

    def update(self, card: MemoryCard, expected_version: int) -> MemoryCard:
        stored = prepare_version(card, expected_version + 1, self._clock())
        actions = [head_update(stored, expected_version), version_put(stored), *owner_puts(stored)]
        commit(self._table, actions, locked=(stored, expected_version))
        return self._with_stats(stored)

    def supersede(self, old: MemoryCard, new: MemoryCard) -> tuple[MemoryCard, MemoryCard]:
        if old.tenant_id != new.tenant_id:
            raise InvalidRequest("a card can only be superseded by a card of the same tenant")
        if old.memory_id == new.memory_id:
            raise AlreadyExists(
                f"memory {new.memory_id} already exists; supersede it by a card with a new id"
            )
        new_stored = prepare_version(new.model_copy(update={"supersedes": old.memory_id}), 1, new.updated_at)
        retired = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": new.memory_id})
        retired = prepare_version(retired, old.version + 1, self._clock())
        actions = [
            head_update(retired, old.version),
            version_put(retired),
            *new_card(new_stored, new),
        ]
        commit(self._table, [*actions, *owner_puts(retired)], locked=(retired, old.version), new=new_stored)
        hits = {"hit_count": new.hit_count, "last_hit_at": new.last_hit_at}
        return self._with_stats(retired), new_stored.model_copy(update=hits)

    def record_hits(self, tenant_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        values = {":one": n(1), ":at": n(micros(at))}
        for memory_id in dict.fromkeys(memory_ids):
            pk = card_pk(tenant_id, memory_id)
            try:  # the usual case, one write: a newer hit moves last_hit_at
                self._table.update(
                    pk,
                    STATS,
                    "ADD hit_count :one SET last_hit_at = :at",
                    "attribute_exists(pk) AND (attribute_not_exists(last_hit_at) OR last_hit_at < :at)",
                    ExpressionAttributeValues=values,
                )
            except ConditionFailed:
                with suppress(ConditionFailed):  # unknown or deleted: ignored, never created
                    # a late report counts but does not move last_hit_at back
                    self._table.update(
                        pk,
                        STATS,
                        "ADD hit_count :one",
                        "attribute_exists(pk)",
                        ExpressionAttributeValues={":one": n(1)},
                    )

    def delete(self, tenant_id: str, memory_id: str) -> None:
        if not delete_card(self._table, tenant_id, memory_id):
            raise NotFound(f"memory {memory_id} not found")

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        removed = 0
        for marker in list(self._table.query(user_pk(tenant_id, user_id), CARD_MARKER)):
            if delete_card(self._table, tenant_id, marker["sk"]["S"][len(CARD_MARKER) :]):
                removed += 1
            else:  # the marker of a card already gone
                self._table.batch_delete([(user_pk(tenant_id, user_id), marker["sk"]["S"])])
        return removed

    def shared_by(self, tenant_id: str, user_id: str) -> list[str]:
        markers = self._table.query(user_pk(tenant_id, user_id), SHARED_MARKER)
        return sorted(marker["sk"]["S"][len(SHARED_MARKER) :] for marker in markers)

    # --- reads ------------------------------------------------------------------------------------

    def get(self, tenant_id: str, memory_id: str) -> MemoryCard:
        found = self._current(tenant_id, [memory_id])
        if memory_id not in found:
            raise NotFound(f"memory {memory_id} not found")
        return found[memory_id]

    def get_many(self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True) -> list[MemoryCard]:
        wanted = list(dict.fromkeys(memory_ids))
        found = self._current(tenant_id, wanted, counters)
        return [found[memory_id] for memory_id in wanted if memory_id in found]

    def history(self, tenant_id: str, memory_id: str) -> list[MemoryCard]:
        items = {item["sk"]["S"]: item for item in self._table.query(card_pk(tenant_id, memory_id))}
        head = items.get(HEAD)
        if head is None:
            raise NotFound(f"memory {memory_id} not found")
        current = number(head, "version") or 0
        versions = [items[sk] for sk in sorted(items) if sk.startswith(VERSION_PREFIX)]
        return [decode(v, items.get(STATS)) for v in versions if (number(v, "version") or 0) <= current]

    def query(self, query: CardQuery) -> list[MemoryCard]:
        if query.limit < 0 or query.offset < 0:
            raise InvalidRequest("limit and offset must not be negative")
        wanted = query.offset + query.limit
        if query.limit == 0 or any(
            f is not None and not f for f in (query.layers, query.types, query.statuses)
        ):
            return []
        reads = index_reads(query, page=min(1_000, max(25, wanted)))

        def read(pk: str) -> Iterator[tuple[int, str]]:
            return newest_first(self._table.query(pk, index=reads.index, **reads.options), reads.index)

        streams: list[Iterable[tuple[int, str]]]
        if not reads.whole:
            streams = [read(pk) for pk in reads.partitions]
        elif len(reads.partitions) > 1:  # small partitions, read whole and at once: one round trip
            streams = list(_KEY_READS.executor().map(lambda pk: list(read(pk)), reads.partitions))
        else:
            streams = [list(read(pk)) for pk in reads.partitions]
        cards = self._resolve(query, heapq.merge(*streams), batch=min(_BATCH, wanted))
        return list(islice(cards, query.offset, wanted))

    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        """Found through gsi3, each head confirmed by a consistent read (a just-deleted card never counts,
        so `admin.delete_user` can prove nothing is left)."""
        entries = self._table.query(user_cards_pk(tenant_id), index="gsi3")
        heads = self._table.resolve(entries, attributes=("scope", "user_id"))
        counts = Counter(str(text(h, "user_id")) for h in heads if text(h, "scope") == ScopeKind.USER.value)
        return dict(sorted(counts.items()))

    # --- primitives -------------------------------------------------------------------------------

    def _with_stats(self, stored: MemoryCard) -> MemoryCard:
        return with_hits(stored, self._table.get(card_pk(stored.tenant_id, stored.memory_id), STATS))

    def _current(
        self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True
    ) -> dict[str, MemoryCard]:
        """The heads of the ids that exist, with their counters (`counters=False`: the counters' items
        are not read, half the keys, and the cards carry none)."""
        found: dict[str, MemoryCard] = {}
        items_of = (HEAD, STATS) if counters else (HEAD,)
        for start in range(0, len(memory_ids), _BATCH):
            chunk = memory_ids[start : start + _BATCH]
            items = self._table.batch_get((card_pk(tenant_id, m), sk) for m in chunk for sk in items_of)
            for m in chunk:
                head = items.get((card_pk(tenant_id, m), HEAD))
                if head is not None:
                    found[m] = decode(head, items.get((card_pk(tenant_id, m), STATS)))
        return found

    def _resolve(
        self, query: CardQuery, entries: Iterator[tuple[int, str]], batch: int
    ) -> Iterator[MemoryCard]:
        """Index entries read back from the base table, in index order; stale or duplicate entries dropped."""
        seen: set[str] = set()
        while chunk := list(islice(entries, batch)):
            ids = list(dict.fromkeys(m for _, m in chunk if m not in seen))
            seen.update(ids)
            found = self._current(query.scope.tenant_id, ids)
            yield from (
                found[m] for m in ids if m in found and query.admits(found[m])
            )  # an index entry may be stale
