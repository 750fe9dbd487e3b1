"""A correction said the other way round: the value denied first, then the one given — "the dentist isn't on
Tuesday, it's on Thursday", "our bank isn't Barclays at all, it's Monzo" — read as the contrast the rules know,
the value given then the one denied ("the dentist is on Thursday, not Tuesday").

Only where the denied value is a value (a number or time, a weekday, a month, a capitalised name) and the
second half restates it with "it's"/"they're" and the same preposition (or none on both sides) is the pair
turned; "it isn't fun, it's work" or "she isn't at home, it's at the office" stay as typed.
"""

from __future__ import annotations

import re

from reverie.domain.text import MONTH_NAME

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_MONTH = MONTH_NAME
_VALUE = rf"(?:[£$€]?\d[\w:/-]*(?:[.,]\d[\w:/-]*)*|(?i:{_DAY})|(?i:{_MONTH})|[A-Z][\w'-]*)"
# the denied value: a value, then more words of a name ("Ponds Forge", "St Mary's"), not a clause
_DENIED = rf"{_VALUE}(?:\s+(?:[A-Z][\w'-]*|\d[\w:.]*|(?i:{_DAY})))*"
_VERBS = {"isn't": "is", "is not": "is", "aren't": "are", "are not": "are", "wasn't": "was", "was not": "was"}
_RESTATED = {"is": r"it(?:'s|\s+is)", "are": r"they(?:'re|\s+are)", "was": r"it\s+was"}
_PREP = r"(?:at|in|on|with|from|to|for)"
_TURN_RE = re.compile(
    rf"\b(?P<verb>isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not)\s+(?:(?P<prep>{_PREP})\s+)?"
    rf"(?P<old>{_DENIED})(?:\s+at\s+all)?\s*[,;]\s*(?:but\s+)?(?P<again>it's|it\s+is|they're|they\s+are|it\s+was)\s+"
    rf"(?:(?P<prep2>{_PREP})\s+)?(?P<new>{_VALUE}[^,.;!?—–()]*?)(?=\s*(?:[,.;!?—–()]|\s-\s|$))"
)


def _turned(match: re.Match[str]) -> str:
    verb = _VERBS[re.sub(r"\s+", " ", match["verb"].lower())]
    if not re.fullmatch(_RESTATED[verb], match["again"], re.I):
        return match.group()
    if (match["prep"] or "").lower() != (match["prep2"] or "").lower():
        return match.group()
    prep = f"{match['prep']} " if match["prep"] else ""
    return f"{verb} {prep}{match['new'].rstrip()}, not {match['old']}"


# ... or the denied value alone, then the sentence that gives the right one: "Oops, not Derby, she lives in Derry"
# ("she lives in Derry, not Derby"); the sentence after must name a value of its own.
_NOT_FIRST_RE = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?:(?i:oops|whoops|sorry|no|correction)[,:!]?\s+)?(?i:not)\s+(?P<old>{_DENIED})\s*[,;]\s*"
    rf"(?P<said>(?i:he|she|they|it|we|i|my|our|his|her|their)\b[^.!?]*?\b{_VALUE}[^.!?]*?)(?P<end>[.!?]|$)"
)


def with_denied_turned(text: str) -> str:
    """`text` with each "isn't A, it's B" said as "is B, not A", and each "not A, <what is so>" as "<what is so>,
    not A" (see the module's docstring)."""
    text = _NOT_FIRST_RE.sub(lambda m: f"{m['said']}, not {m['old']}{m['end']}", text)
    return _TURN_RE.sub(_turned, text)
