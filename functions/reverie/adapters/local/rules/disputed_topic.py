"""What two people's values are of, when the sentence reporting them does not say: the thing the message named
just before ("Dad's cardiology follow-up is this month. Arjun texted 'appt 03/10 11am' but Priti is adamant
it's 03/12" → "Dad's cardiology follow-up is 03/10 11am (according to Arjun)", "... is 03/12 (according to
Priti)").

A clause that gives its value bare, or as a short note of a word or two ("'appt 03/10 11am'", "it's 03/12"),
names no thing of its own; the sentence before it in the same message that says what something is
("<thing> is <when, vaguely>") names it, and each value is that thing's.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.disagreements import VALUE_RE, Said

_TOPIC_RE = re.compile(r"^(?P<thing>[^,;:]{3,80}?)\s+(?:is|are|was|were)\s+(?P<what>\S[^,;]*?)[.!]?$", re.I)
_WORD_RE = re.compile(r"[A-Za-z][\w'-]*")
_PRONOUN_RE = re.compile(r"^(?:it|it's|its|that|that's|they|they're)$", re.I)
_WHERE_RE = re.compile(r"\s+(?:at|in|on|for|with|from|of)\s+", re.I)
_MAX_NOTE_WORDS = 2  # "appt", "appt at": a note, not a clause naming its own thing


def bare(said: Said) -> bool:
    """Whether `said` gives its value bare or as a short note, naming no thing of its own."""
    words = [w for w in _WORD_RE.findall(VALUE_RE.sub(" ", said.rest)) if not _PRONOUN_RE.match(w)]
    return len(words) <= _MAX_NOTE_WORDS


def unit_only(said: Said) -> bool:
    """Whether `said` gives its value with a unit at most ("500 mg", "12 months"): what it is a value of, the
    source's own sentence says ("Active prescription: Metformin 500 mg tablets ...")."""
    return len(VALUE_RE.sub(" ", said.rest).split()) <= 1


def topic(before: list[str]) -> str | None:
    """The thing the sentence just before names ("Dad's cardiology follow-up at the Royal Sussex is this month"
    → "Dad's cardiology follow-up at the Royal Sussex"), when it says what that thing is without a value."""
    if not before:
        return None
    found = _TOPIC_RE.match(before[-1].strip())
    if found is None or VALUE_RE.search(found.group("what")):
        return None
    return found.group("thing").strip()


def on_topic(thing: str, said: Said) -> str:
    """`said`'s values as the thing's: "Dad's cardiology follow-up is 03/10 11am"."""
    return f"{thing} is {' '.join(VALUE_RE.findall(said.rest))}"


def head(thing: str) -> str:
    """The thing without where or whose it is ("Dad's cardiology follow-up at the Royal Sussex" → "Dad's
    cardiology follow-up"): what a key is named after."""
    return _WHERE_RE.split(thing, maxsplit=1)[0]
