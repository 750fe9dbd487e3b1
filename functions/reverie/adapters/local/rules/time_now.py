"""A time that replaces one held, said without the thing it is the time of: "I've been catching the 7:55 instead"
after "I take the 7:40 train to work", "the carer's time has changed, she comes at 9 now" after "Mum's carer comes at
8am". The one held fact with one time (of the same person, or of a thing the news names too) says what: that card,
with the new time in place (latest wins). None, or two, and it is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import one_held_value, opened_by, replace, replace_with, with_value
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeDecision

# "The user has been catching the 7:55 instead": a clock time that replaces one held, its noun left out.
_CLOCK_RE = re.compile(r"(?<![\d:.£$€])(?P<t>\d{1,2}[:.][0-5]\d)(?![\d:])")
_TIME_INSTEAD_RE = re.compile(r"^(?P<who>.+?) (?:has|have|is|are|was|now|will|'s)\b.*\binstead[.!]*$")


def time_instead(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the same person with one clock time, superseded with the time a short statement says
    "instead" ("The user has been catching the 7:55 instead" → "The user takes the 7:55 train to work");
    None when the candidate is not such a statement or no one held card has one time to replace."""
    found = _TIME_INSTEAD_RE.match(candidate.statement.strip())
    times = _CLOCK_RE.findall(candidate.statement)
    if (
        candidate.type is not MemoryType.FACT
        or found is None
        or len(times) != 1
        or len(found.string.split()) > 12
    ):
        return None
    who = found.group("who")
    fit = one_held_value(cards, _CLOCK_RE, opened_by(who))
    if fit is None:
        return None
    card, held = fit
    return replace_with(
        candidate,
        card,
        f"{card.memory_id}'s time said instead",
        with_value(card.statement, held, "t", times[0]),
    )


# "The carer's time has changed, she comes at 9 now": an hour said "now" of a thing a held card times.
_HOUR = r"\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm)\b|\d{1,2}[:.][0-5]\d(?![\d:])"
_HELD_HOUR_RE = re.compile(rf"(?<![\d:.£$€])(?P<t>{_HOUR})", re.I)
_HOUR_NOW_RE = re.compile(rf"\bat\s+(?P<t>{_HOUR}|\d{{1,2}}(?=\s+now\b))\s+now\b", re.I)
# ... or said "instead", the hour anywhere after it: "going to the gym in the evenings instead, around 7pm"
_HOUR_INSTEAD_RE = re.compile(rf"\binstead\b[^.;]*?\b(?:at|around|about|from)\s+(?P<t>{_HOUR})", re.I)
_NOT_THE_THING = frozenset(stem(w) for w in "time times now changed change moved hour instead user".split())


def hour_now(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact that gives an hour for a thing the candidate names too, superseded with the hour the
    candidate says it is "now" ("Mum's carer comes at 8am" → "... at 9am"); None otherwise."""
    found = _HOUR_NOW_RE.search(candidate.statement)
    instead = None if found else _HOUR_INSTEAD_RE.search(candidate.statement)
    if candidate.type is not MemoryType.FACT or (found or instead) is None:
        return None
    mine = terms(candidate.statement) - _NOT_THE_THING  # the thing timed, which the held card names too

    def names_it(card: MemoryCard) -> bool:
        return bool(mine & (terms(card.statement) - _NOT_THE_THING))

    fit = one_held_value(cards, _HELD_HOUR_RE, names_it)
    if fit is None:
        return None
    card, held = fit
    if (
        instead is not None
    ):  # said in its own words ("in the evenings instead"): the news replaces the card whole
        return replace(candidate, card, f"{card.memory_id}'s hour said instead")
    assert found is not None
    new = found.group("t")
    suffix = re.search(r"(am|pm)$", held.group("t"), re.I)
    if suffix and new.isdigit():  # "at 9 now" after "at 8am": 9am
        new += suffix.group(1)
    return replace_with(
        candidate, card, f"{card.memory_id}'s hour moved on", with_value(card.statement, held, "t", new)
    )


# "The user gets the 38 now" after "The user gets the 36 bus to work": the route, its noun left out.
_ROUTE_NOW_RE = re.compile(
    r"^(?P<who>.+?) (?:gets|takes|catches|get|take|catch) the (?P<n>\d{1,3}[a-z]?)(?: bus| train| tram)? "
    r"(?:now|instead|these days)\b",
    re.I,
)
_HELD_ROUTE_RE = re.compile(
    r"\b(?:gets|takes|catches|get|take|catch) the (?P<t>\d{1,3}[a-z]?) (?:bus|train|tram)\b", re.I
)


def route_now(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card of the same person naming the route they take, with the one the candidate says they take
    now ("The user gets the 36 bus to work" → "... the 38 bus to work")."""
    found = _ROUTE_NOW_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.FACT or found is None:
        return None
    who = found.group("who")
    fit = one_held_value(cards, _HELD_ROUTE_RE, opened_by(who))
    if fit is None or fit[1].group("t") == found.group("n"):
        return None
    card, held = fit
    statement = with_value(card.statement, held, "t", found.group("n"))
    return replace_with(candidate, card, f"{card.memory_id}'s route said now", statement)
