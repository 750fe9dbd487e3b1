"""Two statements about one subject that give the same amount of the same thing, for the same doing, are one
fact in other words: "Kestrel Foods' invoices are payable within 45 days" and "Kestrel Foods pays on 45-day
terms" share their subject, the amount (45 days, written "45 days" or "45-day") and what is done (paying,
said "payable" or "pays"), and nothing else they say disagrees. Written by an agent twice, in two sessions,
they are a duplicate.

The amount is a number and the word it counts ("45 days", "0.12 EUR", "3 times"; "45-day" is "45 days"), or
a currency sign and a number ("£40"). What is done is a content word both share beyond the subject and the
amount (a word and its "-able" form are one: "pay", "payable"): "runs 5 km on Mondays" and "swims 5 km on
Fridays" share an amount and a subject, not a doing, and stay two. So do statements with another number
beside it, another subject, or one of them denied.

The two become one card saying both (which words of either are mere wording is not known: "pays within
30 days" and "pays 30 days late" share as much); a later one whose every word the held one says is no card
of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.values import other_numbers
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.whose import people, shared_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import MONTH_NAMES
from reverie.ports import MergeAction, MergeDecision

# "45 days", "45-day", "0.12 EUR", "3 times a week": a number and the word after it (space or hyphen); "£40".
_AMOUNT_RE = re.compile(
    r"(?P<number>\d+(?:[.,]\d+)?)[\s-]+(?P<unit>[^\W\d_]{2,})|(?P<sign>[£$€¥₹])\s?(?P<paid>\d+(?:[.,]\d+)?)"
)
_ABLE_RE = re.compile(r"(?<=\w{3})[ai]bl$")  # a term's "-able" ("payabl", as `terms` stems it)
_KINDS = frozenset({MemoryType.FACT})
# When something is done is no doing: "runs 5 km on Mondays" and "swims 5 km on Mondays" share only a time.
_WHEN = frozenset(
    stem(w)
    for w in (
        "monday tuesday wednesday thursday friday saturday sunday weekday weeknight weekend morning afternoon "
        "evening night day week month year daily weekly monthly yearly annually today tomorrow yesterday "
        "every each usually always now"
    ).split()
    + MONTH_NAMES
)


def amounts(statement: str) -> frozenset[tuple[str, str]]:
    """The amounts `statement` gives, as (number, the stem of what it counts or the currency sign)."""
    out = set()
    for found in _AMOUNT_RE.finditer(statement):
        if found.group("sign"):
            out.add((found.group("paid"), found.group("sign")))
        else:
            out.add((found.group("number"), stem(found.group("unit").lower())))
    return frozenset(out)


def _words(statement: str) -> frozenset[str]:
    """Its terms, a word's "-able" form as the word ("payable" → pay), amounts' parts aside."""
    plain = _AMOUNT_RE.sub(" ", statement)
    return frozenset(_ABLE_RE.sub("", w) for w in terms(plain))


def same_amount(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The card among `cards` giving the same amount of the same thing as `candidate`, about the same
    subject and the same doing (see the module docstring): no card of its own, or one card with it."""
    mine = amounts(candidate.statement)
    subject = people(candidate.statement)[1]
    if not mine or not subject or candidate.type not in _KINDS:
        return None
    for card in cards:
        shared = mine & amounts(card.statement)
        if (
            not shared
            or card.type is not candidate.type
            or not shared_people(candidate.statement, card.statement)[0]
            or other_slots(candidate.key, card.key, card.user_id or "")
            or other_numbers(candidate.statement, card.statement)
            or negated(candidate.statement) != negated(card.statement)
            or opposed(candidate.statement, card.statement)
        ):
            continue
        said, held = _words(candidate.statement), _words(card.statement)
        if not (said & held) - subject - people(card.statement)[1] - _WHEN:
            continue  # the same amount of something else done ("runs 5 km" / "swims 5 km")
        number, unit = sorted(shared)[0]
        why = f"{card.memory_id} gives the same {number} {unit} for the same subject"
        if said <= held:
            return decision(MergeAction.NOOP, card, why)
        return fused(candidate, card, join(card.statement, candidate.statement), why)
    return None
