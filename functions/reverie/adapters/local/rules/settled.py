"""An arrangement said to be settled, then its details after a dash or a colon: one statement.

"training's sorted for the season btw — Thursdays 5:30 to 6:30 on the 3G pitch", "Book club's confirmed:
first Tuesday of the month at the library", "the lift share is all set - Mondays and Wednesdays, 7:40 from
the church": what is settled is the subject, the details are its value. Split at the dash, each half says
nothing on its own ("training's sorted" passes, "Thursdays 5:30 to 6:30 ..." has no subject); read together
they are "Training is Thursdays 5:30 to 6:30 on the 3G pitch (for the season)." The details must say when
(a day, a date or a time): "the wifi's sorted - thanks!" sets nothing.
"""

from __future__ import annotations

import re

from reverie.domain.text import MONTH_WORD

_SETTLED_RE = re.compile(
    r"(?P<what>\b(?:(?:the|our|my)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?P<verb>'s|\s+is|\s+are)\s+(?:all\s+|now\s+)?"
    r"(?:sorted|settled|confirmed|booked|set|fixed|arranged|decided|finali[sz]ed|agreed|locked in)"
    r"(?P<scope>\s+for\s+(?:the|this|next)\s+[\w-]+(?:\s+(?!(?:btw|fyi|now|then)\b)[\w-]+)?)?(?:\s+(?:btw|fyi|now|then))?"
    r"\s*(?:[—–]|\s-|:)\s*(?P<details>[^.!?\n]+)",
    re.I,
)
_WHEN_RE = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|\d{1,2}(?::\d{2}|\s?[ap]m)|"
    rf"{MONTH_WORD}\s+\d|\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH_WORD})",
    re.I,
)

_DETERMINER_RE = re.compile(r"(?:the|our|my)\s", re.I)


def _sentence(found: re.Match[str]) -> str:
    what, details = found.group("what").strip(), found.group("details").strip(" ,;")
    if not _WHEN_RE.search(details):
        return found.group(0)
    scope = f" ({found.group('scope').strip()})" if found.group("scope") else ""
    if " " in what and not _DETERMINER_RE.match(what):
        what = f"the {what}"  # "choir rehearsal's confirmed" → "The choir rehearsal is ..."
    # "rehearsals are sorted" → "Rehearsals are ...", as said
    verb = "are" if found.group("verb").strip() == "are" else "is"
    return f"{what[:1].upper()}{what[1:]} {verb} {details}{scope}"


def settled_with_details(text: str) -> str:
    """`text` with each settled arrangement and its details after a dash written as one sentence."""
    return _SETTLED_RE.sub(_sentence, text)
