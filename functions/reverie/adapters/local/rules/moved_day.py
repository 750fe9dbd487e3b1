"""A recurring thing moved to another day or time: "PT's moved to Wednesdays at 6pm" after "Xav's PT session is
Tuesdays at 7am", "choir has changed to Thursday evenings" after "Ana sings in a choir on Mondays". The thing
the news names (every word of it) is the held card's, which gives it a day or a time; the news gives another,
so it replaces the card (latest wins). A card about something else that happens on a day is left alone.

A day put right against another in so many words ("Release day is Thursday now, not Tuesday") names the thing in
its own words; the one held card naming the day denied ("Ben deploys to production on Tuesdays") is that thing,
and takes the new day in its place. Two cards naming that day leave it undecided.

The same thing said again in the same words on other days of the week ("Bins are Tuesday nights" after "Bins go
out on Monday nights") has moved to them (`days_said_again`); "on Mondays too" adds a day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision, replace
from reverie.adapters.local.rules.whose import other_people, possessor
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.domain.text import DAY_PART, WEEKDAY
from reverie.ports import MergeAction, MergeDecision

_WHEN = (
    rf"(?:{WEEKDAY}s?|"
    r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2}|"
    r"\d{1,2}\s*o'?clock|"
    # a bare hour, where nothing follows it but "now" or the end: "bedtime's moved to 8 now they're older"
    r"\d{1,2}(?=\s+(?:now|instead)\b|\s*(?:[.,;!]|$)))"
)
_MOVED_RE = re.compile(
    r"^(?:(?:the|my|our)\s+|(?-i:[A-Z])[\w-]*'s\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:has\s+|have\s+)?"
    rf"(?:moved|changed|switched|gone)\s+to\s+(?P<when>[^.;]*\b{_WHEN}\b[^.;]*)",
    re.I,
)
# ... or said with the thing after its verb: "we pushed standup back to 10 o'clock", "moved swimming to Fridays"
_MOVED_IT_RE = re.compile(
    r"\b(?:moved|pushed|brought|put|shifted|changed)\s+(?:the\s+|our\s+|my\s+)?(?P<thing>[\w-]+(?:\s+(?!back|forward|earlier|later)[\w-]+)?)\s+"
    rf"(?:back\s+|forward\s+|earlier\s+|later\s+)?to\s+(?P<when>[^.;]*\b{_WHEN}(?![\w'])[^.;]*)",
    re.I,
)
# ... or said to be on another day now: "Swimming lessons are on Saturdays now" after "... on Wednesdays"
_NOW_ON_RE = re.compile(
    r"^(?:the\s+|our\s+|my\s+|(?-i:[A-Z])[\w-]*'s\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:is|are)\s+(?:on\s+|at\s+)?"
    rf"(?P<when>{_WHEN}(?:\s+(?:at|from)\s+{_WHEN})?)\s+(?:now|these\s+days|from\s+now\s+on)\b",
    re.I,
)
_WHEN_RE = re.compile(rf"\b{_WHEN}(?![\w'])", re.I)
# A part of the day, as a time a thing is moved to: "moved my gym sessions to lunchtime", "to the evenings".
_DAY_PART = rf"(?:{DAY_PART}s?|weekends?|after\s+work|before\s+work)"
_MOVED_TO_TIME_RE = re.compile(
    r"\b(?:moved|shifted|rescheduled|changed|switched)\b[^.;]*?\bto\s+(?:the\s+)?"
    rf"(?P<when>{_DAY_PART}|{_WHEN})(?![\w'])",
    re.I,
)
_TIME_SAID_RE = re.compile(rf"\b(?:{_DAY_PART}|{_WHEN})(?![\w'])", re.I)


def moved_to_another_time(statement: str, held: str) -> bool:
    """`statement` moves something to a time of day or week (`_MOVED_TO_TIME_RE`) and `held`, about the same
    thing (the caller's to know), gives it another: "has moved their gym sessions to lunchtime" after "goes
    to the gym at 6am". A card naming no time ("has a sofa from Ikea") is no time it was moved from."""
    found = _MOVED_TO_TIME_RE.search(statement)
    if found is None:
        return False
    times = {m.group(0).lower() for m in _TIME_SAID_RE.finditer(held)}
    return bool(times) and found.group("when").lower() not in times


_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.PLAN})


def day_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card giving the thing the candidate moves its day or time (see the module)."""
    found = (
        _MOVED_RE.match(candidate.statement.strip())
        or _MOVED_IT_RE.search(candidate.statement)
        or _NOW_ON_RE.match(candidate.statement.strip())
    )
    if found is None or candidate.type not in _KINDS:
        return None
    # ("bedtime" is when one goes to bed, "lunchtime" when one has lunch)
    thing = frozenset(
        t.removesuffix("tim") if t.endswith("tim") and len(t) > 5 else t  # ("bedtim": a stem)
        for t in terms(found.group("thing"))
    )
    new = {w.lower() for w in _WHEN_RE.findall(found.group("when"))}
    for card in cards:
        held = {w.lower() for w in _WHEN_RE.findall(card.statement)}
        if card.type in _KINDS and thing and thing <= terms(card.statement) and held and held != new:
            return replace(candidate, card, f"{card.memory_id} gives the day or time it is moved from")
    return None


_DAY = rf"(?P<{{0}}>{WEEKDAY})s?"
_DAY_CONTRAST_RE = re.compile(
    r"\b(?:on\s+)?"
    + _DAY.format("given")
    + r"(?:\s+now)?,?\s+(?:not|rather than|instead of)\s+(?:on\s+)?"
    + _DAY.format("denied")
    + r"\b",
    re.I,
)


def day_put_right(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming the day the candidate denies, with the day it gives instead (see the module)."""
    found = _DAY_CONTRAST_RE.search(candidate.statement)
    if found is None or candidate.type not in _KINDS:
        return None
    given, denied = found.group("given").capitalize(), found.group("denied").capitalize()
    said = re.compile(rf"\b{denied}(?=s?\b)")
    held = [c for c in cards if c.type in _KINDS and said.search(c.statement) and given not in c.statement]
    if given == denied or len(held) != 1:
        return None
    card = held[0]
    return decision(
        MergeAction.SUPERSEDE,
        card,
        f"{given}, not {denied}: {card.memory_id} put right",
        said.sub(given, card.statement),
    )


# A day said as a habit: "Mondays", "Monday nights", "every Monday".
_HABIT_DAY_RE = re.compile(
    rf"\bevery\s+(?P<every>{WEEKDAY})\b|\b(?P<plural>{WEEKDAY})s\b"
    rf"|\b(?P<part>{WEEKDAY})(?=\s+{DAY_PART}s?\b)",
    re.I,
)
_DAY_WORD_RE = re.compile(rf"\b{WEEKDAY}s?\b", re.I)
# what says when beside the day, or that it holds now: not what the thing is
_WHEN_WORDS = terms(
    "now on and every each these days from instead night nights morning mornings evening evenings afternoon "
    "afternoons lunchtime lunchtimes usually normally day"
)
_BESIDE_RE = re.compile(r"\b(?:too|also|as\s+well|additionally|extra)\b", re.I)


def _habit_days(statement: str, any_day: bool = False) -> frozenset[str]:
    """The days `statement` names as a habit (`any_day`: every day it names, "on Wednesday" too)."""
    if any_day:
        return frozenset(m.group(0).lower().removesuffix("s") for m in _DAY_WORD_RE.finditer(statement))
    return frozenset(
        (m.group("every") or m.group("plural") or m.group("part")).lower()
        for m in _HABIT_DAY_RE.finditer(statement)
    )


def _what_it_says(statement: str) -> frozenset[str]:
    """Its words without its days, the words of when, and whose it is ("The user's bins are Tuesday nights":
    bin), so that "Bins go out on Monday nights" held from before says the same of the same thing."""
    return terms(_DAY_WORD_RE.sub(" ", statement)) - _WHEN_WORDS - terms(possessor(statement))


def days_said_again(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card saying what the candidate says in the same words but on other days of the week ("Bins
    are Tuesday nights" after "Bins go out on Monday nights", "in the office Mondays, Wednesdays and Fridays
    now" after "... Tuesdays and Thursdays"): the days moved, the card replaced. A day added ("on Mondays
    too") adds. A correction puts right the one card naming another day that shares a word of what it says
    ("Sorry, I got that wrong, bins go out on Wednesday" after "Bin day is Tuesday"), any day it names."""
    correcting = candidate.type is MemoryType.CORRECTION
    mine = _habit_days(candidate.statement, correcting)
    # ("on Saturdays, not Fridays" names the day it puts right: `day_put_right`, or the card it was built on)
    if not mine or _BESIDE_RE.search(candidate.statement) or _DAY_CONTRAST_RE.search(candidate.statement):
        return None
    said = _what_it_says(candidate.statement)
    fits = [
        card
        for card in cards
        if card.type in _KINDS
        and said
        and (said <= (theirs := _what_it_says(card.statement)) or (correcting and said & theirs))
        and (held := _habit_days(card.statement, correcting))
        and held != mine
        # (a thing said bare is the speaker's: "Bins are Tuesday nights" of "Jas's bins ...")
        and (not possessor(candidate.statement) or not other_people(candidate.statement, card.statement))
    ]
    if len(fits) != 1:
        return None
    return replace(candidate, fits[0], f"{fits[0].memory_id} says the same on other days")
