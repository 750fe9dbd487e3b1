"""A correction said in two sentences, the wrong value first and the right one after: "You told me 5W-30 last
time, that's wrong. My Golf takes 0W-20", "Priya is NOT my lab partner, she just helped once. My lab partner
is Anneke". Read as the contrast the rules know, the right value with the one it denies ("My Golf takes
0W-20, not 5W-30", "My lab partner is Anneke, not Priya"), so that the merge replaces the card that holds the
wrong value (`value_swap`) and what was derived from it goes with it.

The wrong value is what someone was told or noted ("you told me X ..., that's wrong / not right") or what is
said not to be the speaker's own thing ("X is not my lab partner"); the right one is the next sentence's
first value of the same kind (a number-like value for a number-like one, a name for a name), and for "X is
not my <thing>" the next sentence must name the same thing ("My lab partner is ..."). Anything else stays
as typed: "Priya is not my lab partner. She's in year 2." gives no right value. "You've got my dog's name wrong,
he's called Rex, not Max" says the right value of the thing got wrong: "My dog is called Rex, not Max".
"""

from __future__ import annotations

import re

_NUMBERISH = r"[£$€]?\d[\w:/.-]*\w|[£$€]?\d"
_NAME = r"(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)*"
_VALUE = rf"(?:{_NUMBERISH}|{_NAME})"
_TOLD_RE = re.compile(
    rf"\b(?:you|u)\s+(?:told|said|noted|wrote|put|gave|had)\s+(?:me\s+|down\s+|it\s+down\s+as\s+)?(?P<old>{_VALUE})"
    r"(?:\s+(?:last\s+time|before|earlier|yesterday|the\s+other\s+day))?\s*[,;:–—-]\s*(?:but\s+)?"
    r"(?:that's|that\s+is|that\s+was|which\s+is|it's|it\s+is)\s+(?:wrong|not\s+right|incorrect|a\s+mistake)[^.!?]*[.!?]+\s+"
    r"(?P<right>[^.!?]+(?:\.\d[^.!?]*)*[.!?]?)",
    re.I,
)
_NOT_MINE_RE = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?P<old>{_NAME})\s+(?:is|was)\s+(?i:not)\s+(?i:(?P<owner>my|our))\s+(?P<thing>[a-z][\w -]*?)"
    r"(?=[,;.!?]|\s+[–—-])[^.!?]*[.!?]+\s+(?P<right>[^.!?]+[.!?]?)"
)


def _with_not(right: str, old: str, after: int = 0) -> str | None:
    """`right` with ", not <old>" after its first value of `old`'s kind from `after`; None if it has none."""
    kind = _NUMBERISH if re.fullmatch(_NUMBERISH, old) else _NAME
    for found in re.finditer(kind, right[after:]):
        value = found.group()
        if value.lower() != old.lower() and (kind == _NUMBERISH or found.start() + after > 0):
            end = after + found.end()
            return f"{right[:end]}, not {old}{right[end:]}"
    return None


def _told(found: re.Match[str]) -> str:
    right = found["right"]
    turned = _with_not(right, found["old"])
    return found.group() if turned is None else turned


def _not_mine(found: re.Match[str]) -> str:
    right = found["right"]
    head = re.match(rf"{found['owner']}\s+{re.escape(found['thing'])}\s+(?:is|are|was)\s+", right, re.I)
    turned = _with_not(right, found["old"], head.end()) if head else None
    return found.group() if turned is None else turned


# "You've got my dog's name wrong, he's called Rex, not Max": what was got wrong, then the right value; the
# right value says it all, and its subject ("my dog" as "he") is the thing named.
_GOT_WRONG_RE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:(?:sorry|no|oh|but)[,\s]+)?(?:you(?:'ve|\s+have)?|u)\s+(?:got|put|have)\s+"
    r"(?P<whose>my|our)\s+(?P<thing>[\w' -]{2,40}?)\s+wrong\s*[,;:.!–—-]+\s*(?P<right>(?:he|she|it|they)(?:'s|'re|\s+is|\s+are)\s+)",
    re.I,
)


def _got_wrong(found: re.Match[str]) -> str:
    """ "You've got my dog's name wrong, he's called Rex" → "My dog is called Rex": the thing's owner named."""
    thing = re.sub(r"'s\s+\w+$", "", found["thing"]).strip()  # "dog's name" → "dog"
    be = "are" if found["right"].lower().startswith("they") else "is"
    return f"{found['whose'].capitalize()} {thing} {be} "


def with_wrong_turned(text: str) -> str:
    """`text` with each wrong-then-right pair said as "<right value>, not <wrong value>" (see the module)."""
    text = _GOT_WRONG_RE.sub(_got_wrong, text)
    return _NOT_MINE_RE.sub(_not_mine, _TOLD_RE.sub(_told, text))
