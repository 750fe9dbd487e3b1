"""Values a correction swapped between who or what they belong to: "Priya chairs the Tuesday stand-up; Tom
chairs Thursdays" put right as "Priya chairs the Thursday stand-up; Tom chairs Tuesdays" says the same names
paired the other way. Every pairing of names the wrong statement made in one clause and the right one does not
is denied; a card built on the wrong statement that pairs them again ("Priya keeps Tuesday mornings free")
is wrong too, unless it also says the pairing the correction gives.
"""

from __future__ import annotations

import re
from itertools import combinations

from reverie.domain.restatement import stem

# One clause: what a statement says between semicolons, full stops and commas that join two clauses.
_CLAUSE_RE = re.compile(r"[;.!?]\s+|[;]|,\s+(?:and\s+|but\s+|while\s+)?|\s+(?:and|but|while|whereas)\s+")
# A name, a day, a month, a number: what a statement pairs with whom. A capitalised word opening a sentence
# is a name only when it is not a common opener.
_NAME_RE = re.compile(r"\b(?:[A-Z][\w'-]*[a-z][\w'-]*|\d[\d:.,]*)")
_OPENERS = frozenset(
    "the a an this that these those it he she they we i you his her their our my your there here".split()
)

Pair = frozenset[str]


def _names(clause: str) -> frozenset[str]:
    found = (m.group(0) for m in _NAME_RE.finditer(clause))
    return frozenset(stem(w.lower().removesuffix("'s")) for w in found if w.lower() not in _OPENERS)


def pairings(statement: str) -> frozenset[Pair]:
    """The pairs of names one clause of `statement` says together."""
    pairs: set[Pair] = set()
    for clause in _CLAUSE_RE.split(statement):
        pairs.update(frozenset(p) for p in combinations(sorted(_names(clause)), 2))
    return frozenset(pairs)


def swapped(wrong: str, right: str) -> frozenset[Pair]:
    """The pairings `wrong` makes that `right` undoes by pairing the same names otherwise: empty unless both
    name the same things (a swap, not a different statement)."""
    names_wrong = frozenset(n for p in pairings(wrong) for n in p)
    names_right = frozenset(n for p in pairings(right) for n in p)
    if len(names_wrong) < 3 or names_wrong != names_right:
        return frozenset()
    return pairings(wrong) - pairings(right)


def repeats_swapped(wrong: str, right: str, held: str) -> bool:
    """`held` pairs again names the correction `right` of `wrong` paired otherwise, and says none of the
    pairings `right` gives those names instead."""
    denied = swapped(wrong, right)
    if not denied:
        return False
    said = pairings(held)
    if not said & denied:
        return False
    named = frozenset(n for p in said & denied for n in p)
    instead = {p for p in pairings(right) - pairings(wrong) if p & named}
    return not said & instead
