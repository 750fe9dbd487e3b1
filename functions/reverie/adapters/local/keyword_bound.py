"""A keyword query whose cost stays bounded as the index grows: the informative terms first.

FTS5 ranks every row a MATCH expression admits, and an OR of a question's words admits every row that
shares one common word with it: about a fifth of the rows at 10^5 cards (82 ms, against 2.8 ms to count
them). Counting how many rows hold each term is cheap, so before ranking, a query whose terms together
match more than `bound` rows is cut down (`bounded_expression`):

1. Terms are taken rarest first while the rows they match add up to at most `bound`: rare words carry
   nearly all of BM25's weight (a word in one row in ten scores ~2.2, one in a thousand ~6.9), so the best
   rows of the whole query are almost always among the rows that hold one of them.
2. When even the rarest term matches more than `bound` rows, every term is common and none of them tells
   much alone: the candidates are the rows holding the rarest term and at least one other
   (`"a" AND ("b" OR "c")`), each term still appearing once, so BM25 weighs it once.

Below the bound the expression is the plain OR of every term: the same ranking as before.
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


def bounded_expression(terms: Sequence[str], counts: Mapping[str, int], bound: int) -> str:
    """The MATCH expression for `terms`, given how many rows hold each (`counts`), admitting about `bound`
    rows at most (see the module's docstring). `terms` is non-empty; terms in no row are left out."""
    present = [t for t in terms if counts.get(t, 0) > 0]
    if not present:
        return or_expression(terms)  # matches nothing, as the full query would
    if sum(counts[t] for t in present) <= bound:
        return or_expression(present)
    by_rarity = sorted(present, key=lambda t: (counts[t], terms.index(t)))
    kept: list[str] = []
    total = 0
    for term in by_rarity:
        if total + counts[term] > bound:
            break
        kept.append(term)
        total += counts[term]
    if kept:
        return or_expression(kept)
    rarest, others = by_rarity[0], by_rarity[1:]
    if not others:
        return quoted(rarest)
    return f"{quoted(rarest)} AND ({or_expression(others)})"


def keyword_expression(db: sqlite3.Connection, terms: Sequence[str], bound: int) -> str:
    """The MATCH expression for `terms` over the `docs`/`docs_fts` tables of `db` (search_sql.SCHEMA): the
    plain OR while the whole index holds at most `bound` rows, else `bounded_expression` over the rows
    that hold each term (one count per term: FTS5 counts a term's rows without ranking them)."""
    rows = db.execute("SELECT max(doc_id) FROM docs").fetchone()[0] or 0  # at least the number of rows
    if rows <= bound:
        return or_expression(terms)
    counts = {
        term: db.execute("SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?", (quoted(term),)).fetchone()[
            0
        ]
        for term in terms
    }
    return bounded_expression(terms, counts, bound)
