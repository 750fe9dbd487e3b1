"""A new price told as a change ("Musa has increased flour to 41,500 per bag", "the gym cut the fee back down
to thirty pounds a month", "the landlord's bumped the rent to £1,020", its unit the held card's) puts right the
held card giving that thing's price per that unit ("buys flour from Alhaji Musa's depot, ₦38,000 for a 50kg
bag"): latest wins, worded differently but the same thing's price.

The change may also be said of the thing itself, with what tells it apart from its neighbours ("Flat 1 rent
goes up to £875 a month from January" beside "Flat 2 is let at £920 a month"): the held card must then name
every word of it, numbers included, and the unit; the new card keeps from when the new amount holds.

The held card must name the thing and the unit, and whoever changed the price when the change names them,
and hold one price (an amount not followed by a measure: "50kg" is a size); it is kept as it was said with
the new amount in place ("..., ₦41,500 for a 50kg bag").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.domain.restatement import stem
from reverie.ports import MergeDecision

_CHANGE_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w-]+|the\s+[\w-]+)\s+(?:has\s+|have\s+|just\s+)?"
    r"(?:increased|raised|hiked|bumped|upped|pushed|lowered|reduced|cut|dropped|put|brought|moved|changed)\s+"
    # (a thing of two words, and whom it goes to: "upped the standing order to Mum to £75", "... to their mum")
    r"(?:the\s+|my\s+|our\s+)?(?:price\s+of\s+(?:the\s+)?)?(?P<thing>[a-z]{3,}(?:\s+(?!(?:back|up|down)\b)[a-z]{3,})?)(?:\s+price)?"
    r"(?:\s+(?:to|for)\s+(?:(?-i:[A-Z])[\w-]*|(?:their|his|her|my|our|(?-i:[A-Z])[\w-]*'s)\s+[a-z]+))?\s+(?:back\s+)?"
    r"(?:(?:up|down)\s+)?to\s+(?P<amount>[£$€₦]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?!(?:per|a|an|each|for)\b)[a-z]{1,6})?)"
    # the unit may go unsaid when the held card gives it ("bumped the rent to £1,020": the rent a month)
    r"(?:\s+(?:per|a|an|each|for\s+a)\s+(?P<unit>[a-z]{3,}))?\b",
    re.I,
)
# The thing's own value moving: "Flat 1 rent goes up to £875 a month from January", "the pitch fee rises to
# £40 a week".
_GOES_TO_RE = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?P<thing>[a-z][\w-]*(?:\s+(?:[a-z][\w-]*|\d[\w-]*)){0,3}?)\s+"
    r"(?:(?:is|are)\s+going|will\s+go|goes|go|went|has\s+gone|(?:is|are|will|has)?\s*(?:rises?|rose|risen|"
    r"increase[sd]?|drops?|dropped|falls?|fell|fallen|decrease[sd]?|changes?|changed))\s+"
    r"(?:(?:up|down|back)\s+)?to\s+"
    r"(?P<amount>[£$€₦]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:pounds|euros|dollars|quid))"
    # (the unit may go unsaid when the held card gives it: "the rent goes up to £1,050 from April")
    r"(?:\s+(?:per|a|an|each)\s+(?P<unit>[a-z]{3,}))?\b(?P<rest>.*)$",
    re.I,
)
_FROM_RE = re.compile(r"\b(?:from|starting|as of)\s+[^,;.]+", re.I)
# An amount in a held statement: a currency and digits, or digits not followed by a measure ("50kg").
_AMOUNT_RE = re.compile(
    r"[£$€₦]\s?\d[\d,]*(?:\.\d+)?|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b(?!\s?(?:kg|g|mg|ml|l|km|m|cm|lbs?|oz)\b)",
    re.I,
)
_WORDS_RE = re.compile(r"[a-z]+", re.I)
_TOKENS_RE = re.compile(r"[a-z]+|\d+", re.I)  # words and numbers ("Flat 1")


def _change(statement: str) -> re.Match[str] | None:
    return _CHANGE_RE.match(as_digits(statement).strip())


def _new_amount(found: re.Match[str], held: str) -> str:
    """The changed amount written as the held one is ("₦38,000" → "₦41,500"), with the thousands marked if either
    marks them ("£950" → "£1,020")."""
    digits = re.match(r"[£$€₦]?\s?([\d,]+(?:\.\d+)?)", found.group("amount"))
    value = digits.group(1).replace(",", "") if digits else ""
    number = float(value) if "." in value else int(value or 0)
    marked = "," in held or "," in found.group("amount")
    text = f"{number:,}" if marked else str(number)
    symbol = held[0] if held[0] in "£$€₦" else ""
    return f"{symbol}{text}"


def _goes_to(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the amount of the thing whose value the candidate says moves (see the module)."""
    found = _GOES_TO_RE.match(as_digits(candidate.statement).strip())
    if found is None:
        return None
    named = {stem(w.lower()) for w in found.group("thing").split()}
    unit = stem(found.group("unit").lower()) if found.group("unit") else None
    since = _FROM_RE.search(found.group("rest"))
    for card in cards:
        if card.type is not MemoryType.FACT:
            continue
        words = {stem(w.lower()) for w in _TOKENS_RE.findall(card.statement)}
        amounts = _AMOUNT_RE.findall(card.statement)
        if named <= words and (unit is None or unit in words) and len(amounts) == 1:
            new = _new_amount(found, amounts[0])
            statement = card.statement.replace(amounts[0], new, 1)
            if since and not _FROM_RE.search(card.statement):  # from when the new amount holds
                unit_at = re.search(rf"{re.escape(new)}\s+(?:per|a|an|each)\s+\w+", statement)
                at = unit_at.end() if unit_at else len(statement.rstrip(" ."))
                statement = f"{statement[:at]} {since.group(0).strip()}{statement[at:]}"
            return replace_with(candidate, card, f"a new amount of what {card.memory_id} gives", statement)
    return None


def price_change(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card whose price of the same thing per the same unit the candidate changes (see the module)."""
    if candidate.type is not MemoryType.FACT:
        return None
    found = _change(candidate.statement)
    if found is None:
        return _goes_to(candidate, cards)
    who, thing = found.group("who"), {stem(w) for w in found.group("thing").lower().split()}
    unit = stem(found.group("unit").lower()) if found.group("unit") else None
    for card in cards:
        if card.type is not MemoryType.FACT:
            continue
        words = {stem(w.lower()) for w in _WORDS_RE.findall(card.statement)}
        named = who.lower().startswith("the ") or who in card.statement
        amounts = _AMOUNT_RE.findall(card.statement)
        if thing <= words and (unit is None or unit in words) and named and len(amounts) == 1:
            new = _new_amount(found, amounts[0])
            statement = card.statement.replace(amounts[0], new, 1)
            return replace_with(candidate, card, f"a new price of what {card.memory_id} prices", statement)
    return None
