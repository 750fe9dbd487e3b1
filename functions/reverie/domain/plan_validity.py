"""When a plan stops being the current plan (`plan_ends`): the last day it names, its stated validity, the day of
the coming week it is for ("an interview on Thursday", "brownies for Saturday's party"), or the month or year it
is for ("moving house in August"); never for a habit ("every Thursday")."""

from __future__ import annotations

import re
from datetime import date, datetime

from reverie.domain.text import DAY_PART, MONTH_OR_SHORT
from reverie.domain.validity import WEEKDAYS, day_end, end_of, month_number, named_days, valid_until

# One day of the coming week a plan is for: "a job interview on Thursday", "dinner at Mum's this Sunday",
# "the vet next Tuesday", "the party is tomorrow", "drinks tonight" (a habit says "on Thursdays", "every Thursday").
_PLAN_DAY_RE = re.compile(
    r"\b(?:(?:on|this|coming)\s+|(?P<next>next)\s+)(?P<wd>" + "|".join(WEEKDAYS) + r")\b(?!')"
    # (a part of the day in the plural is a habit: "guitar on Saturday mornings")
    rf"(?!\s+{DAY_PART}s\b)"
    # what is for a day: "brownies for Saturday", "for Saturday's party"
    r"|\bfor\s+(?P<wdfor>" + "|".join(WEEKDAYS) + r")(?:'s)?\b"
    r"|\b(?P<tomorrow>tomorrow)\b|\b(?P<tonight>tonight)\b",
    re.I,
)


_EVERY_RE = re.compile(r"\b(?:every|each)\b", re.I)


def _planday_end(text: str, ts: datetime) -> datetime | None:
    """The end of the day of the coming week `text` names, as said at `ts`, or None."""
    found = _PLAN_DAY_RE.search(text)
    if found is None or _EVERY_RE.search(text):
        return None
    if day := found.group("wd") or found.group("wdfor"):
        ahead = (WEEKDAYS.index(day.lower()) - ts.weekday()) % 7
        return end_of("day", ts.date(), ts, ahead=ahead or (7 if found.group("next") else 0))
    return end_of("day", ts.date(), ts, ahead=1 if found.group("tomorrow") else 0)


# A plan for a month or a year, with nothing nearer: "moving house in August", "going to Glastonbury in 2027".
_PLAN_MONTH_RE = re.compile(
    r"\bin\s+(?:early\s+|mid[- ]?|late\s+)?(?P<month>"
    + MONTH_OR_SHORT
    + r")\b(?:\s+(?P<year>(?:19|20)\d\d))?"
    r"|\bin\s+(?P<only_year>(?:19|20)\d\d)\b",
    re.I,
)


def _plan_month_end(text: str, ts: datetime) -> datetime | None:
    """The end of the month (the next one on or after `ts` when no year is said) or year a plan names, or None."""
    found = _PLAN_MONTH_RE.search(text)
    if found is None or _EVERY_RE.search(text):
        return None
    if found.group("only_year"):
        return end_of("year", date(int(found.group("only_year")), 1, 1), ts)
    month = month_number(found.group("month"))
    year = int(found.group("year")) if found.group("year") else ts.year + (month < ts.month)
    end = end_of("month", date(year, month, 1), ts)
    return end if end > ts else None


def plan_ends(text: str, ts: datetime) -> datetime | None:
    """When a plan stops being the current plan: the end of the last day it names ("Deploy 2.15.0 on Monday
    30 November" → the end of 30 November, the next one on or after `ts` when no year is said; "an interview on
    Thursday" → the end of the coming Thursday), or what its stated validity says. None when it names no day."""
    days = [day_end(year, month, day, ts) for month, day, year in named_days(text)]
    ends = [d for d in days if d is not None and d > ts]
    return (
        max(ends, default=None)
        or valid_until(text, ts)
        or _planday_end(text, ts)
        or _plan_month_end(text, ts)
    )
