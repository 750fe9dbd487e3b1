"""A day of a month written as an ordinal word ("the thirtieth of April", "March the first", "the twenty-first
of June") in digits ("30 April", "March 1", "21 June"), so that it reads as any other date: a validity ends on
it, a plan ends with it. Only an ordinal next to a month's name is a day: "the first time", "a second
opinion" stay as said.
"""

from __future__ import annotations

import re

from reverie.domain.text import MONTH_OR_SHORT

_UNITS = "first second third fourth fifth sixth seventh eighth ninth".split()
_TEENS = "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth"
ORDINALS: dict[str, int] = {word: n for n, word in enumerate(_UNITS, start=1)}
ORDINALS |= {word: n for n, word in enumerate(_TEENS.split(), start=10)}
ORDINALS |= {"twentieth": 20, "thirtieth": 30}
ORDINALS |= {
    f"{tens}{joint}{unit}": base + n
    for tens, base in (("twenty", 20), ("thirty", 30))
    for n, unit in enumerate(_UNITS[: 9 if base == 20 else 1], start=1)
    for joint in ("-", " ", "")
}
_ORDINAL = "|".join(sorted((re.escape(o) for o in ORDINALS), key=len, reverse=True))
_DAY_FIRST_RE = re.compile(
    rf"\b(?:the\s+)?(?P<day>{_ORDINAL})\s+(?:of\s+)?(?P<month>{MONTH_OR_SHORT})\b", re.I
)
# "April the thirtieth", "March first": the month's name capitalised, so that "may" the verb is no month.
_MONTH_FIRST_RE = re.compile(  # the lookahead is case-sensitive: the pattern is not re.I
    rf"\b(?=[A-Z][a-z]+\s)(?P<month>(?i:{MONTH_OR_SHORT}))\s+(?:the\s+)?(?P<day>{_ORDINAL})\b"
)


def _number(word: str) -> int:
    return ORDINALS[re.sub(r"\s+", " ", word.lower())]


def digit_days(text: str) -> str:
    """`text` with each day of a month written as an ordinal word put in digits ("valid until the thirtieth of
    April 2027" → "valid until 30 April 2027", "due April the first" → "due April 1")."""
    text = _DAY_FIRST_RE.sub(lambda m: f"{_number(m.group('day'))} {m.group('month')}", text)
    return _MONTH_FIRST_RE.sub(lambda m: f"{m.group('month')} {_number(m.group('day'))}", text)
