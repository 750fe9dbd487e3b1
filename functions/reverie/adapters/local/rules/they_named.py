"""A "they" opening a part, said of the one business or person the part before named as its subject:
"Brightline agreed to a new rate. From now on they pay 0.20 a word" → "From now on Brightline pays 0.20 a
word". Chat speaks of a company, a shop or a team as "they"; read alone, the part says nothing of whom.

Only a subject named by name ("Brightline", "Kew Dental", "Tom") whose verb follows it, alone (not "Tom and
Ana"), in the part just before, is taken; "they" then agrees as that one subject does ("they pay" → "pays",
"they're" → "is"). Any other "they" (after a part naming two, or no one by name, or one inside the part)
stays as it was.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import strip_opening
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST, third_person

# A name as a part's subject, its verb next: "Brightline agreed", "Kew Dental has moved", "Tom pays".
_SUBJECT_RE = re.compile(
    r"^(?!(?:I|It|This|That|There|Here|He|She|They|We|You|The|A|An|My|Our|Your|His|Her|Their|What|Who|Why|"
    r"How|When|Where|Please|Today|Yesterday|Tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|"
    r"Sunday)\b)(?P<name>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})\s+(?:(?:has|have|had|just|now|will|finally)\s+)*"
    r"(?:[a-z]{2,}ed|[a-z]{2,}[^s\W]s|is|are|was|were|" + "|".join(sorted(IRREGULAR_PAST)) + r")\b"
)
# "they" opening a part, after words that lead into it ("From now on they pay", "so they're ...").
_THEY_RE = re.compile(
    r"^(?P<lead>(?:(?:from\s+now\s+on|going\s+forward|from\s+today|as\s+of\s+today|so|and|but|now|also|then)"
    r"[,\s]+)*)they(?P<verb>'re|'ve|'ll|'d|\s+[a-z]+(?:n't)?)\b",
    re.I,
)
_CONTRACTED = {"'re": " is", "'ve": " has", "'ll": " will", "'d": " would"}


def subject_named(part: str) -> str | None:
    """The one name `part` opens with as its subject ("Good news, Brightline agreed ..." → "Brightline")."""
    found = _SUBJECT_RE.match(strip_opening(part))
    return found.group("name") if found else None


def they_said_of(part: str, name: str | None) -> str:
    """`part` with its opening "they" said as `name` (see the module); as it was otherwise."""
    found = _THEY_RE.match(part.strip()) if name else None
    if found is None or name is None:
        return part
    said = found.group("verb")
    verb = _CONTRACTED.get(said.lower()) or f" {third_person(said.strip())}"
    return f"{found.group('lead')}{name}{verb}{part.strip()[found.end() :]}"
