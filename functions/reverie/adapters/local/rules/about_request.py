"""What a request is for, said right after it: "Book me two nights in Porto from the 9th. It's our first trip
without the kids", "Order the green one please. It's for my niece". The bare "it" points at the task just
asked for; with the task left in the raw log (a request for now), the sentence names nothing a card can
carry on its own ("It's our first trip without the kids" read months later, after the trip was called off,
reads as news). It stays in the raw log with the request.

What the request always is ("It's always a large margherita") is a standing wish and is left to the rules.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE, WRAPPED_REQUEST_RE

# "please" as other languages say it, opening a request typed by someone mixing languages ("Bitte book me").
_PLEASE_RE = re.compile(
    r"^(?:(?:please|pls|plz|kindly|bitte|por\s+favor|per\s+favore|s'il\s+(?:te|vous)\s+pla[iî]t|alsjeblieft|"
    r"proszę|prosze|kripya|zehmat\s+karke)\b[\s,!]*)+",
    re.I,
)
# "It's ...", "It'll be ...", "This is ...": the subject points back; "it" inside "it's raining" too, which a
# request does not precede.
_POINTS_BACK_RE = re.compile(
    r"^(?:(?:and|but|so|oh)[,\s]+)*(?:it's|it\s+is|it'll\s+be|it\s+will\s+be|it\s+was|this\s+is|this'll\s+be|"
    r"that's|that\s+is)\s+",
    re.I,
)
_STANDING_RE = re.compile(r"\b(?:always|usually|every|never|each\s+time|as\s+usual)\b", re.I)


def asks_the_agent(part: str) -> bool:
    """`part` asks the agent to do something now: an imperative ("book me ...", "Bitte book me ..."), or one
    wrapped in a question ("could you find me ...")."""
    text = _PLEASE_RE.sub("", part.strip())
    return bool(IMPERATIVE_RE.match(text) or WRAPPED_REQUEST_RE.match(text))


def about_the_request(part: str, before: str | None) -> bool:
    """`part` says what the request just made (`before`, in the same message) is for or what it means."""
    text = part.strip()
    return (
        before is not None
        and _POINTS_BACK_RE.match(text) is not None
        and not _STANDING_RE.search(text)
        and asks_the_agent(before)
    )
