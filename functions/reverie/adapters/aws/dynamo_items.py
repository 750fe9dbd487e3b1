"""A memory card as DynamoDB items, and the write actions on them (pure: these build requests and call
nothing). docs/dynamodb.md has the whole layout; how a card query reads the items back is
`dynamo_card_queries`, runs and review items as items are `dynamo_run_items`.

A card is one partition `T#<tenant>#CARD#<memory_id>`: `HEAD` (current version, the optimistic lock, a
copy of the current body and the listing keys), immutable `V#<version>` items and `STATS` (hit counters).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from reverie.adapters.aws.dynamo_table import (
    CARD_MARKER,
    HEAD,
    SHARED_MARKER,
    STATS,
    Action,
    Item,
    card_key_pk,
    card_pk,
    from_micros,
    key,
    micros,
    n,
    number,
    profile_pk,
    s,
    sortable,
    user_cards_pk,
    user_pk,
    version_sk,
    visibility_pk,
)
from reverie.domain.models import STORED_CARD, MemoryCard, ScopeKind
from reverie.domain.profile import in_profile


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
    personal, profiled = card.scope is ScopeKind.USER, in_profile(card.key)
    listing = card_listing_pk(t, card.scope, card.user_id, card.project_id)
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
        "gsi1pk": s(listing),
        "gsi1sk": listed,
        "gsi2pk": s(card_key_pk(listing, card.key)) if card.key else None,
        "gsi2sk": listed if card.key else None,
        "gsi3pk": s(user_cards_pk(t)) if personal else None,
        "gsi3sk": s(f"{card.user_id}#{card.memory_id}") if personal else None,
        "gsi4pk": s(profile_pk(listing)) if profiled else None,
        "gsi4sk": listed if profiled else None,
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
