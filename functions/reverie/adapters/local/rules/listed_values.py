"""A system's listing read field by field ("EASTMOOR COUNCIL CTAX's amount: 156.00", `records`) against a card
the person wrote in their own words about the same payee, account or thing ("Council tax: Eastmoor Council,
£142 a month, comes out on the 1st").

The listing names what it lists in its own spelling, and the card has no slot, so neither the slot rules nor the
words compare them: the card would live on beside the listing, saying £142 when the bank now says £156. Matched
by subject (the card names the record's name: at least two of its words, or its only one, one of them
written as a name), a field whose kind the card says once (an amount of money, a day of the month) is read
against it: the same value is no news (a no-op), another value puts the card right, the rest of it kept
("Council tax: Eastmoor Council, £156 a month, comes out on the 1st."). A card saying two amounts, or none,
is not touched: which one the field is cannot be told.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from reverie.adapters.local.rules.language import slug
from reverie.adapters.local.rules.verdicts import decision, replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.text import MONTH_WORD
from reverie.ports import MergeAction, MergeDecision

# "<record>'s <field>: <value>." as `records` writes a field.
_FIELD_RE = re.compile(r"^(?P<record>.+?)'s (?P<field>[a-z][a-z ]{1,40}): (?P<value>[^:]+?)\.?$")
_MONEY_FIELD_RE = re.compile(r"\b(?:amount|price|cost|fee|total|balance|payment|rent|charge|premium)\b")
_DAY_FIELD_RE = re.compile(r"\bday\b")
_NUMBER_RE = re.compile(r"^[£$€]?\s?(?P<n>\d[\d,]*(?:\.\d+)?)$")
_MONEY_RE = re.compile(r"(?P<sign>[£$€])\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?![\d,]*\d)")
_MONTHS = MONTH_WORD
# "on the 1st", "the 15th of each month", not a date ("1st March").
_DAY_RE = re.compile(rf"\b(?P<n>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?{_MONTHS}\b)", re.I)
_WORD_RE = re.compile(r"[^\W\d_]+")


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _names_record(card: str, record: str) -> int:
    """How many words of the record's name the card says (0 unless enough, one of them as a name)."""
    wanted = {w.lower() for w in _WORD_RE.findall(record)}
    said = _WORD_RE.findall(card)
    shared = {w.lower() for w in said} & wanted
    as_name = any(w[:1].isupper() and w.lower() in shared for w in said)
    return len(shared) if as_name and len(shared) >= min(2, len(wanted)) else 0


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _put_right(card: str, field: str, value: str) -> tuple[bool, str] | None:
    """(whether the card says the field's value already, the card with it put right), or None when the card
    does not say one value of the field's kind."""
    number = _NUMBER_RE.match(value.strip())
    if number is None or (given := _number(number.group("n"))) is None:
        return None
    # a day first: "payment day" is a day, not an amount
    if _DAY_FIELD_RE.search(field) and given == int(given) and 1 <= given <= 31:
        found = list(_DAY_RE.finditer(card))
        if len(found) != 1:
            return None
        held: Decimal | None = Decimal(found[0].group("n"))
        said = _ordinal(int(given))
        start, end = found[0].span()
    elif _MONEY_FIELD_RE.search(field):
        found = list(_MONEY_RE.finditer(card))
        if len(found) != 1 or (held := _number(found[0].group("n"))) is None:
            return None
        said = number.group("n") if "." in found[0].group("n") or given % 1 else f"{given:.0f}"
        start, end = found[0].span("n")
    else:
        return None
    return held == given, card[:start] + said + card[end:]


def listed_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """What a listing's field is to a held card about the same thing in the person's words (see the module
    docstring); None when the candidate is no listing's field or no one card says its value."""
    found = _FIELD_RE.match(candidate.statement)
    if (
        found is None
        or not candidate.key
        or candidate.key.partition(".")[0] != slug(found.group("record"), 4)
    ):
        return None
    record = candidate.key.partition(".")[0]
    scored = []
    for card in cards:
        if card.type is not MemoryType.FACT or _FIELD_RE.match(card.statement):
            continue  # a listing's own field is read by its slot
        if card.key and (card.key == candidate.key or card.key.partition(".")[0] != record):
            continue
        if (named := _names_record(card.statement, found.group("record"))) and (
            read := _put_right(card.statement, found.group("field"), found.group("value"))
        ):
            scored.append((named, card, read))
    best = max((n for n, _, _ in scored), default=0)
    top = [(card, read) for n, card, read in scored if n == best]
    if len(top) != 1:
        return None  # none, or two cards about it: which one the listing puts right cannot be told
    (card, (same, statement)) = top[0]
    if same:
        return decision(MergeAction.NOOP, card, f"{card.memory_id} says the listed {found.group('field')}")
    verdict = replace(candidate, card, f"the listed {found.group('field')} puts {card.memory_id} right")
    # another field of the same listing, put into the card already put right by this one, fuses with it: either
    # way the card says the value put right (a person's card or a less trusted source stay for review)
    if verdict.action in (MergeAction.SUPERSEDE, MergeAction.FUSE):
        return verdict.model_copy(update={"statement": statement})
    return verdict
