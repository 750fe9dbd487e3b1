"""A sentence that opens with what it holds for or when ("For my easy runs the physio wants my heart rate
between 130 and 145", "On match days the club bar opens at noon", "During Ramadan the shop closes at 5"):
the phrase in front says where the statement applies; the clause after it is the statement. The rules that
recognise a statement by its subject read that clause; the card keeps the phrase.
"""

from __future__ import annotations

import re

# The phrase: a preposition of purpose, time or occasion and up to five words, its own determiner
# maybe ("for my easy runs", "on match days", "in the mornings"); then, with a comma or not, a
# determiner or an owner's name opening the main clause ("the physio", "our landlord", "Tom's car").
_FRONTED_RE = re.compile(
    r"^(?P<phrase>(?:for|on|in|during|before|after|at|over)\s+(?:(?:my|our|the|his|her|their|this|these|each|"
    r"every|(?-i:[A-Z])[\w-]*'s)\s+)?(?:[\w-]+\s+){0,3}?[\w-]+)\s*,?\s+"
    r"(?P<clause>(?:the|my|our|his|her|their|this|these|that|those|(?-i:[A-Z])[\w-]*'s)\s+\S.*)$",
    re.I,
)


def main_clause(text: str) -> str | None:
    """The clause after a phrase saying what or when the sentence holds for ("the physio wants my heart
    rate between 130 and 145" from "For my easy runs the physio wants ..."), or None when the sentence
    does not open with such a phrase."""
    found = _FRONTED_RE.match(text.strip())
    return found.group("clause") if found else None


# A change said to hold from now on, before any clause: "From now on Brightline pays 0.20 a word".
_FROM_NOW_RE = re.compile(
    r"^(?:from\s+now\s+on|going\s+forward|from\s+today|as\s+of\s+today)\s*,?\s+(?P<clause>\S.*)$", re.I | re.S
)


def after_from_now(text: str) -> str | None:
    """The clause after "from now on" (or "going forward", "from today") opening `text`, read as a
    statement of its own (the card's date says since when); None when `text` opens otherwise."""
    found = _FROM_NOW_RE.match(text.strip())
    return found.group("clause") if found else None


# A place in front of a person's clause ("At the food bank I run the Saturday shift now"): where it is done,
# said after what is done, so the statement opens with whom it is about.
_PLACE_FIRST_RE = re.compile(
    r"^(?P<place>(?:at|in)\s+(?:the|my|our)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s*,?\s+"
    r"(?P<who>(?:I|we|(?-i:[A-Z])[a-z]+))\s+(?P<rest>(?!(?:is|are|was|were|'s)\b)(?-i:[a-z]+)\b[^,;]*?)"
    r"(?P<now>\s+(?:now|these\s+days|nowadays))?"
    # ... and when, after a comma: "At the shelter I mostly walk the dogs, Saturday mornings"
    r"(?P<when>,\s*(?:on\s+|every\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?)"
    r"(?:\s+(?:mornings?|evenings?|afternoons?|nights?))?)?(?P<end>[.!]*)$",
    re.I,
)


def place_after(text: str) -> str:
    """ "At the food bank I run the Saturday shift now" → "I run the Saturday shift at the food bank now";
    `text` as it is when it opens otherwise."""
    found = _PLACE_FIRST_RE.match(text.strip())
    if found is None:
        return text
    place = found.group("place")
    return (
        f"{found.group('who')} {found.group('rest')} {place[:1].lower()}{place[1:]}"
        f"{found.group('now') or ''}{found.group('when') or ''}{found.group('end')}"
    )


# The days something recurs on, in front of the speaker's clause ("Fridays I'm always at home", "On Mondays we
# swim"): said after it, as the rules read a habit.
_DAYS_FIRST_RE = re.compile(
    r"^(?P<on>on\s+|every\s+)?(?P<days>(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends)\s*,?\s+"
    r"(?P<clause>(?:I|we)\b[^,;]*?)(?P<end>[.!]*$|[,;]\s.*$)",
    re.I,
)


def days_after(text: str) -> str:
    """ "Fridays I'm always at home" → "I'm always at home on Fridays" (what follows a comma after it kept as
    it is); `text` as it is when it opens otherwise."""
    found = _DAYS_FIRST_RE.match(text.strip())
    if found is None:
        return text
    on = (found.group("on") or "on ").lower()
    days = found.group("days")
    days = days.lower() if days.lower() == "weekends" else days[:1].upper() + days[1:].lower()
    when = f"{on}{days}"
    rest = _THEN_END_RE.sub(when, found.group("end"))  # "..., I work from home then": on those days
    return f"{found.group('clause')} {when}{rest}"


_THEN_END_RE = re.compile(r"\bthen(?=[.!]*$)")
