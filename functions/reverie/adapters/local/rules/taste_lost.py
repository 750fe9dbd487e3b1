"""A taste lost: "Eli has gone off flat whites" (or "got sick of podcasts", "no longer drinks cola", "has given up coffee") after a card
that gives the thing as the same person's choice ("Eli's go-to coffee order is a flat white", "Eli loves flat
whites", "Eli drinks cola every day"): the choice is no longer theirs, so the card is replaced by the news
(latest wins), which carries what they have instead when it says so ("..., it's oat cortados for Eli these
days").

The lost thing must be named whole in the card, and the card must be the person's own choice: their go-to,
usual or favourite thing, or what they love, like, drink, eat, order or go and do. A card about someone else's taste
("Eli's sister drinks flat whites") or only mentioning the thing ("the café's flat whites cost £3") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeDecision

_LOST_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?) (?:has |have |had )?(?:(?:gone|went) (?:right |completely "
    r"|a bit )?off|(?:got|gotten|grown|grew) (?:sick|tired|bored) of|(?:gave|given|giving) up|quit|cut out|kicked|"
    r"ditched|(?:no longer|doesn't|does not|stopped) "
    r"(?:likes?|drinks?|drinking|eats?|eating|enjoys?|orders?|ordering|wants?)) (?P<what>[^,;.]+?)(?=\s*(?:[,;.]|\sand\s|$))",
    re.I,
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


def _choice_of(who: str) -> re.Pattern[str]:
    """A card giving `who`'s own choice of something: their go-to, usual or favourite, or what they love, like,
    drink, eat or order."""
    return re.compile(
        rf"^{re.escape(who)}(?:'s (?:go-to|usual|favou?rite|regular|standard|daily|morning)\b| (?:\w+ ){{0,2}}?"
        r"(?:loves?|likes?|drinks?|eats?|enjoys?|prefers?|orders?|goes|does|plays|is into|always (?:has|gets))\b)",
        re.I,
    )


# What a choice is made over: "prefers email to phone calls", "tea rather than coffee", "... over Android, not ..."
_OVER_RE = re.compile(r"\b(?:rather\s+than|instead\s+of|over|not)\s+[^,;.]+", re.I)
_PREFERS_TO_RE = re.compile(r"(\bprefers?\b[^,;.]*?)\s+to\s+[^,;.]+", re.I)


def _chosen(statement: str) -> str:
    """`statement` without what its choice is made over (no taste for that is lost by not liking it)."""
    return _OVER_RE.sub("", _PREFERS_TO_RE.sub(r"\1", statement))


def taste_lost(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving as the person's choice the thing the candidate says they lost the taste for."""
    lost = _LOST_RE.match(candidate.statement.strip())
    if lost is None or candidate.type not in _KINDS:
        return None
    what = terms(lost.group("what"))
    if not what:
        return None
    held = _choice_of(lost.group("who"))
    for card in cards:
        if card.type in _KINDS and held.match(card.statement) and what <= terms(_chosen(card.statement)):
            return replace(candidate, card, f"{card.memory_id}'s choice is one the person lost the taste for")
    return None


# What they have instead, said after the taste lost: "it's all dinosaurs now", "it's oat cortados for him these days".
_INSTEAD_RE = re.compile(
    r"^it(?:'s|\s+is)\s+(?:all\s+)?(?P<what>[^,;.]+?)(?:\s+for\s+(?:him|her|them|me|us))?"
    r"\s+(?:now|these\s+days|nowadays)[.!]*$",
    re.I,
)


def taken_to_instead(lost: str, after: str) -> str | None:
    """What someone named has taken to instead, said after the taste they lost ("Leo's gone off trains" then
    "it's all dinosaurs now" → "Leo is into dinosaurs now"), or None."""
    found = _LOST_RE.match(lost.strip())
    instead = _INSTEAD_RE.match(after.strip())
    if found is None or instead is None:
        return None
    who = found.group("who").removesuffix("'s")
    if who.lower().split("'")[0] in ("i", "we"):  # the speaker's own, kept whole as one taste
        return None
    return f"{who} is into {instead.group('what')} now"
