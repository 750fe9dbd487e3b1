"""A keyword query whose cost stays bounded as the index grows: the informative terms first.

FTS5 ranks every row a MATCH expression admits, and an OR of a question's words admits every row that
shares one common word with it: about a fifth of the rows at 10^5 cards (82 ms, against 2.8 ms to count
them). Counting how many rows hold each term is cheap, so before ranking, a query whose terms together
match more than `bound` rows is cut down (`bounded_expressions`):

1. Terms are taken rarest first while the rows they match add up to at most `bound`: rare words carry
   nearly all of BM25's weight (a word in one row in ten scores ~2.2, one in a thousand ~6.9), so the best
   rows of the whole query are almost always among the rows that hold one of them.
2. When even the rarest term matches more than `bound` rows, every term is common and none of them tells
   much alone: the candidates are the rows holding the rarest term and at least one other
   (`"a" AND ("b" OR "c")`), each term still appearing once, so BM25 weighs it once. When those are still
   more than `bound` (counted, like the terms), the next rarest term is required too (`"a" AND "b" AND
   ("c" OR "d")`), and so on (`narrowed`): ranking ~3,400 rows cost 15-40 ms at 10^5 cards, counting
   them ~1 ms.

Below the bound the expression is the plain OR of every term: the same ranking as before. A search whose
expression admits fewer than the k rows asked for inside its filter tries the looser ones in turn
(`keyword_expressions` lists them), down to the plain OR.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

MAX_KEYWORD_CANDIDATES = 2_000
"""Rows a keyword query may rank, summed over its terms' document counts, before it is cut down."""


def quoted(term: str) -> str:
    # A term from search_sql._WORD never contains a double quote: wrapping it is a complete FTS5 string.
    return f'"{term}"'


def or_expression(terms: Sequence[str]) -> str:
    """`"a" OR "b" ...`: every row holding any of the terms."""
    return " OR ".join(quoted(t) for t in terms)


def narrowed(by_rarity: Sequence[str]) -> list[str]:
    """Expressions each admitting fewer rows than the one before: the rarest term and at least one other,
    then the two rarest and at least one other, ..., then every term. Each term appears once."""
    if len(by_rarity) == 1:
        return [quoted(by_rarity[0])]
    found = []
    for required in range(1, len(by_rarity)):
        rest = by_rarity[required:]
        optional = or_expression(rest) if len(rest) == 1 else f"({or_expression(rest)})"
        found.append(" AND ".join([*(quoted(t) for t in by_rarity[:required]), optional]))
    return found


def bounded_expressions(terms: Sequence[str], counts: Mapping[str, int], bound: int) -> list[str]:
    """MATCH expressions for `terms`, given how many rows hold each (`counts`), admitting about `bound` rows at
    most (see the module's docstring), loosest first: one, unless every term is common (then `narrowed`,
    for the caller to count). `terms` is non-empty; terms in no row are left out."""
    present = [t for t in terms if counts.get(t, 0) > 0]
    if not present:
        return [or_expression(terms)]  # matches nothing, as the full query would
    if sum(counts[t] for t in present) <= bound:
        return [or_expression(present)]
    by_rarity = sorted(present, key=lambda t: (counts[t], terms.index(t)))
    kept: list[str] = []
    total = 0
    for term in by_rarity:
        if total + counts[term] > bound:
            break
        kept.append(term)
        total += counts[term]
    return [or_expression(kept)] if kept else narrowed(by_rarity)


class MatchCounts:
    """Rows each MATCH expression admits (FTS5 counts them without ranking them), remembered while the index
    is unchanged: until this connection writes (`total_changes`) or another one commits (`data_version`).
    The common words of a question are the costly ones to count (~0.5 ms each at 10^5 rows) and the ones
    that come back in the next question. `capacity` expressions at most; then it starts afresh."""

    def __init__(self, db: sqlite3.Connection, capacity: int = 4_096) -> None:
        self._db = db
        self._capacity = capacity
        self._counts: dict[str, int] = {}
        self._rows: int | None = None
        self._seen: tuple[int, int] | None = None

    def refresh(self) -> None:
        """Forget every count if the index changed since the last call (once per search)."""
        seen = (self._db.total_changes, self._db.execute("PRAGMA data_version").fetchone()[0])
        if seen != self._seen:
            self._counts.clear()
            self._rows, self._seen = None, seen

    def rows(self) -> int:
        """At least the number of rows in the index (its highest doc_id)."""
        if self._rows is None:
            self._rows = self._db.execute("SELECT max(doc_id) FROM docs").fetchone()[0] or 0
        return self._rows

    def __call__(self, expression: str) -> int:
        count = self._counts.get(expression)
        if count is None:
            sql = "SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?"
            count = int(self._db.execute(sql, (expression,)).fetchone()[0])
            if len(self._counts) >= self._capacity:
                self._counts.clear()
            self._counts[expression] = count
        return count


def keyword_expressions(counts: MatchCounts, terms: Sequence[str], bound: int, k: int) -> list[str]:
    """MATCH expressions for `terms` over the `docs`/`docs_fts` tables `counts` reads (search_sql.SCHEMA), the
    one to rank first, then looser ones for a search they leave short of `k` rows, ending with the plain OR.
    Only the plain OR while the whole index holds at most `bound` rows, else `bounded_expressions` over the
    rows that hold each term. Narrowed expressions are counted in turn until one admits at most `bound`
    rows; one admitting fewer than `k` is not taken (the one before it is ranked instead)."""
    full = or_expression(terms)
    counts.refresh()
    if counts.rows() <= bound:
        return [full]
    loosest, *narrower = bounded_expressions(terms, {term: counts(quoted(term)) for term in terms}, bound)
    ladder = [loosest]
    admitted = counts(loosest) if narrower else 0
    for expression in narrower:
        if admitted <= bound:
            break
        admitted = counts(expression)
        if admitted < k:
            break
        ladder.append(expression)
    return [*reversed(ladder), full] if loosest != full else [full]
