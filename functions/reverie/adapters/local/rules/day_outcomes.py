"""How a day's event went, told by the day: "Yesterday went brilliantly, 37 volunteers and 64 bags out of
the river", "Saturday was a huge success, 120 tickets sold", "Last night went well, we raised £640".

Said after the event, the day stands for what happened on it (the clean-up, the fundraiser, the match),
and what follows the verdict is the outcome worth keeping: how many came, what was raised, the score. So
the sentence is a fact about what the speaker did that day, dated: "What <speaker> did on 23 November 2026
went brilliantly, 37 volunteers and 64 bags ...". Only a verdict followed by a measured outcome (a number)
is kept: "Yesterday was great!" alone is a passing mood, left in the raw log.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType

_DAY = (
    r"(?P<day>yesterday|today|tonight|last\s+night|this\s+(?:morning|afternoon|evening)|last\s+weekend|"
    r"(?:last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
_VERDICT = (
    r"(?P<how>(?:(?:really|so|very|super|absolutely|pretty|quite)\s+)?(?:brilliantly|brilliant|well|great|"
    r"amazing(?:ly)?|fantastic(?:ally)?|smoothly|badly|terribly|okay|ok|fine|"
    r"an?\s+(?:(?:huge|great|big|massive|real|total)\s+)?(?:success|disaster|triumph|washout|hit)))"
)
_DAY_WENT_RE = re.compile(
    rf"^{_DAY}\s+(?P<verb>went|was|turned\s+out)\s+{_VERDICT}\s*(?P<rest>[,;:-]\s*[^.!?]*\d[^.!?]*)[.!]*$",
    re.I,
)


_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()


def _past_day(day: str, who: Speaker) -> str:
    """The day as `dates.resolve_relative_dates` dates it: a weekday told of after the event is the last one
    (today's when it is today's name): "Saturday" said on a Monday → "last Saturday"."""
    name = day.lower()
    if name in _WEEKDAYS:
        return "today" if _WEEKDAYS.index(name) == who.ts.weekday() else f"last {day}"
    return day


def day_went(text: str, who: Speaker) -> Statement | None:
    """How the speaker's event on a day went, with its measured outcome (see the module), or None."""
    found = _DAY_WENT_RE.match(text.strip())
    if found is None:
        return None
    rest = re.sub(r"^[,;:-]\s*", ", ", found.group("rest"))
    verb = " ".join(found.group("verb").lower().split())
    said = f"What I did {_past_day(found.group('day'), who)} {verb} {found.group('how')}{rest}"
    result = as_statement(MemoryType.FACT, said, who)
    return result if isinstance(result, Statement) else None
