"""How long a habit holds when its "until" only qualifies a detail set after it: "The under-11s coaching is
every Saturday at 9am at Kenton Rec, indoor nets until April".

The coaching is weekly for good; what ends in April is the indoor nets, a detail added after a comma. Read
whole, the sentence would hold until April and expire then with the habit inside it (and never join the held
"coaches the under-11s", a lasting fact never joining a passing one). So when a statement says how often
something happens and ends in such a detail, a few words naming something ("indoor nets", "in the small
hall") then "until ...", the stated end is the detail's and the statement states none of its own.

Not a detail: words that only hedge or time the end ("..., at least until June", "..., probably until
Easter", "..., until June"), or a clause with a verb or a pronoun of its own ("..., which runs until June",
"..., and I'm off until May"): those say how long the whole holds.
"""

from __future__ import annotations

import re
from datetime import datetime

from reverie.adapters.local.rules.frequency import how_often
from reverie.domain.validity import valid_until

# The main statement, a comma, up to four words, then the end they are given: "..., indoor nets until April."
_DETAIL_END_RE = re.compile(
    r"^(?P<main>.+),\s*(?P<detail>(?:[\w'-]+\s+){1,4}?)(?:until|till|til|through)\s+[^,;:]+?[.!]?\s*$", re.I
)
# Words that hedge or time an end rather than name a detail, and words that make a clause of the detail.
_NOT_A_DETAIL = frozenset(
    """at least most probably maybe perhaps possibly likely only just all for now and but or so then
    which that who it this they we i you he she is are was were be will runs run lasts last goes go continues
    stays stay holds off away""".split()
)


def statement_until(text: str, ts: datetime) -> datetime | None:
    """When the statement in `text` stops holding (`domain.validity.valid_until`), except that a habit's
    trailing detail with an end of its own ("..., indoor nets until April") does not end the habit."""
    found = _DETAIL_END_RE.match(text.strip())
    if found is not None and how_often(found.group("main")) is not None:
        words = {w.lower().strip("'") for w in found.group("detail").split()}
        if not words & _NOT_A_DETAIL:
            return valid_until(found.group("main"), ts)
    return valid_until(text, ts)
