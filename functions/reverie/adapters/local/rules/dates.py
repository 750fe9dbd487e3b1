"""Relative time words ("yesterday", "last week", "two years ago") resolved against the event's time.

The dream renders a card's date separately, so statements carry a date only when the text itself was
relative: "I went there yesterday" said on 8 May 2023 becomes "... on 7 May 2023".
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from reverie.domain.text import human_date
from reverie.domain.validity import NUMBERS, WEEKDAYS

_NUMBER_ALT = "|".join(sorted((re.escape(n) for n in NUMBERS), key=len, reverse=True)) + r"|\d{1,3}"
_PREPOSITION_BEFORE_RE = re.compile(
    r"\b(?:since|until|till|from|by|before|after|on|in|of|during|for|through|throughout|all)\s*$", re.I
)

RELATIVE_RE = re.compile(
    r"\b(?:"
    r"(?P<daybefore>the day before yesterday)"
    r"|(?P<yesterday>yesterday|last night)"
    r"|(?P<today>today|tonight|this morning|this afternoon|this evening)"
    r"|(?P<tomorrow>tomorrow)"
    r"|(?P<lastweekend>last weekend)"
    r"|(?P<nextweekend>next weekend|this weekend)"
    r"|(?P<lastweek>last week)"
    r"|(?P<nextweek>next week)"
    r"|(?P<lastmonth>last month)"
    r"|(?P<thismonth>this month)"
    r"|(?P<nextmonth>next month)"
    r"|(?P<lastyear>last year)"
    r"|(?P<thisyear>this year)"
    r"|(?P<nextyear>next year)"
    r"|(?P<otherday>the other day|a few days ago|few days ago)"
    # ("the last Friday of the month" is every month's, no day gone by)
    rf"|(?P<lastwd>last (?P<wd1>{'|'.join(WEEKDAYS)})(?!\s+of\b))"
    rf"|(?P<nextwd>(?:next|this|coming) (?P<wd2>{'|'.join(WEEKDAYS)}))"
    rf"|(?P<ago>(?P<n>{_NUMBER_ALT}) (?P<unit>day|week|weekend|month|year)s? ago)"
    r")\b",
    re.IGNORECASE,
)


def _month(ts: datetime, delta: int) -> str:
    index = ts.year * 12 + ts.month - 1 + delta
    return f"{datetime(index // 12, index % 12 + 1, 1):%B %Y}"


def _phrase(match: re.Match[str], ts: datetime) -> tuple[str, str]:
    """(preposition, date phrase) for one relative expression."""
    day = human_date(ts)
    g = match.group
    if g("daybefore"):
        return "on", human_date(ts - timedelta(days=2))
    if g("yesterday"):
        return "on", human_date(ts - timedelta(days=1))
    if g("today"):
        return "on", day
    if g("tomorrow"):
        return "on", human_date(ts + timedelta(days=1))
    if g("lastweekend"):
        return "on", f"the weekend before {day}"
    if g("nextweekend"):
        return "on", f"the weekend after {day}"
    if g("lastweek"):
        return "in", f"the week before {day}"
    if g("nextweek"):
        return "in", f"the week after {day}"
    if g("lastmonth"):
        return "in", _month(ts, -1)
    if g("thismonth"):
        return "in", _month(ts, 0)
    if g("nextmonth"):
        return "in", _month(ts, 1)
    if g("lastyear"):
        return "in", str(ts.year - 1)
    if g("thisyear"):
        return "in", str(ts.year)
    if g("nextyear"):
        return "in", str(ts.year + 1)
    if g("otherday"):
        return "", f"a few days before {day}"
    if g("lastwd"):
        target = WEEKDAYS.index(g("wd1").lower())
        back = (ts.weekday() - target) % 7 or 7
        return "on", human_date(ts - timedelta(days=back))
    if g("nextwd"):
        target = WEEKDAYS.index(g("wd2").lower())
        ahead = (target - ts.weekday()) % 7 or 7
        return "on", human_date(ts + timedelta(days=ahead))
    amount = NUMBERS.get(g("n").lower()) or int(g("n"))
    unit = g("unit").lower()
    if unit == "day":
        return "on", human_date(ts - timedelta(days=amount))
    if unit in ("week", "weekend"):
        return "", f"{g('n')} {unit}{'s' if amount > 1 else ''} before {day}"
    if unit == "month":
        return "in", _month(ts, -amount)
    return "in", str(ts.year - amount)


def resolve_relative_dates(text: str, ts: datetime) -> str:
    """Every relative time expression replaced by an absolute date in words."""

    def replace(match: re.Match[str]) -> str:
        preposition, phrase = _phrase(match, ts)
        if not preposition or _PREPOSITION_BEFORE_RE.search(text[: match.start()]):
            return phrase
        return f"{preposition} {phrase}"

    return RELATIVE_RE.sub(replace, text)
