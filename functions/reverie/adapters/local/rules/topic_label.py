"""A thing named as a sentence's heading, then called "it": "the Clio's MOT: my husband says it's due in March",
"Re the boiler: the engineer thinks it needs a new pump". The heading names what the "it" after it stands
for, as a note is written; read alone, "it's due in March" names nothing.

The heading is a definite noun phrase of a few words, a thing's own ("the Clio's MOT", "my passport", "Flat
2's boiler"), after whatever opens the sentence ("So, ...", "Alors, ..."). The first "it" that is a subject
("it's", "it is", "it needs") in what follows is read as that thing. Not one: a heading that is a person, a
time or a clause ("Tuesday: it's raining", "Quick update: ..."), or a rest with no such "it".
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.pronoun_it import thing_of

# A heading may say that more about the thing follows: "Re the boiler", "More detail on his amlodipine",
# "To be more precise about my long ride", "As for our van".
_MORE_ABOUT = (
    r"(?i:re|regarding|about|as\s+for|(?:(?:a\s+)?(?:bit|little)\s+|some\s+)?more(?:\s+(?:detail|details|info|"
    r"information))?\s+(?:on|about)|(?:to\s+be\s+)?more\s+(?:precise|specific|exact)\s+(?:on|about))\s+"
)
# The heading's last comma-separated piece, a definite thing: "the Clio's MOT", "my passport", "Flat 2's boiler".
_HEADING_RE = re.compile(
    rf"(?:^|,\s*)(?:{_MORE_ABOUT})?(?P<thing>(?:(?i:the|my|our|his|her|their)\s+(?:[A-Z][\w-]*'s\s+)?|"
    r"[A-Z][\w-]*(?:\s+\d+)?'s\s+)(?P<words>[\w-]+(?:\s+[\w-]+)?))$",
)
# A subject "it": "it's due", "it is booked", "it needs a pump", "it was moved".
_SUBJECT_IT_RE = re.compile(
    r"\b(?i:it)(?P<verb>'s|(?=\s+(?:is|was|will|needs|has|had|runs|expires|ends|starts|costs|goes)\b))"
)


def heading_thing(label: str) -> str | None:
    """The thing a sentence's heading names ("Alors, the Clio's MOT" → "the Clio's MOT"), or None."""
    found = _HEADING_RE.search(label.strip())
    if found is None or thing_of(found.group("words")) is None:
        return None
    return found.group("thing")


def it_as_heading(label: str, rest: str) -> str:
    """`rest` with its first subject "it" read as the thing `label` names; `rest` as it is when the label
    names no thing or the rest has no such "it"."""
    thing = heading_thing(label)
    if thing is None:
        return rest
    return _SUBJECT_IT_RE.sub(lambda m: f"{thing} is" if m.group("verb") else thing, rest, count=1)
