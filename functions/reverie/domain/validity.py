"""A statement's stated validity: when what it says stops holding, if it says ("until 12 June", "valid
through March", "this week only", "for the next two weeks", "until the end of August"), resolved against
the moment it was said. Pure text rules: the rule reasoner sets a card's `valid_until` with them, and recall
leaves a quoted sentence out once the validity it states has passed.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from reverie.domain.ordinal_days import digit_days
from reverie.domain.text import MONTH_NAMES, MONTH_OR_SHORT

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a couple of": 2,
    "a couple": 2,
    "couple of": 2,
}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PERIODS = ("day", "week", "weekend", "month", "quarter", "year")
_MONTH = r"(?P<{}>" + MONTH_OR_SHORT + r")\b"
_MONTHS = tuple(name[:3] for name in MONTH_NAMES)
_DAY = r"(?P<{}>\d{{1,2}})(?:st|nd|rd|th)?\b"
_YEAR = r"(?:,?\s+(?P<{}>20\d\d))?\b"
_NUMBER = "|".join(sorted((re.escape(n) for n in NUMBERS), key=len, reverse=True)) + r"|\d{1,3}"
_PERIOD = r"(?P<{}>" + "|".join(PERIODS) + r")"
_WHEN = "|".join(
    (
        r"(?P<iso>20\d\d-\d\d-\d\d)",
        # "13/3", "fri 13/3", "31/8/26", "31.8.2026" (with dots only with a year: "by 2.5" is a number)
        r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:(?P<na>\d{1,2})/(?P<nb>\d{1,2})"
        r"(?:/(?P<ny>(?:20)?\d\d))?|(?P<da>\d{1,2})\.(?P<db>\d{1,2})\.(?P<dy>(?:20)?\d\d))(?![/.]?\d)",
        _DAY.format("d1") + r"(?:\s+of)?\s+" + _MONTH.format("m1") + _YEAR.format("y1"),
        _MONTH.format("m2") + r"\s+" + _DAY.format("d2") + _YEAR.format("y2"),
        r"(?:(?:the\s+)?(?:end|close)\s+of\s+)?" + _MONTH.format("m3") + _YEAR.format("y3"),
        # "the start of September": it holds until that month begins; "mid-August": until its 15th
        r"(?:the\s+)?(?:start|beginning)\s+of\s+" + _MONTH.format("m4") + _YEAR.format("y4"),
        r"mid-?\s*" + _MONTH.format("m5") + _YEAR.format("y5"),
        r"(?P<next>next\s+|this\s+|coming\s+)?(?P<wd>" + "|".join(WEEKDAYS) + r")\b",
        r"end\s+of\s+(?:the\s+|this\s+)?" + _PERIOD.format("end"),
        r"(?:end\s+of\s+)?next\s+" + _PERIOD.format("nextp"),
        r"(?P<tomorrow>tomorrow)|(?P<today>today|tonight)|(?P<weekend>weekend)",
        r"(?P<year>20\d\d)\b",
        # "until the 30th": that day of this month, or of the next when it has passed
        r"the\s+(?P<dom>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:every|each|the\s+month|a\s+month)\b|\s+monthly\b)",
    )
)
# "until 12 June", "valid through March", "expires on 3 May", "until Friday", "by the end of the month", "runs out at
# the end of the month".
_UNTIL_RE = re.compile(
    r"\b(?:until|till|til|through|thru|valid\s+to|expir(?:es|e|ing)(?:\s+on)?|ends?(?:\s+on)?|by|"
    # "my parking permit runs out at the end of the month", "the lease lapses on 3 May"
    r"(?:runs?|running)\s+out(?:\s+(?:on|at|in))?|lapses?(?:\s+(?:on|at|in))?|"
    r"deadline(?:\s+is|:)?)\s+"
    # the event that ends it, named before its day: "until the release on 14 May", "until my exam on Friday"
    r"(?:(?:the|my|our|their|his|her)\s+(?:[a-z][\w'-]*\s+){1,3}?on\s+)?"
    r"(?:the\s+)?(?:" + _WHEN + ")",
    re.I,
)
# "this week only", "for the rest of the month", "for the next two weeks", "valid for 10 days".
_SPAN_RE = re.compile(
    r"\b(?:this\s+"
    + _PERIOD.format("this")
    + r"\s+only|for\s+(?:this|the\s+rest\s+of\s+(?:the|this))\s+"
    + _PERIOD.format("rest")
    + r"|(?:(?:for|over|during)\s+the\s+(?:next|coming)|(?:valid|good)\s+for(?:\s+(?:another|the\s+next))?)\s+(?:(?P<n>"
    + _NUMBER
    + r")\s+)?"
    + _PERIOD.format("unit")
    + r"s?)\b",
    re.I,
)
# A span from a stated start: "for six weeks from 3 March", "for 10 days starting Monday": the start plus the span.
_SPANSTARTS_RE = re.compile(
    r"\bfor\s+(?P<n>"
    + _NUMBER
    + r")\s+"
    + _PERIOD.format("unit")
    + r"s?\s+(?:from|starting(?:\s+(?:on|from))?|beginning(?:\s+on)?)\s+(?:the\s+)?(?:"
    + _WHEN
    + ")",
    re.I,
)
# A start said without a year more than half a year ahead is this year's, already past.
_FROM_BACK = timedelta(days=183)
# Said of the past ("I lived there until 2019", "it was closed until May"): a date that ended something
# then, not a validity now.
_PAST_RE = re.compile(
    r"\b(?:was|were|had|did|used\s+to|wasn't|weren't|didn't|hadn't)\b|^(?:i|we)\s+(?:\w+\s+)?\w+[^e\W]ed\b",
    re.I,
)
_SPAN_MONTHS = {"month": 1, "quarter": 3, "year": 12}
# A state said to be so for now, with a near window: "my sister is visiting this weekend", "I'm in Leeds this
# week", "the office is closed tomorrow", "the pool is shut this week", "we're away tonight": it holds until that
# window ends.
_STATE = (
    # (not a state begun then, that lasts: "I'm starting at Google this week", "moving to Leeds this week")
    r"(?:am|is|are|'m|'s|'re)\s+(?:(?!(?:starting|beginning|joining|moving|relocating|switching)\b)\w+ing|in|at|away|"
    r"off|out|up|closed|shut|down|broken|under|home|here|there|around|busy|unavailable|offline|on\s+(?:call|leave|"
    r"holiday|strike))\b"
)
_STATE_NOW_RE = re.compile(
    r"\b" + _STATE + r"[^.;!?]{0,60}?\b(?:this\s+(?P<window>weekend|week|month)|"
    r"(?P<tomorrow>tomorrow)|(?P<today>tonight|today))\b"
    # ... or the time said first: "This month I'm doing a no-spend challenge"
    r"|^\s*this\s+(?P<first>weekend|week|month)\s*,?\s+(?:i|we|he|she|they|[A-Z][\w-]*)\s*"
    + _STATE
    # ... or the day: "Tonight I'm cooking for eight"
    + r"|^\s*(?:tonight|today|this\s+(?:evening|afternoon|morning))\s*,?\s+(?:i|we|he|she|they|[A-Z][\w-]*)\s*"
    + _STATE,
    re.I,
)


# Working toward an event on a named day ("I'm training for the half marathon on 14 March", "revising for my
# driving theory test on 3 June"): the pursuit ends when the day has been.
_TOWARD_RE = re.compile(
    r"\b(?:training|preparing|prepping|studying|revising|practi[sc]ing|getting\s+ready|in\s+training)\s+for\b",
    re.I,
)


def _first_day_end(text: str, ts: datetime) -> datetime | None:
    """The end of the first day of a month `text` names that is still ahead of `ts`."""
    days = [day_end(year, month, day, ts) for month, day, year in named_days(text)]
    return next((d for d in days if d is not None and d > ts), None)


def valid_until(text: str, ts: datetime) -> datetime | None:
    """When the claim in `text` stops holding, if it says: the end of the named day, week, month... (the
    next one on or after `ts` when no year is said), or `ts` plus a stated span. None otherwise."""
    text = digit_days(text)  # "until the thirtieth of April": until 30 April
    if _PAST_RE.search(text):
        return None
    if (span := _SPANSTARTS_RE.search(text)) and (end := _span_from(span, ts)) and end > ts:
        return end
    for found in (_UNTIL_RE.search(text), _SPAN_RE.search(text)):
        end = _end(found, ts) if found else None
        if end is not None and end > ts:
            return end
    if (toward := _TOWARD_RE.search(text)) and (end := _first_day_end(text[toward.end() :], ts)):
        return end  # "training for the Lisbon half on 14 March": the training is for that day
    now = _STATE_NOW_RE.search(text)
    if now is None:
        return None
    if window := now.group("window") or now.group("first"):
        return end_of("month" if window.lower() == "month" else "week", ts.date(), ts)
    return end_of("day", ts.date(), ts, ahead=1 if now.group("tomorrow") else 0)


def _span_from(found: re.Match[str], ts: datetime) -> datetime | None:
    """The end of "for six weeks from 3 March": the start day (the nearest one, when no year is said) plus
    the span."""
    first_day_end = _end(found, ts)
    if first_day_end is None:
        return None
    start = first_day_end - timedelta(days=1)
    if start - ts > _FROM_BACK and not re.search(r"20\d\d", found.group(0)):
        try:  # "from 3 March" said on 5 March: this March's
            start = start.replace(year=start.year - 1)
        except ValueError:  # 29 February, said the year after
            return None
    amount = NUMBERS.get(found.group("n").lower()) or int(found.group("n"))
    unit = found.group("unit").lower()
    if unit in _SPAN_MONTHS:
        return _months_later(start, amount * _SPAN_MONTHS[unit])
    return start + timedelta(days=amount * (1 if unit == "day" else 7))


# A day a change said ahead takes effect: "from 1 March", "starting next Monday", "as of April", "effective
# 2028-03-01", "with effect from the start of June".
STARTS_RE = re.compile(
    r"\b(?:from|starting(?:\s+(?:on|from))?|as\s+(?:of|from)|effective(?:\s+(?:on|from))?|with\s+effect\s+from|"
    r"beginning(?:\s+on)?)\s+(?:the\s+)?(?:" + _WHEN + r")(?!\s*(?:to|till|until|through|and|-|–)\s)",
    re.I,
)


def valid_from(text: str, ts: datetime) -> tuple[datetime, re.Match[str]] | None:
    """When a change `text` announces takes effect, if it names a later day: the start of that day ("from 1
    March": 1 March, the next one after `ts` when no year is said), of that month ("as of April": 1 April),
    of the next week or month ("from next month"). With the phrase that says it (to take out of the clause).
    None when `text` names no start, or one not after `ts` ("from today", "from now on" is no later day; "from
    3 March" said on 5 March is this March's, not next year's)."""
    found = STARTS_RE.search(text)
    if found is None:
        return None
    groups = {name for name, value in found.groupdict().items() if value}
    today = ts.date()
    if groups & {"end", "this", "rest", "today", "weekend"}:
        return None
    if "nextp" in groups:
        start = end_of(found.group("nextp").lower(), today, ts)
    elif groups & {"m3", "m4"}:
        month = month_number(found.group("m3") or found.group("m4"))
        said = found.group("y3") or found.group("y4")
        start = _midnight(date(int(said) if said else ts.year + (month < ts.month), month, 1), ts)
    elif "year" in groups:
        start = _midnight(date(int(found.group("year")), 1, 1), ts)
    else:
        end = _end(found, ts)
        if end is None:
            return None
        start = end - timedelta(days=1)
    if start - ts > _FROM_BACK and not re.search(r"20\d\d", found.group(0)):
        return None  # "from 3 March" said on 5 March: this March's, already come
    return (start, found) if start > ts else None


def _midnight(day: date, ts: datetime) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=ts.tzinfo or UTC)


def end_of(period: str, day: date, ts: datetime, ahead: int = 0) -> datetime:
    """The end (exclusive) of the `period` that holds `day`, or of the one `ahead` periods later."""
    if period == "day":
        return _midnight(day + timedelta(days=1 + ahead), ts)
    if period in ("week", "weekend"):  # weeks end on Sunday
        return _midnight(day + timedelta(days=7 - day.weekday() + 7 * ahead), ts)
    months = _SPAN_MONTHS[period]
    index = day.year * 12 + (day.month - 1) // months * months + months * (1 + ahead)
    return _midnight(date(index // 12, index % 12 + 1, 1), ts)


def day_end(year: str | None, month: int, day: int, ts: datetime) -> datetime | None:
    """The end of `day` `month` of `year`, or of the next such day on or after `ts` when no year is said."""
    try:
        when = date(int(year) if year else ts.year, month, day)
        if not year and when < ts.date():
            when = date(ts.year + 1, month, day)
    except ValueError:  # "31 June": not a date
        return None
    return end_of("day", when, ts)


def month_number(name: str) -> int:
    return _MONTHS.index(name[:3].lower()) + 1


def _end(found: re.Match[str], ts: datetime) -> datetime | None:
    groups = {name: value for name, value in found.groupdict().items() if value}
    today = ts.date()

    def g(name: str) -> str:
        return groups.get(name, "")

    if g("iso"):
        iso_year, iso_month, iso_day = g("iso").split("-")
        return day_end(iso_year, int(iso_month), int(iso_day), ts)
    if g("na") or g("da"):  # day first, as most of the world writes it, unless only month first can be
        first, second = int(g("na") or g("da")), int(g("nb") or g("db"))
        day, month = (second, first) if second > 12 >= first else (first, second)  # "3/13"
        said = g("ny") or g("dy")
        return day_end(str(2000 + int(said) % 100) if said else None, month, day, ts) if month <= 12 else None
    for d, m, y in (("d1", "m1", "y1"), ("d2", "m2", "y2")):
        if g(d):
            return day_end(g(y), month_number(g(m)), int(g(d)), ts)
    for m, y in (("m3", "y3"), ("m4", "y4"), ("m5", "y5")):
        if g(m):
            month = month_number(g(m))
            year = int(g(y)) if g(y) else ts.year + (month < ts.month)  # the next such month
            if m == "m4":
                return _midnight(date(year, month, 1), ts)
            if m == "m5":
                return end_of("day", date(year, month, 15), ts)
            return end_of("month", date(year, month, 1), ts)
    if g("wd"):
        ahead = (WEEKDAYS.index(g("wd").lower()) - today.weekday()) % 7
        if g("next").lower().startswith("next"):
            ahead = ahead or 7
        return end_of("day", today + timedelta(days=ahead), ts)
    if g("end") or g("this") or g("rest") or g("weekend"):
        return end_of((g("end") or g("this") or g("rest") or "week").lower(), today, ts)
    if g("nextp"):
        return end_of(g("nextp").lower(), today, ts, ahead=1)
    if g("tomorrow") or g("today"):
        return end_of("day", today, ts, ahead=1 if g("tomorrow") else 0)
    if g("year"):
        return end_of("year", date(int(g("year")), 1, 1), ts)
    if g("dom"):
        day, month, year = int(g("dom")), today.month, today.year
        if day < today.day:
            month, year = (1, year + 1) if month == 12 else (month + 1, year)
        try:
            return end_of("day", date(year, month, day), ts)
        except ValueError:  # "the 31st" of a month without one
            return None
    amount = NUMBERS.get((g("n") or "one").lower()) or int(g("n"))
    unit = g("unit").lower()
    if unit in _SPAN_MONTHS:
        return _months_later(ts, amount * _SPAN_MONTHS[unit])
    return ts + timedelta(days=amount * (1 if unit == "day" else 7))


def _months_later(ts: datetime, months: int) -> datetime:
    """`ts` moved `months` calendar months on (31 January + 1 month: the last day of February)."""
    index = ts.year * 12 + ts.month - 1 + months
    year, month = index // 12, index % 12 + 1
    for day in range(ts.day, 27, -1):
        try:
            return ts.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    return ts.replace(year=year, month=month, day=min(ts.day, 28))


# A day of a month, either way round: "30 November", "4th of March 2027", "June 12".
_NAMED_DAY_RE = re.compile(
    r"\b(?:"
    + _DAY.format("d1")
    + r"(?:\s+of)?\s+"
    + _MONTH.format("m1")
    + r"|"
    + _MONTH.format("m2")
    + r"\s+"
    + _DAY.format("d2")
    + r")"
    + _YEAR.format("y"),
    re.I,
)


def named_days(text: str) -> list[tuple[int, int, str | None]]:
    """Each day of a month `text` names, as (month, day, year or None), in order."""
    return [
        (month_number(m.group("m1") or m.group("m2")), int(m.group("d1") or m.group("d2")), m.group("y"))
        for m in _NAMED_DAY_RE.finditer(digit_days(text))
    ]
