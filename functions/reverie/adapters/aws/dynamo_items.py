"""Cards, runs, changes and review items as DynamoDB items, and the write actions on them (pure: these
build requests and call nothing). docs/dynamodb.md has the whole layout.

A card is one partition `T#<tenant>#CARD#<memory_id>`: `HEAD` (current version, the optimistic lock, a
copy of the current body and the listing keys), immutable `V#<version>` items and `STATS` (hit counters).
A run is one partition `T#<tenant>#RUN#<run_id>`: `RUN` (with the `change_seq` counter), `CHANGE#<id>`
and `STAGE#<stage>` items. A review item is alone in `T#<tenant>#REVIEW#<item_id>`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from reverie.adapters.aws.dynamo_table import (
    CARD_MARKER,
    CHANGE_PREFIX,
    HEAD,
    REVIEW,
    RUN,
    RUN_MARKER,
    SHARED_MARKER,
    STATS,
    Item,
    card_key_pk,
    card_pk,
    from_micros,
    key,
    listing_pk,
    micros,
    n,
    number,
    review_pk,
    run_pk,
    s,
    sortable,
    user_cards_pk,
    user_pk,
    version_sk,
    visibility_pk,
)
from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.domain.models import STORED_CARD, MemoryCard, ScopeKind
from reverie.ports import CardQuery

Action = dict[str, Any]
"""One action of a TransactWriteItems request (without the table name)."""


def card_listing_pk(tenant_id: str, scope: ScopeKind, user_id: str | None, project_id: str | None) -> str:
    """The index partition a card is listed in: who may see it decides where it is listed."""
    if scope is ScopeKind.USER:
        return visibility_pk(tenant_id, "U", user_id)
    if scope is ScopeKind.PROJECT:
        return visibility_pk(tenant_id, "P", project_id)
    return visibility_pk(tenant_id, "TENANT")


def _head_attributes(card: MemoryCard) -> dict[str, dict[str, str] | None]:
    """The head's attributes (None: absent)."""
    t, listed = card.tenant_id, s(f"{sortable(card.updated_at)}#{card.memory_id}")
    personal = card.scope is ScopeKind.USER
    return {
        "kind": s("card"),
        "version": n(card.version),
        "body": s(card.model_dump_json()),
        "layer": s(card.layer.value),
        "card_type": s(card.type.value),
        "status": s(card.status.value),
        "scope": s(card.scope.value),
        "user_id": s(card.user_id) if card.user_id else None,
        "project_id": s(card.project_id) if card.project_id else None,
        "card_key": s(card.key) if card.key else None,
        "gsi1pk": s(card_listing_pk(t, card.scope, card.user_id, card.project_id)),
        "gsi1sk": listed,
        "gsi2pk": s(card_key_pk(t, card.key)) if card.key else None,
        "gsi2sk": listed if card.key else None,
        "gsi3pk": s(user_cards_pk(t)) if personal else None,
        "gsi3sk": s(f"{card.user_id}#{card.memory_id}") if personal else None,
        "author": s(card.user_id) if card.user_id and not personal else None,
    }


def head_put(card: MemoryCard) -> Action:
    """The head of a new card, if the id is free."""
    item: Item = key(card_pk(card.tenant_id, card.memory_id), HEAD)
    item.update({name: value for name, value in _head_attributes(card).items() if value is not None})
    if card.scope is ScopeKind.USER:
        item["owners"] = {"SS": [str(card.user_id)]}
    return {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}


def head_update(card: MemoryCard, expected: int) -> Action:
    """Move the head to `card`'s version if it is still at `expected` (the optimistic lock). On failure
    the stored head comes back in the cancellation reason, so the conflict can name the current version."""
    names: dict[str, str] = {"#version": "version"}
    values: dict[str, Any] = {":expected": n(expected)}
    sets, removes = [], []
    for i, (name, value) in enumerate(_head_attributes(card).items()):
        names[f"#a{i}"] = name
        if value is None:
            removes.append(f"#a{i}")
        else:
            values[f":a{i}"] = value
            sets.append(f"#a{i} = :a{i}")
    expression = "SET " + ", ".join(sets) + (" REMOVE " + ", ".join(removes) if removes else "")
    if card.scope is ScopeKind.USER:
        names["#owners"], values[":owner"] = "owners", {"SS": [str(card.user_id)]}
        expression += " ADD #owners :owner"
    return {
        "Update": {
            "Key": key(card_pk(card.tenant_id, card.memory_id), HEAD),
            "UpdateExpression": expression,
            "ConditionExpression": "#version = :expected",
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": values,
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
        }
    }


def version_put(card: MemoryCard) -> Action:
    """An immutable version item: written once, never over an existing one."""
    item = {
        **key(card_pk(card.tenant_id, card.memory_id), version_sk(card.version)),
        "kind": s("card-version"),
        "version": n(card.version),
        "body": s(card.model_dump_json()),
    }
    return {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}


def stats_put(card: MemoryCard, hits: int, last_hit_at: datetime | None) -> Action:
    item = {
        **key(card_pk(card.tenant_id, card.memory_id), STATS),
        "kind": s("card-stats"),
        "hit_count": n(hits),
    }
    if last_hit_at is not None:
        item["last_hit_at"] = n(micros(last_hit_at))
    return {"Put": {"Item": item}}


def owner_puts(card: MemoryCard) -> list[Action]:
    """A marker in the user's partition for a card that holds the user's personal scope (for delete_user),
    or for a shared card the user wrote (for shared_by)."""
    if card.user_id is None:
        return []
    personal = card.scope is ScopeKind.USER
    item = {
        **key(
            user_pk(card.tenant_id, card.user_id),
            (CARD_MARKER if personal else SHARED_MARKER) + card.memory_id,
        ),
        "kind": s("card-owner" if personal else "card-author"),
    }
    return [{"Put": {"Item": item}}]


def new_card(stored: MemoryCard, given: MemoryCard) -> list[Action]:
    """Head, version 1 and counters of a new card (in this order), then its owner marker."""
    return [
        head_put(stored),
        version_put(stored),
        stats_put(stored, given.hit_count, given.last_hit_at),
        *owner_puts(stored),
    ]


def with_hits(card: MemoryCard, stats: Item | None) -> MemoryCard:
    last = number(stats, "last_hit_at") if stats else None
    hits = (number(stats, "hit_count") or 0) if stats else 0
    return card.model_copy(
        update={"hit_count": hits, "last_hit_at": None if last is None else from_micros(last)}
    )


def decode(item: Item, stats: Item | None) -> MemoryCard:
    """A head or version item as the card it holds, with the card's current counters."""
    return with_hits(MemoryCard.model_validate_json(item["body"]["S"], context=STORED_CARD), stats)


def filters(query: CardQuery, by_key: bool) -> dict[str, Any]:
    """The query's layer / type / status filters (and, on the key index, the visibility rule) as a
    FilterExpression that DynamoDB evaluates."""
    clauses: list[str] = []
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    for attr, chosen in (("layer", query.layers), ("card_type", query.types), ("status", query.statuses)):
        if chosen is not None:
            names[f"#{attr}"] = attr
            marks = [f":{attr}{i}" for i in range(len(chosen))]
            values.update(zip(marks, (s(v) for v in sorted(c.value for c in chosen)), strict=True))
            clauses.append(f"#{attr} IN ({', '.join(marks)})")
    if by_key:
        names.update({"#scope": "scope", "#user_id": "user_id"})
        values.update(
            {":user": s("user"), ":me": s(query.scope.user_id), ":org": s("org"), ":global": s("global")}
        )
        visible = ["(#scope = :user AND #user_id = :me)", "#scope IN (:org, :global)"]
        if query.scope.project_id is not None:
            names["#project_id"] = "project_id"
            values.update({":project": s("project"), ":my_project": s(query.scope.project_id)})
            visible.append("(#scope = :project AND #project_id = :my_project)")
        clauses.append("(" + " OR ".join(visible) + ")")
    if not clauses:
        return {}
    return {
        "FilterExpression": " AND ".join(clauses),
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
    }


def matches(card: MemoryCard, query: CardQuery) -> bool:
    """The query checked again on the card as read from the base table (an index entry may be stale)."""
    return (
        card.visible_to(query.scope)
        and (query.layers is None or card.layer in query.layers)
        and (query.types is None or card.type in query.types)
        and (query.statuses is None or card.status in query.statuses)
        and (query.key is None or card.key == query.key)
    )


def newest_first(entries: Iterable[Item], index: str) -> Iterator[tuple[int, str]]:
    """Index entries as (-updated micros, memory_id): newest first, ties by memory_id ascending (a
    descending index read yields ties descending, so each run of equal times is re-sorted)."""
    group: list[tuple[int, str]] = []
    for entry in entries:
        when, memory_id = entry[f"{index}sk"]["S"].split("#", 1)
        item = (-micros(datetime.fromisoformat(when)), memory_id)
        if group and group[0][0] != item[0]:
            yield from sorted(group)
            group = []
        group.append(item)
    yield from sorted(group)


# --- runs and review items -------------------------------------------------------------------------


def marker(pk: str, sk: str) -> Item:
    """An item in the user's partition naming a record the user owns (found again by delete_user)."""
    return {**key(pk, sk), "kind": s("marker")}


def run_save(run: DreamRun) -> list[Action]:
    """Write the run (keeping its change counter) unless it belongs to another user, and its marker."""
    t, listed = run.tenant_id, s(f"{sortable(run.started_at)}#{run.run_id}")
    attributes = {
        "kind": s("run"),
        "user_id": s(run.user_id),
        "body": s(run.model_dump_json()),
        "gsi1pk": s(listing_pk(t, "RUNS")),
        "gsi1sk": listed,
        "gsi2pk": s(listing_pk(t, "RUNS", run.user_id)),
        "gsi2sk": listed,
    }
    update = {
        "Key": key(run_pk(t, run.run_id), RUN),
        "UpdateExpression": "SET " + ", ".join(f"#a{i} = :a{i}" for i in range(len(attributes))),
        "ConditionExpression": "attribute_not_exists(pk) OR #a1 = :a1",  # a run keeps its user
        "ExpressionAttributeNames": {f"#a{i}": name for i, name in enumerate(attributes)},
        "ExpressionAttributeValues": {f":a{i}": value for i, value in enumerate(attributes.values())},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
    }
    return [{"Update": update}, {"Put": {"Item": marker(user_pk(t, run.user_id), RUN_MARKER + run.run_id)}}]


def change_record(tenant_id: str, change: Change, seq: int) -> list[Action]:
    """Move the run's counter from `seq` to `seq + 1` (if it is still at `seq`) and store the change as
    number `seq + 1` (if its id is new): the second action failing means "recorded before"."""
    pk = run_pk(tenant_id, change.run_id)
    unchanged = "attribute_not_exists(#seq)" if seq == 0 else "#seq = :seq"
    counter = {
        "Key": key(pk, RUN),
        "UpdateExpression": "SET #seq = :next",
        "ConditionExpression": f"attribute_exists(pk) AND {unchanged}",
        "ExpressionAttributeNames": {"#seq": "change_seq"},
        "ExpressionAttributeValues": {":next": n(seq + 1), **({":seq": n(seq)} if seq else {})},
    }
    item = {
        **key(pk, CHANGE_PREFIX + change.change_id),
        "kind": s("change"),
        "seq": n(seq + 1),
        "body": s(change.model_dump_json()),
    }
    return [{"Update": counter}, {"Put": {"Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}]


def review_item(item: ReviewItem) -> Item:
    """Listed by status then creation time, in the tenant's queue (gsi1) and the user's (gsi2)."""
    listed = s(f"{item.status}#{sortable(item.created_at)}#{item.item_id}")
    return {
        **key(review_pk(item.tenant_id, item.item_id), REVIEW),
        "kind": s("review"),
        "user_id": s(item.user_id),
        "status": s(item.status),
        "body": s(item.model_dump_json()),
        "gsi1pk": s(listing_pk(item.tenant_id, "REVIEWS")),
        "gsi1sk": listed,
        "gsi2pk": s(listing_pk(item.tenant_id, "REVIEWS", item.user_id)),
        "gsi2sk": listed,
    }
