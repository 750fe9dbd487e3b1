"""A value put right with no word of what it is: "Sorry, typo, it's BS3 4QF" after "My postcode is BS3 4QT",
"Correction: it's 07700 900125" after "my mobile is 07700 900152".

A correction that gives only a value says nothing alone; the held card it puts right is the one giving a value
written the same way (the same runs of capitals, digits and words: a postcode for a postcode, a phone number
for a phone number) that is not this one. Exactly one held card must give such a value: with none or two, which
one is meant is not known and the correction is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

# "It's BS3 4QF.", "it should be 07700 900125", "that's 24": the value alone, said as the right one.
_BARE_RE = re.compile(
    r"^(?:it'?s|it\s+is|it\s+should\s+be|that'?s|that\s+should\s+be|should\s+be)\s+(?P<value>[^,;!?]+?)[.!]*$",
    re.I,
)
# A value's runs: a number, a run of capitals, a word with a capital, a word in small letters, anything else.
_RUN_RE = re.compile(r"\d+|[A-Z]+(?![a-z])|[A-Z][a-z]+|[a-z]+|\s+|.")


def _shape(value: str) -> str | None:
    """A pattern matching a value written the same way as `value`, or None when it has no figure in it (a word
    alone, "it's Tuesday", is no value put right here: too many things are written so)."""
    if not re.search(r"\d", value):
        return None
    parts = []
    for run in _RUN_RE.findall(value):
        if run.isdigit():
            parts.append(rf"\d{{{len(run)}}}" if len(run) > 2 else r"\d{1,2}")
        elif run.isspace():
            parts.append(r"\s+")
        elif run.isupper():
            parts.append(f"[A-Z]{{{len(run)}}}")
        elif run[:1].isupper():
            parts.append("[A-Z][a-z]+")
        elif run.isalpha():
            parts.append("[a-z]+")
        else:
            parts.append(re.escape(run))
    return r"(?<![\w])" + "".join(parts) + r"(?![\w])"


def bare_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card giving a value written as the correction's is, with the correction's value in place."""
    found = _BARE_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.CORRECTION or found is None:
        return None
    value = found.group("value").strip()
    shape = _shape(value)
    if shape is None:
        return None
    pattern = re.compile(shape)
    fits = [
        (card, held)
        for card in cards
        if card.type is not MemoryType.CORRECTION
        for held in pattern.findall(card.statement)
        if held != value
    ]
    if len(fits) != 1:
        return None
    card, held = fits[0]
    statement = card.statement.replace(held, value, 1)
    return replace_with(candidate, card, f"{card.memory_id}'s value put right", statement)
