"""Which way a statement points about what another says, clause by clause.

A card often says several things, one of them negative: "Ines teaches Monday to Wednesday; Thursday is her
non-teaching day (part-time post)". Read as one statement it is a denial (it holds a negation), and every
affirmative statement about the same person would oppose it, "Ines teaches Monday to Wednesday" included. A
statement points the other way only from the clause of the card that says the most about what it says: the
negative clause for "Ines is not teaching on Thursdays" (the same way, no denial), the affirmative one for
"Ines teaches Monday to Wednesday" (the same way), the negative one for "Ines teaches on Thursdays" (a
denial). A bracketed aside is a clause of its own ("(part-time post)" holds no negation), and so is what
follows a comma that names the subject again or by a pronoun ("Mina always wants a window seat, Mina can't
sleep in an aisle seat"). The same holds the other way round: a statement saying two things, one of them
negative, points against a card only by its clause closest to what the card says.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import jaccard, name_words, subject
from reverie.domain.restatement import negated, terms

# Where one clause of a stored statement ends and another begins: a semicolon, "but", a bracketed aside.
_CLAUSE_RE = re.compile(r"\s*;\s*|,?\s+but\s+|\s*[()]\s*")


# Who a statement opens with: "the user", or a name (not a determiner: "The dog ...").
_OPENING_RE = re.compile(
    r"^\s*((?i:the user)|(?!(?:The|A|An|This|That|These|Those|My|Our|His|Her|Their|Its)\b)[A-Z][\w'’-]*)\b"
)
_PRONOUNS = "she|he|they|i|we"


def clauses(statement: str) -> list[str]:
    """The clauses of `statement` (see `_CLAUSE_RE` and the module docstring), each with some words."""
    opening = _OPENING_RE.match(statement)
    who = f"{re.escape(opening.group(1))}|{_PRONOUNS}" if opening else _PRONOUNS
    again = re.compile(rf",\s+(?:and\s+)?(?=(?i:{who})\b)")  # ", Mina can't ...", ", and she ..."
    parts = [piece for part in _CLAUSE_RE.split(statement) for piece in again.split(part)]
    return [part for part in parts if terms(part)]


def opposed(statement: str, held: str) -> bool:
    """Whether `statement` points the other way from what `held` says of the same thing: their negations
    differ, or, when `held` says some things one way and some the other, the clause of `held` closest to
    `statement` by its words (beside whom both are about) points the other way. Two clauses equally close
    and pointing different ways leave it undecided: no opposition."""
    parts = clauses(held)
    ways = {negated(part) for part in parts}
    if len(ways) < 2:
        if len({negated(part) for part in clauses(statement)}) == 2:
            return opposed(held, statement)  # the statement says two things: its clause closest to held
        return negated(statement) != negated(held)
    who = subject(statement) | name_words(statement) | subject(held) | name_words(held)
    mine = terms(statement) - who
    scored = [(jaccard(mine, terms(part) - who), negated(part)) for part in parts]
    best = max(score for score, _ in scored)
    if best == 0:
        return False  # about nothing the held card says
    return {way for score, way in scored if score == best} == {not negated(statement)}
