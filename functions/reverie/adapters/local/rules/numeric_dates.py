"""A day written in digits, "03/14" or "21/3": which number is the month.

Most of the world writes the day first ("21/3"), the United States the month first ("03/14"). When one of
the two numbers cannot be a month (it is over 12) the order is settled whatever the writer's habit: "03/21"
is 21 March, "21/03" is 21 March too. When both could be a month ("03/04") the text does not say which is
which: the day is left as written, never guessed. A third number is a year ("03/14/27"). A digit pair read
as a day needs a date's place in the sentence (after "on", "for", "to", "till", "by", a weekday) so that a
score, a ratio or a rating ("scored 8/15", "rated 4/5") is never read as one.
"""

from __future__ import annotations

import re

from reverie.domain.text import TITLED_MONTHS

_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
# A day's place: a preposition or a weekday just before it ("booked for 03/14", "moved to 03/21", "Sat 21/3").
_PLACE = r"(?:\b(?:on|for|to|till|until|by|from|before|after)|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?)\s+"
_DIGITS_RE = re.compile(
    r"(?P<place>"
    + _PLACE
    + r"(?:the\s+)?)(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<year>(?:20)?\d\d))?(?![/.]?\d)",
    re.I,
)


def month_and_day(first: int, second: int) -> tuple[int, int] | None:
    """(month, day) of a digit pair when only one reading is a day of the year, else None."""
    readings = {
        (month, day)
        for month, day in ((first, second), (second, first))
        if 1 <= month <= 12 and 1 <= day <= _DAYS_IN_MONTH[month - 1]
    }
    return readings.pop() if len(readings) == 1 else None


def numeric_days(text: str) -> list[tuple[int, int, str | None]]:
    """Each day `text` writes in digits in a date's place that only one reading makes a day, as (month,
    day, year or None) like `validity.named_days`."""
    out = []
    for found in _DIGITS_RE.finditer(text):
        read = month_and_day(int(found.group("a")), int(found.group("b")))
        if read is not None:
            year = found.group("year")
            out.append((*read, str(2000 + int(year) % 100) if year else None))
    return out


def spelled_out(text: str) -> str:
    """`text` with each such day written with its month's name ("moved to 03/21" → "moved to 21 March",
    "booked for 03/14/27" → "booked for 14 March 2027"); a pair that could be read both ways stays as said."""

    def spell(found: re.Match[str]) -> str:
        read = month_and_day(int(found.group("a")), int(found.group("b")))
        if read is None:
            return found.group(0)
        month, day = read
        year = found.group("year")
        said = f"{day} {TITLED_MONTHS[month - 1]}" + (f" {2000 + int(year) % 100}" if year else "")
        return found.group("place") + said

    return _DIGITS_RE.sub(spell, text)
