"""Two sources' words joined by a plain "and" (or a comma), each with its own verb of saying: "the office says the 14th and
the coaches say the 15th", "the label reads 250 ml and the website states 300 ml". Said side by side about
one thing, it is the same contrast as "X says A, but Y says B" (`disagreements`).

Only a verb that reports words (says, states, reads, lists, shows, confirms, claims) on both sides makes the
pair: "X has A, and Y says B" lists two things, and "I say Tuesday and she says Friday" stays with the rules
for people. An opening before the first source ("So the office says ...") is no part of the source.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import strip_opening
from reverie.domain.text import MONTH_WORD

_REPORTING = (
    r"(?:says?|said|states?|stated|reads?|lists?|listed|shows?|showed|confirms?|confirmed|claims?|claimed|"
    r"reports?|reported|quotes?|quoted)"
)
_BOTH_RE = re.compile(
    rf"^(?P<first>(?:(?!\band\b).)+?\s{_REPORTING}\s(?:(?!\band\b).)+?)(?:,?\s+and\s+|,\s+)"
    rf"(?P<second>(?!(?:I|we|you)\s)(?:(?!\band\b)[^,])+?\s{_REPORTING}\s.+)$",
    re.I,
)


def both_saying(text: str) -> list[str] | None:
    """The two sources' clauses of `text` ("the office says the 14th", "the coaches say the 15th"), or None
    when `text` is no such pair."""
    found = _BOTH_RE.match(strip_opening(text.strip()))
    if found is None or re.match(r"(?:I|we|you)\s", found.group("first"), re.I):
        return None
    return [found.group("first"), found.group("second")]


_ORDINAL_DAY_RE = re.compile(r"^(?P<day>\d{1,2})(?:st|nd|rd|th)$", re.I)


def said_as_date(text: str, value: str) -> bool:
    """Whether `text` gives the day `value` names bare ("the 15th") in a date written out ("Wednesday 15 May",
    "May 15"): the two sides of a report often name the day alone that their sources gave whole."""
    found = _ORDINAL_DAY_RE.match(value)
    if found is None:
        return False
    day = found.group("day")
    return (
        re.search(
            rf"(?<![\d/.:]){day}(?:st|nd|rd|th)?(?:\s+of)?\s+{MONTH_WORD}|{MONTH_WORD}\s+{day}(?:st|nd|rd|th)?(?![\d:])",
            text,
            re.I,
        )
        is not None
    )
