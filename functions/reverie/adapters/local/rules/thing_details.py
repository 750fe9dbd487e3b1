"""What one's own thing is, put in brackets after it while the sentence says something else of it: "our Valheim
server (Hetzner box, port 2456, world 'Hjemland') is running a double XP event through 11/15", "my bike (a
2019 Brompton, black) got a puncture".

The brackets describe the thing, and that lasts; the sentence around them may tell of something passing (an
event that ends on the 15th, a puncture), and a card holding both would expire, or be replaced, with the
description inside it. So the description is read as a statement of its own ("Our Valheim server: Hetzner
box, port 2456, world 'Hjemland'.") and the sentence goes on without the brackets.

Only details are such a description: a list or a number ("Hetzner box, port 2456"), not a single word of
comment ("my bike (finally!)", `asides`), not a name (`appositions` reads "my GP (Dr Okonkwo)"), and not when
(a day, a date, a time): "my appointment (Tuesday, 3pm) was moved" says when the appointment is, which the
sentence's news is about.
"""

from __future__ import annotations

import re

# "our Valheim server (...)", "my old bike (...)": one's own thing, up to three words, then brackets that are
# followed by more of the sentence.
_DESCRIBED_RE = re.compile(
    r"\b(?P<thing>(?i:my|our)\s+(?:[\w'-]+\s+){0,2}?[\w-]+)\s*\(\s*(?P<details>[^()]{3,120}?)\s*\)"
    r"(?=\s+[a-z])"
)
_DETAILS_RE = re.compile(r",|\d")
_WHEN_RE = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|wed|thu|fri|sat|sun|jan(?:uary)?|feb(?:ruary)?|"
    r"mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|"
    r"dec(?:ember)?|today|tomorrow|tonight|yesterday|next|last|noon|midnight|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)|"
    r"\d{1,2}[:/]\d{1,2}|\d{1,2}(?:st|nd|rd|th))\b",
    re.I,
)
# someone's name first ("Rhys Evans, at Hale & Co", "Dr Okonkwo"): who the thing is, not what it is like
_NAME_FIRST_RE = re.compile(r"^(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+[A-Z]|[A-Z][a-z]+\s+[A-Z][a-z]+\b)")


def described_in_brackets(sentence: str) -> tuple[str, list[str]]:
    """(the sentence without the brackets describing one's own thing, the descriptions as statements):
    "our server (Hetzner box, port 2456) is down till 6" → ("our server is down till 6", ["Our server:
    Hetzner box, port 2456."]); (sentence, []) when no thing is described so."""
    descriptions: list[str] = []

    def described(found: re.Match[str]) -> str:
        details = found.group("details").strip(" ,;")
        if not _DETAILS_RE.search(details) or _WHEN_RE.search(details) or _NAME_FIRST_RE.match(details):
            return found.group(0)
        thing = found.group("thing")
        descriptions.append(f"{thing[:1].upper()}{thing[1:]}: {details.rstrip('.')}.")
        return thing

    return _DESCRIBED_RE.sub(described, sentence), descriptions
