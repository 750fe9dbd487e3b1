"""The embedded index's timeline path over several time windows in one SQL statement.

Recall's neighbour boost reads the episodes around each of its strongest hits: a window per hit, a few
per request. One statement of one limited branch per window (`UNION ALL`) instead of one statement
each: the same rows, in the same order, for one round through the connection's lock and SQLite's parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from reverie.adapters.local.vector_cache import to_micros

MAX_WINDOWS = 100  # windows per statement: SQLite allows 500 branches in a compound SELECT by default


def windows_sql(
    where: tuple[str, list[object]], windows: Sequence[tuple[datetime, datetime]], k: int
) -> tuple[str, list[object]]:
    """One statement whose rows are `(window, memory_id)`: per window (its position in `windows`), the
    documents observed in it (both ends included) under `where`, the most recent first (then by memory
    id), at most `k`; window by window. The order `search_timeline` gives one window without entities."""
    # A few types of a large tenant: start from those types' rows (as `search_sql.timeline_sql` does).
    source = "docs d INDEXED BY docs_by_type" if "d.type IN" in where[0] else "docs d"
    branches: list[str] = []
    params: list[object] = []
    for position, (start, end) in enumerate(windows):
        branches.append(
            f"SELECT * FROM (SELECT {position} AS w, d.memory_id AS m, d.observed_at AS t FROM {source}"
            f" WHERE {where[0]} AND d.observed_at >= ? AND d.observed_at <= ?"
            " ORDER BY d.observed_at DESC, d.memory_id LIMIT ?)"
        )
        params.extend([*where[1], to_micros(start), to_micros(end), k])
    return " UNION ALL ".join(branches) + " ORDER BY w, t DESC, m", params


def by_window(rows: Sequence[tuple[int, str, int]], count: int) -> list[list[str]]:
    """The memory ids of `windows_sql`'s rows, one list per window (in its order), `count` windows."""
    found: list[list[str]] = [[] for _ in range(count)]
    for position, memory_id, _ in rows:
        found[position].append(memory_id)
    return found
