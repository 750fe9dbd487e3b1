"""A new home named in passing: "the wifi in the new house in Utrecht is slow upstairs", "our new flat in
Leith has no lift". A sentence about something else (the wifi, the lift) that names the speaker's new home
by its place says where the speaker lives now: "I live in Utrecht (a new house)", a fact in the home slot,
which replaces the place held before.

Only the speaker's own ("the", "my", "our" new home: never "my sister's new flat in York", whose owner
stands between), a home word (house, flat, home, place, apartment), and a place by name ("in Utrecht", not
"in the garden"). A question ("is the new flat in Leith nice?") asks, it does not tell.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about_speaker import about_speaker
from reverie.adapters.local.rules.statement_types import Speaker, Statement

_NEW_HOME_RE = re.compile(
    r"\b(?i:the|my|our) (?i:new) (?P<home>(?i:house|home|flat|place|apartment|flat share|bungalow|cottage))"
    # ("the new place is in Chorlton": where it is, said of it)
    r"(?: (?i:is|'s))? (?i:in|at) (?P<place>[A-Z][\w'-]+(?: (?!(?:Is|Has|Was|Are)\b)[A-Z][\w'-]+)*)"
)


def new_home(sentence: str, who: Speaker) -> Statement | None:
    """The home slot's fact a sentence tells by naming the speaker's new home's place, or None."""
    found = _NEW_HOME_RE.search(sentence)
    if found is None or "?" in sentence:
        return None
    clause = f"I live in {found.group('place')} (a new {found.group('home').lower()})"
    result = about_speaker(clause, clause, who)
    return result if isinstance(result, Statement) else None
