"""Two people's claims about one thing (for `merge`): "The family reunion is Saturday the 8th of August
(according to Mum)" against "The reunion's on the Sunday, the 9th (according to Efe)", or a forwarded "Diwali
puja at Mausi's place, 8 Nov, 7:30 pm sharp (according to Mausi)" against Papa's "... at 6 pm on the 8th".
Each is what someone else said, relayed by the user (`reported`); when they give one thing two days or two
times, nothing the user said settles which is right, so neither replaces the other: a person decides
(`verdicts.replace`).
"""

from __future__ import annotations

import re

from reverie.domain.restatement import stem
from reverie.domain.text import MONTH_WORD

_ATTRIBUTED_RE = re.compile(r"^(?P<body>.+?)\s*\(according to (?P<who>[^)]+)\)\.?$", re.I)
# Where the thing a claim is about ends: its verb, or a comma in a message typed as a list of details.
_THING_END_RE = re.compile(r"(?:\s+(?:is|are|was|were|will\s+be)\b|'s\b|'re\b|,)", re.I)
_PREPOSITION_RE = re.compile(r"\s+(?:at|in|on|for|with|of|from|to|near|by)\s+", re.I)
_ARTICLES = frozenset("the a an my our his her their".split())
# The kinds of value two claims about one happening may give, each compared on its own.
_TIME_RE = re.compile(r"\b(\d{1,2})(?::(\d\d))?\s*(am|pm)\b|\b(\d{1,2}):(\d\d)\b", re.I)
_WEEKDAY_RE = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_DAY_OF_MONTH_RE = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)\b|\b(\d{{1,2}})\s+(?={MONTH_WORD})", re.I)


def attributed_to(statement: str) -> str | None:
    """Who a relayed claim is attributed to ("... (according to Efe)" → "efe"), or None."""
    found = _ATTRIBUTED_RE.match(statement.strip())
    return found.group("who").strip().lower() if found else None


def without_attribution(statement: str) -> str:
    """A relayed claim's body, without whose it is ("The rides start at noon (according to Ines)." → "The
    rides start at noon"): the name says who claims it, not what is claimed."""
    found = _ATTRIBUTED_RE.match(statement.strip())
    return found.group("body") if found else statement


def _head(body: str) -> str | None:
    """The noun the claim is about: the last word of what comes before its verb and any preposition."""
    thing = _PREPOSITION_RE.split(_THING_END_RE.split(body, maxsplit=1)[0], maxsplit=1)[0]
    words = [w for w in re.findall(r"[a-z][\w-]*", thing.lower()) if w not in _ARTICLES]
    return stem(words[-1]) if words else None


def _times(text: str) -> frozenset[str]:
    out = set()
    for hour, minute, half, hour24, minute24 in _TIME_RE.findall(text):
        if hour:
            h = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
            out.add(f"{h:02d}:{minute or '00'}")
        else:
            out.add(f"{int(hour24):02d}:{minute24}")
    return frozenset(out)


def _days(text: str) -> frozenset[str]:
    return frozenset(a or b for a, b in _DAY_OF_MONTH_RE.findall(text)) | frozenset(
        w.lower() for w in _WEEKDAY_RE.findall(text)
    )


def claims_disagree(a: str, b: str) -> bool:
    """Two relayed claims, by two people, about one thing (the same head noun: "the family reunion" / "the
    reunion") giving it another day or another time (each kind compared on its own)."""
    first, second = _ATTRIBUTED_RE.match(a.strip()), _ATTRIBUTED_RE.match(b.strip())
    if first is None or second is None:
        return False
    if first.group("who").strip().lower() == second.group("who").strip().lower():
        return False  # one person saying it twice, or changing their mind: latest wins
    mine, theirs = first.group("body"), second.group("body")
    head = _head(mine)
    if head is None or head != _head(theirs):
        return False
    return any(
        x and y and not (x & y) for x, y in ((_times(mine), _times(theirs)), (_days(mine), _days(theirs)))
    )
