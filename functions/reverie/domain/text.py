"""Plain-text helpers shared by capture, recall and the index: words, entities, dates in questions."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import UTC, datetime, timedelta

WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")


def _marks(first: int, last: int) -> str:
    """The combining marks between two code points as a character class's ranges."""
    chars = [c for c in map(chr, range(first, last + 1)) if unicodedata.category(c).startswith("M")]
    ranges: list[list[str]] = []
    for c in chars:
        if ranges and ord(c) == ord(ranges[-1][1]) + 1:
            ranges[-1][1] = c
        else:
            ranges.append([c, c])
    return "".join(a if a == b else f"{a}-{b}" for a, b in ranges)


# A word in any script: letters and digits, the vowel signs and other marks written on them (which Python's
# \w leaves out: "हिन्दी" would fall apart at each), inner apostrophes and hyphens. In ASCII text: WORD_RE's words.
_ANY_WORD_RE = re.compile(rf"[^\W_](?:[^\W_]|[{_marks(0x0300, 0x1FFF)}{_marks(0x3099, 0x309A)}'’-])*")
_CAPITALISED_RE = re.compile(r"\b[A-Z][a-zA-Z'’-]+(?:\s+[A-Z][a-zA-Z'’-]+)*")

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers herself him himself his how i if in into is it its itself just let me might
    more most must my myself no nor not now of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this
    those through to too under until up very was we were what when where which while who whom why will
    with would you your yours yourself yourselves also ever much many like get got one nothing something
    anything everything nobody someone anyone everyone""".split()
)
MONTH_NAMES = "january february march april may june july august september october november december".split()
MONTHS = {name: number for number, name in enumerate(MONTH_NAMES, start=1)}
TITLED_MONTHS = tuple(name.title() for name in MONTH_NAMES)
# Month patterns for rules that read dates (lower case: compile them with re.I; none captures a group).
# A month's name, whole or cut short ("Aug", "August", "Sept"), or any word that starts like one.
MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
# A month's name, whole or in its usual short form: "Jan", "January", "Sep", "Sept", "September", "May".
MONTH_OR_SHORT = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)


def month_names(*left_out: str) -> str:
    """The months' whole names as one alternation, "(?:january|...|december)", less those `left_out` (such as
    "may" and "march", which are verbs as well where a rule cannot tell by the words around them)."""
    return "(?:" + "|".join(name for name in MONTH_NAMES if name not in left_out) + ")"


MONTH_NAME = month_names()
# Capitalised words that start questions or sentences but name nothing.
_NOT_ENTITIES = (
    STOP_WORDS
    | frozenset(MONTH_NAMES)
    | frozenset("hey hi hello yes yeah oh wow thanks thank sure okay ok well so".split())
    | frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
)
_MONTH = r"(" + "|".join(MONTHS) + r")"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_DAY_MONTH_YEAR_RE = re.compile(_DAY + r"\s+(?:of\s+)?" + _MONTH + r",?\s+(\d{4})\b", re.IGNORECASE)
_MONTH_DAY_YEAR_RE = re.compile(r"\b" + _MONTH + r"\s+" + _DAY + r",?\s+(\d{4})\b", re.IGNORECASE)
_MONTH_YEAR_RE = re.compile(r"\b" + _MONTH + r",?\s+(?:of\s+)?(\d{4})\b", re.IGNORECASE)
_YEAR_RE = re.compile(r"\b(19\d{2}|20\d{2})\b")


def content_key(text: str) -> bytes:
    """The cache key of a text: a 128-bit BLAKE2b digest of its UTF-8 bytes (the same text, the same key)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def words(text: str) -> list[str]:
    """Lower-case word tokens."""
    return [w.lower().replace("’", "'") for w in WORD_RE.findall(text)]


# The accents that Latin, Greek and Cyrillic letters come apart into (not the marks other scripts spell
# with: "カード" is no "カート", nor "हिन्दी" "हिनदी").
_ACCENTS_RE = re.compile("[\u0300-\u036f]+")


def folded(text: str) -> str:
    """`text` in lower case with its accents taken off ("Tomás" → "tomas", "Zoë" → "zoe", "Αθήνα" →
    "αθηνα"); other scripts' letters stay whole ("王芳", "서울", "カード")."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFC", _ACCENTS_RE.sub("", unicodedata.normalize("NFD", text.lower())))


def any_script_words(text: str) -> list[str]:
    """Lower-case word tokens in any script, accents folded ("Tomás" → tomas, "서울" stays itself, "Москва" →
    москва); ASCII text gives the words `words` gives."""
    return [w.replace("’", "'") for w in _ANY_WORD_RE.findall(folded(text))]


def content_words(text: str, *, any_script: bool = False) -> list[str]:
    """Words without stop words (nor their contractions: "it's", "we're", "I'm"), in order, duplicates kept;
    ASCII words only (as `words` reads them) unless `any_script` (as `any_script_words` reads them)."""
    found = any_script_words(text) if any_script else words(text)
    return [w for w in found if w not in STOP_WORDS and _CONTRACTION_RE.sub("", w) not in STOP_WORDS]


_CONTRACTION_RE = re.compile(r"'(?:s|re|ve|ll|d|m)$")


def entities(text: str) -> list[str]:
    """Names mentioned in a text: runs of capitalised words, lower-cased, de-duplicated in order.

    Deliberately simple (no model): good enough to connect "Caroline" in a question to cards that name her.
    """
    found: dict[str, None] = {}
    for match in _CAPITALISED_RE.finditer(text):
        parts = [p for p in match.group(0).split() if p.lower().strip("'’") not in _NOT_ENTITIES]
        for part in parts:
            name = part.lower().rstrip("'’s") if part.lower().endswith(("'s", "’s")) else part.lower()
            if len(name) > 1:
                found[name] = None
    return list(found)


# A week or weekend named by a day in it ("the week after 10 February 2027", how "next week" is stored).
_RELATIVE_WEEK_RE = re.compile(r"\bthe\s+(?P<span>week|weekend)\s+(?P<side>after|before)\s+$", re.I)


def _week_of(day: datetime, span: str, side: str) -> tuple[datetime, datetime]:
    """The [start, end) window of the week (Monday to Monday) after or before the one `day` is in; a weekend after
    or before it is either of the next (or last) two, as "next weekend" is said of both."""
    monday = day - timedelta(days=day.weekday())
    if span.lower() == "weekend":
        if side.lower() == "after":
            return day + timedelta(days=1), monday + timedelta(days=14)
        return monday - timedelta(days=9), day
    week = monday + timedelta(days=7 if side.lower() == "after" else -7)
    return week, week + timedelta(days=7)


def time_window(text: str) -> tuple[datetime, datetime] | None:
    """The most precise date named in a text, as a [start, end) window: a day ("on 7 July, 2023",
    "May 3rd, 2023"), a month ("in June 2023") or a year ("during 2022"). None when no date is named."""
    for pattern, day_group, month_group, year_group in (
        (_DAY_MONTH_YEAR_RE, 1, 2, 3),
        (_MONTH_DAY_YEAR_RE, 2, 1, 3),
    ):
        match = pattern.search(text)
        if match:
            try:
                day = datetime(
                    int(match.group(year_group)),
                    MONTHS[match.group(month_group).lower()],
                    int(match.group(day_group)),
                    tzinfo=UTC,
                )
            except ValueError:  # "31 February": not a date
                continue
            if relative := _RELATIVE_WEEK_RE.search(
                text, 0, match.start()
            ):  # "in the week after 10 February"
                return _week_of(day, relative.group("span"), relative.group("side"))
            return day, day + timedelta(days=1)
    month = _MONTH_YEAR_RE.search(text)
    if month:
        year, number = int(month.group(2)), MONTHS[month.group(1).lower()]
        start = datetime(year, number, 1, tzinfo=UTC)
        end = datetime(year + (number == 12), number % 12 + 1, 1, tzinfo=UTC)
        return start, end
    year_match = _YEAR_RE.search(text)
    if year_match:
        year = int(year_match.group(1))
        return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    return None


def human_date(value: datetime) -> str:
    """`8 May 2023`: the form people (and answer keys) write dates in (English month names whatever the
    locale, without strftime: recall dates every line it weighs)."""
    return f"{value.day} {TITLED_MONTHS[value.month - 1]} {value.year}"


# A day of the week as a pattern ("monday" ... "sunday"; add "s?" for "Mondays").
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
DAY_PART = r"(?:lunchtime|morning|afternoon|evening|night)"
"""A part of the day (in the singular: add "s" for the plural of a habit, "on Saturday mornings")."""
