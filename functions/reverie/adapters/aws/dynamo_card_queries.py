"""How a card query reads the note store's items (pure): which index partitions it reads (`IndexReads`),
the filters DynamoDB applies, and the order of an index's entries (the card read back from the base table
is checked again with `CardQuery.admits`). The items are `dynamo_items`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.adapters.aws.dynamo_items import card_listing_pk
from reverie.adapters.aws.dynamo_table import Item, card_key_pk, micros, profile_pk, s
from reverie.domain.models import ScopeKind
from reverie.domain.profile import in_profile
from reverie.ports import CardQuery

_WHOLE_PAGE = 1_000  # a partition read whole is read in as few pages as DynamoDB allows
_IN_OPERANDS = 100  # DynamoDB's most operands of one IN


@dataclass(frozen=True)
class IndexReads:
    """The index partitions a card query reads, each newest first, and how.

    `whole`: each partition is small and read to its end, all at once (a key's, the profile's); otherwise
    the partitions are listings, read lazily page by page as the merge needs them."""

    index: str
    partitions: list[str]
    options: dict[str, Any]
    whole: bool


def index_reads(query: CardQuery, page: int) -> IndexReads:
    """Where a query's cards are listed: the visibility rule is the choice of partitions (the user's, the
    project's if one is named, the tenant's). A read of several profile keys (`domain.profile`) is one
    Query of the profile index per partition, its keys a filter; any other key read one Query of the key
    index per key and partition; a read of no key one Query of the listing index per partition."""
    scope = query.scope
    listings = [card_listing_pk(scope.tenant_id, ScopeKind.USER, scope.user_id, None)]
    if scope.project_id is not None:
        listings.append(card_listing_pk(scope.tenant_id, ScopeKind.PROJECT, None, scope.project_id))
    listings.append(card_listing_pk(scope.tenant_id, ScopeKind.ORG, None, None))
    keys = query.wanted_keys()
    paged = {"Limit": page, "ScanIndexForward": False}
    if keys is None:
        return IndexReads("gsi1", listings, {**paged, **filters(query)}, whole=False)
    if 1 < len(keys) <= _IN_OPERANDS and all(in_profile(k) for k in keys):
        options = {**paged, "Limit": _WHOLE_PAGE, **filters(query, keys)}
        return IndexReads("gsi4", [profile_pk(p) for p in listings], options, whole=True)
    partitions = [card_key_pk(p, k) for p in listings for k in sorted(keys)]
    return IndexReads("gsi2", partitions, {**paged, **filters(query)}, whole=True)


def filters(query: CardQuery, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """The query's layer / type / status filters (and `keys`, where the index holds `card_key`) as a
    FilterExpression that DynamoDB evaluates (the partition read already holds only what the scope may
    see)."""
    clauses: list[str] = []
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    for attr, chosen in (("layer", query.layers), ("card_type", query.types), ("status", query.statuses)):
        if chosen is not None:
            names[f"#{attr}"] = attr
            marks = [f":{attr}{i}" for i in range(len(chosen))]
            values.update(zip(marks, (s(v) for v in sorted(c.value for c in chosen)), strict=True))
            clauses.append(f"#{attr} IN ({', '.join(marks)})")
    if keys is not None:
        names["#card_key"] = "card_key"
        marks = [f":card_key{i}" for i in range(len(keys))]
        values.update(zip(marks, (s(k) for k in sorted(keys)), strict=True))
        clauses.append(f"#card_key IN ({', '.join(marks)})")
    if not clauses:
        return {}
    return {
        "FilterExpression": " AND ".join(clauses),
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
    }


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
