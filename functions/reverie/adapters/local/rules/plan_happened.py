"""A held plan that took place, told afterwards in the past tense: "Finally saw Mum yesterday!" (said on 22
March, "yesterday" read as 21 March) after "Priyanka is visiting Mum at Oakhurst Lodge on Saturday 21 March";
"Ran the Leeds 10k on Sunday 3 May" after "running the Leeds 10k on 3 May".

What was done is told in its own words ("saw" for "visiting"), so the words are not enough: the report names
the plan's own day, that day has come, and it shares a thing with the plan (the person seen, the place, the
race). The plan is over and the report of how it went stands for it. A report that denies it ("didn't see
Mum on the 21st") ends nothing; nor does one of another day, or a plan's own news ("booked", "moved").

A plan with a deadline rather than a day ("file the tax return by end of January", held until then) is done
when a report names a day after the plan was made and before its deadline, and tells, in the past, the very
thing the plan was to do: its verb ("filed") and a thing it names ("the tax return").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from reverie.adapters.local.rules.about import topic
from reverie.adapters.local.rules.plan_changes import SAME_TIME
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST
from reverie.adapters.local.rules.verdicts import replace as replaced_by
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import MONTH_NAME, MONTHS
from reverie.domain.validity import named_days
from reverie.ports import MergeDecision

# The plan's own news is no report that it took place: it is booked, moved, called off.
_PLAN_NEWS = frozenset(
    "booked scheduled planned arranged moved postponed rescheduled deferred pencilled penciled confirmed "
    "cancelled canceled shifted bumped pushed needed wanted hoped intended".split()
)
_PLANNED_RE = re.compile(r"\b(?:is|are|am|will|going\s+to|plans?\s+to)\b|'ll\b", re.I)
_ARRANGED_RE = re.compile(r"\b(?:is|are|am)\s+[a-z]+ing\b|\b(?:will|going\s+to|plans?\s+to)\b", re.I)


def _past(statement: str) -> bool:
    """The statement tells something done: a verb in the past, and no plan's words ("is", "will")."""
    words = re.findall(r"[a-z]+", statement.lower())
    done = any(w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4) for w in words if w not in _PLAN_NEWS)
    return done and _PLANNED_RE.search(statement) is None


def _a_plan(card: MemoryCard) -> bool:
    return card.type is MemoryType.PLAN or (
        card.type is MemoryType.FACT and _ARRANGED_RE.search(card.statement) is not None
    )


def _same_day(
    card_days: list[tuple[int, int, str | None]], day: tuple[int, int, str | None], card: MemoryCard
) -> bool:
    """The card names one day, the report's: its month and day, and its year where both say one (a card
    saying none is of the year it was said in)."""
    if len(card_days) != 1:
        return False
    month, dom, year = card_days[0]
    said_year = str((card.observed_at or card.created_at).year)
    return (month, dom) == day[:2] and (day[2] is None or day[2] == (year or said_year))


def plan_happened(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held plan the candidate reports as done on its day: over, the report standing for it."""
    days = named_days(candidate.statement)
    if (
        candidate.type is not MemoryType.FACT
        or len(days) != 1
        or negated(candidate.statement)
        or not _past(candidate.statement)
    ):
        return None
    mine = topic(candidate.statement)
    plans = [
        c
        for c in cards
        if _a_plan(c)
        and c.status is not Status.SUPERSEDED
        and (
            candidate.observed_at is None
            or candidate.observed_at > (c.observed_at or c.updated_at) + SAME_TIME
        )
        and _same_day(named_days(c.statement), days[0], c)
        and mine & topic(c.statement)
    ]
    if not plans:
        plans = [c for c in cards if _done_by_deadline(candidate, days[0], c, mine)]
    if len(plans) != 1:
        return None
    card = plans[0]
    return replaced_by(candidate, card, f"the plan {card.memory_id} took place")


def _done_by_deadline(
    candidate: Candidate, day: tuple[int, int, str | None], card: MemoryCard, mine: frozenset[str]
) -> bool:
    """The card is a plan held until a deadline, the report's day falls between when it was made and that
    deadline, and the report tells the plan's own verb, done, and a thing it names."""
    said = card.observed_at or card.created_at
    if card.type is not MemoryType.PLAN or card.status is Status.SUPERSEDED or card.valid_until is None:
        return False
    if candidate.observed_at is not None and candidate.observed_at <= said + SAME_TIME:
        return False
    year = int(day[2]) if day[2] else (candidate.observed_at or said).year
    try:
        when = datetime(year, day[0], day[1], tzinfo=UTC)
    except ValueError:
        return False
    if not said.replace(hour=0, minute=0, second=0, microsecond=0) <= when <= card.valid_until:
        return False
    done = {_undoubled(stem(w)) for w in re.findall(r"[a-z]+", candidate.statement.lower()) if _done_word(w)}
    planned = {_undoubled(stem(w)) for w in re.findall(r"[a-z]+", card.statement.lower())}
    return bool(done & planned) and bool((mine & topic(card.statement)) - done)


def _undoubled(word: str) -> str:
    """A stem without the consonant doubled before a past ending ("submitt" of "submitted" is "submit")."""
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls" else word


def _done_word(word: str) -> bool:
    return word not in _PLAN_NEWS and (word in IRREGULAR_PAST or (word.endswith("ed") and len(word) > 4))


# How a thing went, judged afterwards: "Japan was amazing", "the wedding was lovely", "the trip was a disaster".
_JUDGED_RE = re.compile(
    # ("Glastonbury was muddy but amazing": one more word of how it went, first)
    r"^(?P<thing>(?:the\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:was|were)\s+(?:[a-z]+,?\s+(?:but|and|yet)\s+)?"
    r"(?:so\s+|really\s+|absolutely\s+|just\s+)?"
    r"(?:amazing|great|brilliant|fantastic|lovely|wonderful|incredible|awesome|fun|good|terrible|awful|magic|"
    r"magical|perfect|beautiful|a\s+(?:disaster|success|blast|dream|washout))\b",
    re.I,
)
_MONTH_RE = re.compile(rf"\b({MONTH_NAME})\b", re.I)
_NOT_A_THING = frozenset("it this that everything everyone he she they we i you".split())


def judged_by_name(text: str) -> bool:
    """`text` says how something named went ("Iceland was incredible, we saw the northern lights!"): a place,
    an event or a thing with a capital, judged afterwards (what ends a plan for it, `plan_judged`)."""
    found = _JUDGED_RE.match(text.strip())
    if found is None:
        return False
    thing = found.group("thing")
    first = thing.split()[-1] if thing.lower().startswith("the ") else thing.split()[0]
    return first[:1].isupper() and first.lower() not in _NOT_A_THING


def plan_judged(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held plan whose thing the candidate says, afterwards, how it went ("Japan was amazing, Kyoto was
    the best" after "planning a trip to Japan in October", told in November): it took place and is over. The
    plan's month, when it names one, must have come."""
    found = _JUDGED_RE.match(candidate.statement.strip())
    if found is None or candidate.type is not MemoryType.FACT or candidate.observed_at is None:
        return None
    thing = terms(found.group("thing"))
    for card in cards:
        if (
            not _a_plan(card)
            or card.status is Status.SUPERSEDED
            or not thing
            or not thing <= terms(card.statement)
        ):
            continue
        months = [MONTHS[m.lower()] for m in _MONTH_RE.findall(card.statement)]
        made = card.observed_at or card.updated_at
        if candidate.observed_at <= made + SAME_TIME or (
            months and candidate.observed_at.month < min(months) and candidate.observed_at.year == made.year
        ):
            continue
        return replaced_by(candidate, card, f"how the plan {card.memory_id} went: it took place")
    return None
