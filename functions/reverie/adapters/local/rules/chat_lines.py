"""A line pasted from a chat app's history ("[28/10, 19:42] Priya: don't forget Arun bhaiya's exam on 3rd
June!!"): the message of the person the line names, not the speaker's. A reminder in it of when someone's
thing is ("don't forget <Name>'s <thing> on <date>") is that person's claim of the date, kept as "<Name>'s
<thing> is on <date> (according to <writer>)", so that it meets what the speaker said of the same thing.

What the line calls the one it is about beside their name is no part of the name: a form of address the
writer uses before the possessive ("Arun bhaiya's", "Kenji san's") is left out ("Arun's exam"). A pasted line
saying anything else is left to the other rules.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import strip_emoji
from reverie.adapters.local.rules.reported import Relayed

# "[28/10, 19:42] Mummy: ...", "[2024-05-01 09:12:33] Sam K: ...", "28/10/2026, 19:42 - Mum: ..."
_LINE_RE = re.compile(
    r"^\s*(?:\[(?P<stamp>[^\]]{4,30})\]|(?P<bare>\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?)\s+-)"
    r"\s*(?P<who>[^:\n]{1,30}?):\s+(?P<text>\S.*)$",
    re.S,
)
_TIME_RE = re.compile(r"\d{1,2}:\d{2}")
# "(Beta) don't forget Arun bhaiya's exam on 3rd June", "remember Kenji san's party is on Friday"
_REMINDER_RE = re.compile(
    r"^(?:[^\W\d_]+[,!]?\s+)?(?:don'?t\s+forget|do\s+not\s+forget|remember|reminder:?)\s+(?:that\s+)?"
    r"(?P<name>(?-i:[A-Z][^\W\d_]+))(?:\s+(?-i:[a-z]{2,8}))?'s\s+(?P<thing>[a-z][\w-]*(?:\s+(?!is\b|falls\b)[a-z][\w-]*)?)\s+"
    r"(?:is\s+|falls\s+)?(?P<prep>on|at|in)\s+(?P<value>[^,;!?.]+?)\s*[!.?]*$",
    re.I,
)


def chat_line(text: str) -> tuple[str, str] | None:
    """(who wrote it, what they wrote) for a line pasted from a chat's history, or None."""
    found = _LINE_RE.match(text.strip())
    if found is None or not _TIME_RE.search(found.group("stamp") or found.group("bare") or ""):
        return None
    return found.group("who").strip(), found.group("text").strip()


def reminded_date(text: str) -> Relayed | None:
    """The date a pasted chat line reminds of ("[..] Priya: don't forget Arun bhaiya's exam on 3rd June" →
    Priya's claim "Arun's exam is on 3rd June"), or None when the line is no such reminder."""
    line = chat_line(text)
    if line is None:
        return None
    who, said = line
    found = _REMINDER_RE.match(strip_emoji(said).strip())
    if found is None:
        return None
    claim = f"{found.group('name')}'s {found.group('thing')} is {found.group('prep')} {found.group('value')}"
    return Relayed(who=who, claim=claim)
