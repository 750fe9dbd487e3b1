"""How a card query reads the note store's items (pure): the filters DynamoDB applies, the check made again
on the card read from the base table, and the order of an index's entries. The items are `dynamo_items`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from reverie.adapters.aws.dynamo_table import Item, micros, s
from reverie.ports import CardQuery


def filters(query: CardQuery) -> dict[str, Any]:
    """The query's layer / type / status filters as a FilterExpression that DynamoDB evaluates (the
    partition read already holds only what the scope may see)."""
    clauses: list[str] = []
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    for attr, chosen in (("layer", query.layers), ("card_type", query.types), ("status", query.statuses)):
        if chosen is not None:
            names[f"#{attr}"] = attr
            marks = [f":{attr}{i}" for i in range(len(chosen))]
            values.update(zip(marks, (s(v) for v in sorted(c.value for c in chosen)), strict=True))
            clauses.append(f"#{attr} IN ({', '.join(marks)})")
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
