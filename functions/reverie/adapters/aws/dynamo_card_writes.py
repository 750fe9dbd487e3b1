"""The transactions of a write to the DynamoDB note store, run on its table (the local store's
`note_writes`, mirrored): `DynamoNoteStore` decides what to write; these run it and say what a failure
means.

`commit` runs one TransactWriteItems and turns a cancelled condition into the domain error it stands for
(`VersionConflict`, `NotFound`, `AlreadyExists`); `delete_card` removes every item of a card's partition,
the head first; `purge_leftovers` clears what an interrupted delete left before an id is used again.
"""

from __future__ import annotations

from reverie.adapters.aws.dynamo_client import Table
from reverie.adapters.aws.dynamo_table import (
    CARD_MARKER,
    HEAD,
    SHARED_MARKER,
    STATS,
    VERSION_PREFIX,
    Action,
    Cancelled,
    Item,
    card_pk,
    key,
    number,
    text,
    user_pk,
)
from reverie.domain.errors import AlreadyExists, NotFound, ReverieError, StorageError, VersionConflict
from reverie.domain.models import MemoryCard

_ATTEMPTS = 8


def commit(
    table: Table,
    actions: list[Action],
    locked: tuple[MemoryCard, int] | None = None,
    new: MemoryCard | None = None,
) -> None:
    """Run one transaction whose first action is `locked`'s head update (if any), followed by `new`'s
    head and version 1 (if any); a failed condition becomes the domain error it means."""
    new_at = 2 if locked else 0
    for attempt in range(2):
        try:
            table.transact(actions)
            return
        except Cancelled as cancelled:
            if locked and cancelled.failed(0):
                raise _conflict(table, locked[0], locked[1], cancelled.item(0)) from None
            if new and cancelled.failed(new_at):
                raise AlreadyExists(
                    f"memory {new.memory_id} already exists; update it or pick another id"
                ) from None
            if new and cancelled.failed(new_at + 1) and attempt == 0:
                purge_leftovers(table, new.tenant_id, new.memory_id)  # then try once more
                continue
            raise StorageError(f"unexpected conflict writing memory cards: {cancelled}") from cancelled


def _conflict(table: Table, card: MemoryCard, expected: int, head: Item | None) -> ReverieError:
    if head is None:  # the SDK did not return the item: read it
        head = table.get(card_pk(card.tenant_id, card.memory_id), HEAD)
    if head is None:
        return NotFound(f"memory {card.memory_id} not found")
    return VersionConflict(card.memory_id, expected, number(head, "version"))


def delete_card(table: Table, tenant_id: str, memory_id: str) -> bool:
    """Remove every item of the card; False if it had no head. The head goes in the first transaction
    (so every read stops finding the card at once), with the counters, the owner markers and the newest
    versions; older versions past the 100-action limit follow in batches."""
    pk = card_pk(tenant_id, memory_id)
    for _ in range(_ATTEMPTS):
        items = {item["sk"]["S"]: item for item in table.query(pk)}
        head = items.get(HEAD)
        if head is None:
            table.batch_delete((pk, sk) for sk in items)
            return False
        owners = sorted(head.get("owners", {}).get("SS", []))
        rest = [(pk, STATS)] if STATS in items else []
        rest += [(user_pk(tenant_id, owner), CARD_MARKER + memory_id) for owner in owners]
        if author := text(head, "author"):
            rest.append((user_pk(tenant_id, author), SHARED_MARKER + memory_id))
        rest += [(pk, sk) for sk in sorted(items, reverse=True) if sk.startswith(VERSION_PREFIX)]
        head_delete = {
            "Delete": {
                "Key": key(pk, HEAD),
                "ConditionExpression": "#version = :version",
                "ExpressionAttributeNames": {"#version": "version"},
                "ExpressionAttributeValues": {":version": head["version"]},
            }
        }
        try:
            table.transact([head_delete, *({"Delete": {"Key": key(*k)}} for k in rest[:99])])
        except Cancelled as cancelled:
            if cancelled.failed(0):
                continue  # revised meanwhile: read it again
            raise
        table.batch_delete(rest[99:])
        return True
    raise StorageError(f"memory {memory_id} kept changing while being deleted; retry")


def purge_leftovers(table: Table, tenant_id: str, memory_id: str) -> None:
    """Items of a deleted card left by an interrupted delete (no head): removed before the id is reused."""
    pk = card_pk(tenant_id, memory_id)
    items = [item["sk"]["S"] for item in table.query(pk)]
    if HEAD not in items:
        table.batch_delete((pk, sk) for sk in items)
