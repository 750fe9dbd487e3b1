"""Two statements putting the same bound on when a person can be booked are one rule: "Don't schedule calls
before 10am, Caz does school drop-off" and "Caz never takes meetings earlier than ten in the morning" both say
nothing is booked for Caz before 10:00, in words that share little beyond the person.

The bound is a time after "before / earlier than / until" (the earliest anything may start) or "after / later
than / past" (the latest), in a statement that refuses ("don't", "never", "no", "not") something of a schedule
(a meeting, a call, an appointment, ringing or phoning them...), or, said the other way, allows it "only after" or "only before" a
time. One person, one direction, one time: one rule. The held card says it all when the news says nothing
beside the bound; otherwise the two fuse. Another time is another rule (a change is for the slot rules); two
people's bounds stay two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from reverie.adapters.local.rules.their_people import persons_of
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.whose import other_people, people, unnamed_terms
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.numerals import as_digits
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, MergeDecision

_RULES = frozenset({MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.CONSTRAINT, MemoryType.CORRECTION})
_SCHEDULED_RE = re.compile(
    r"\b(?:meetings?|calls?|appointments?|interviews?|sessions?|stand-?ups?|syncs?|1:1s?|one-to-ones?|events?|"
    r"bookings?|deliver(?:y|ies)|visits?|schedul\w*|book\w*|ring|rings|phone|phones|call)\b",
    re.I,
)
_TIME = (
    r"(?:(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?(?:\s*(?P<mer>[ap]\.?m\b\.?))?"
    r"(?:\s+(?:in\s+the\s+|at\s+)(?P<part>morning|afternoon|evening|night))?|(?P<noon>noon|midday))"
)
_EARLIEST_RE = re.compile(rf"\b(?:before|earlier\s+than|until|till|til)\s+{_TIME}", re.I)
_LATEST_RE = re.compile(rf"\b(?:after|later\s+than|past)\s+{_TIME}", re.I)
_REFUSES_RE = re.compile(r"\b(?:don'?t|do\s+not|never|no|not|nothing|can'?t|cannot|won'?t|avoid)\b", re.I)
_ONLY_RE = re.compile(r"\bonly\b", re.I)
# What any statement of such a bound says beside it: the refusing, the booking, the time words.
_BOUND_WORDS = terms(
    "don't do not never no nothing take takes book books booked booking schedule schedules scheduled put puts "
    "set any anything meeting meetings call calls appointment appointments before after earlier later than until "
    "past only am pm morning afternoon evening night noon midday user user's"
)

End = Literal["earliest", "latest"]
Bound = tuple[End, int, bool]
"""(which end, minutes after midnight, whether am/pm was said)."""
_ENDS: tuple[tuple[re.Pattern[str], End, End], ...] = (
    (_EARLIEST_RE, "earliest", "latest"),
    (_LATEST_RE, "latest", "earliest"),
)


def _minutes(found: re.Match[str]) -> tuple[int, bool]:
    if found.group("noon"):
        return 12 * 60, True
    hour, minute = int(found.group("h")), int(found.group("m") or 0)
    mer, part = (found.group("mer") or "").lower(), (found.group("part") or "").lower()
    if mer.startswith("p") or part in ("afternoon", "evening", "night"):
        return (hour % 12 + 12) * 60 + minute, True
    if mer.startswith("a") or part == "morning":
        return (hour % 12) * 60 + minute, True
    return hour * 60 + minute, False


def bound(statement: str) -> Bound | None:
    """The one bound the statement puts on when the person can be booked (see the module), or None."""
    text = as_digits(statement)
    if _SCHEDULED_RE.search(text) is None:
        return None
    only = _ONLY_RE.search(text)
    refused = _REFUSES_RE.search(text) is not None
    found: list[Bound] = []
    for pattern, end, flipped in _ENDS:
        for match in pattern.finditer(text):
            if only and only.start() < match.start() and not refused:
                found.append((flipped, *_minutes(match)))  # "only after 10": nothing before 10
            elif refused:
                found.append((end, *_minutes(match)))
    return found[0] if len(found) == 1 else None


def _same(mine: Bound, theirs: Bound) -> bool:
    if mine[0] != theirs[0]:
        return False
    if mine[2] and theirs[2]:
        return mine[1] == theirs[1]
    return mine[1] % (12 * 60) == theirs[1] % (12 * 60)  # "before 10" and "before 10am"


def _whom(a: str, b: str) -> bool:
    """The two statements are for other people: no one both name, other names where both name someone, or
    a person of someone's in one only."""
    (_, of_a), (_, of_b) = people(a), people(b)
    return other_people(a, b) or bool(of_a and of_b and of_a != of_b) or persons_of(a) != persons_of(b)


def _beside(statement: str) -> frozenset[str]:
    """What the statement says beside its bound: its words without the person, the time and the booking."""
    return frozenset(t for t in unnamed_terms(statement) - _BOUND_WORDS if not t[:1].isdigit())


def same_bound(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card putting the same bound on the same person's bookings (see the module); None when none."""
    if candidate.type not in _RULES or (mine := bound(candidate.statement)) is None:
        return None
    for card in cards:
        if card.type not in _RULES or (theirs := bound(card.statement)) is None or not _same(mine, theirs):
            continue
        if _whom(candidate.statement, card.statement):
            continue  # "no calls for Ana before 10" / "no calls for Ana's son Ayo before 10"
        if _beside(candidate.statement) <= _beside(card.statement):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} puts the same bound on bookings")
        return fused(candidate, card, join(card.statement, candidate.statement), "the same bound on bookings")
    return None
