"""A nuisance that happened again: "the train was cancelled again", "the bus was late yet again", "my parcel
got delayed again, typical". A plan ends once: a disruption said to have come back is a complaint about a
day's service, not news that one of the speaker's plans is off, and it will not matter in a month. Said as
a habit ("the 8:10 is always late", "it usually gets cancelled when it snows") it lasts, and is no such
complaint; a plan put off again ("the surgery was postponed again, now 3 June") carries its new day.
"""

from __future__ import annotations

import re

from reverie.domain.text import MONTH_WORD

_NUISANCE_AGAIN_RE = re.compile(
    r"\b(?:was|were|got|has\s+been|have\s+been|'s\s+been|is|are|'s)\s+(?:\w+\s+)?"
    r"(?:cancell?ed|delayed|late|running\s+late|held\s+up|diverted|overbooked|rammed|packed|"
    # "the CI is red again", "the build is failing again", "staging is offline again": a state of the moment
    r"stuck|down|out\s+of\s+order|red|failing|flaky|offline)\s+(?:(?:yet|once)\s+)?again\b",
    re.I,
)
_HABIT_RE = re.compile(r"\b(?:always|usually|often|every|whenever|when|if|tends?\s+to|each\s+time)\b", re.I)
_NEW_DAY_RE = re.compile(
    r"\b(?:to|till|until|now|on|for)\s+(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    rf"{MONTH_WORD}\b|next\b|tomorrow\b)",
    re.I,
)


def nuisance_again(text: str) -> bool:
    """Whether `text` complains that a disruption happened again (see the module docstring), said with no
    habit and no new day."""
    return (
        _NUISANCE_AGAIN_RE.search(text) is not None
        and _HABIT_RE.search(text) is None
        and _NEW_DAY_RE.search(text) is None
    )


# How full something is right now: "my iPhone is almost full", "the printer's out of ink", "my laptop battery is
# dead": a level that changes by the hour, not a fact about the thing.
_LEVEL_RE = re.compile(
    r"\b(?:is|are|was|got|getting)\s+(?:(?:almost|nearly|completely|totally|basically|pretty\s+much|so|"
    # (never "is Flat 3, 12 Oak Road": a home)
    r"really|already)\s+)?(?:full|empty|dead|flat(?!\s+\d)|out\s+of\s+(?:space|storage|battery|ink|data|toner|paper))\b"
    # "my phone's nearly full", "the printer's empty" (never "Sam's flat": a home)
    r"|'s\s+(?:(?:almost|nearly|completely|totally|already)\s+(?:full|empty|dead|flat)|full|empty|dead)\b",
    re.I,
)


def momentary_level(text: str) -> bool:
    """Whether `text` says how full or spent something is now (see `_LEVEL_RE`), said with no habit."""
    return _LEVEL_RE.search(text) is not None and _HABIT_RE.search(text) is None
