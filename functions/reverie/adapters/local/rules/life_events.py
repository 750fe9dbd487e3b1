"""News of a life event, said in the language the speaker mixes in, and the event taken up again by its name.

- People who mix languages give family news in the other one ("mi hermano Javi se casa!!", "ma sœur Inès
  se marie", "Paolo si sposa"): after a name, the few verbs of the life events people tell an assistant
  about (marrying, expecting, retiring, graduating, moving) read in English ("Javi is getting married"), as
  `spelling` reads the kinship word before the name. A card keeps no clause only one of its readers
  understands.
- The sentence after such news names the event ("the wedding is in Oaxaca on 14 November"): alone, a card
  of it says nothing of whose wedding. Right after a sentence that tells of one named person's event,
  "the wedding" is theirs ("Javi's wedding is in Oaxaca ..."); after no such sentence, it stays.
"""

from __future__ import annotations

import re

# A life event's verb, as Spanish, Portuguese, French, Italian and German say it after a name → English.
_MIXED_IN = {
    "se casa": "is getting married", "se casan": "are getting married", "se casó": "got married",
    "se jubila": "is retiring", "se gradúa": "is graduating", "se muda": "is moving",
    "está embarazada": "is pregnant", "vai casar": "is getting married", "vai se casar": "is getting married",
    "está grávida": "is pregnant", "se marie": "is getting married", "se marient": "are getting married",
    "est enceinte": "is pregnant", "déménage": "is moving", "si sposa": "is getting married",
    "si sposano": "are getting married", "è incinta": "is pregnant", "heiratet": "is getting married",
    "ist schwanger": "is pregnant",
}  # fmt: skip
_MIXED_IN_RE = re.compile(
    r"(?P<name>\b(?-i:[A-Z])[\w-]*\s+)(?P<verb>"
    + "|".join(sorted((re.escape(v) for v in _MIXED_IN), key=len, reverse=True))
    + r")(?!\w)",
    re.IGNORECASE,
)

# The event a sentence tells of, by its verb, and the name the next sentence gives it.
_EVENTS = (
    (r"(?:is|are) getting married|(?:is|are) marrying|(?:is|are) engaged", "wedding"),
    (r"(?:is|are) graduating", "graduation"),
    (r"(?:is|are) retiring", "retirement"),
    (r"(?:is|are) (?:pregnant|expecting)|(?:is|are) having a baby", "baby"),
)
# One named person (a capitalised word, or two) right before the event's verb.
_NAME = r"(?-i:[A-ZÀ-Þ])[^\W\d_]+"
_WHO = rf"(?P<who>{_NAME}(?:\s+{_NAME})?)"
_TOLD_RE = [(re.compile(rf"\b{_WHO}\s+(?:{verb})\b", re.I), name) for verb, name in _EVENTS]
_NAMED_RE = re.compile(r"^(?P<lead>\s*)the\s+(?P<event>\w+)\b(?=\s+(?:is|was|will|'s)\b)", re.I)


def in_english(text: str) -> str:
    """`text` with a life event's verb in another language after a name read in English ("Javi se casa" →
    "Javi is getting married")."""
    return _MIXED_IN_RE.sub(lambda m: m.group("name") + _MIXED_IN[m.group("verb").lower()], text)


def whose_event(part: str, before: str | None) -> str:
    """`part` opening "the wedding is ..." right after a sentence telling of one named person's wedding →
    "Javi's wedding is ..."; `part` as it was otherwise."""
    found = _NAMED_RE.match(part)
    if found is None or not before:
        return part
    event = found.group("event").lower()
    told = [m.group("who") for pattern, name in _TOLD_RE if name == event for m in pattern.finditer(before)]
    if len(set(told)) != 1:
        return part
    return f"{found.group('lead')}{told[0]}'s {event}{part[found.end() :]}"
