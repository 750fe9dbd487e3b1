"""A thing's values given under its name, as a form or a note is typed: "opening hours for the website:
weekdays 7:30 to 3, Saturdays 8 to 1, closed Sundays", "bin days: general waste Tuesday, recycling every
other Friday". No verb states them, yet the line says what the thing is: kept as "<label>: <values>."

The label is a short noun phrase (no pronoun, no verb of being) and what follows the colon gives values, at
least one of them a number or a time. Not one: a task after a colon ("Reminder: call the vet at 3"), a label
that scopes a rule ("From now on: ...") or a statement after it (those the sentence rules read).

Values said in words, a short list of them ("notes format: bullet points, no full sentences, abbreviations
fine"), are read as the sentence the colon stands for (`label_said`: "notes format is bullet points, ...")
before the sentence rules read it; a plain noun label is needed (no function word: "things to pack: ..." is
a list to act on) and no value may state anything itself.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType
from reverie.domain.text import STOP_WORDS

MAX_LABEL_WORDS = 6
MAX_VALUE_WORDS = 8
_LINE_RE = re.compile(r"^(?P<label>[A-Za-z][A-Za-z' -]{1,60}):\s+(?P<rest>\S.*)$", re.S)
# A label that is a clause or a marker, not the name of a thing ("Next up:", "Plan:" announce a task: a plan's
# rules read it).
_NOT_A_THING_RE = re.compile(
    r"\b(?:i|i'm|we|we're|you|he|she|they|it|it's|is|are|was|were|am|reminder|remind|note|todo|to-do|task|"
    r"question|update|ps|fyi|now|today|tonight|tomorrow|from|until|next|plan|plans|agenda)\b",
    re.I,
)
_NUMBER_RE = re.compile(r"\d")
_PLAIN_LABEL_RE = re.compile(r"^(?P<label>[A-Za-z][a-z'-]*(?:\s[a-z][a-z'-]*){0,3}):\s+(?P<rest>[^:]+)$")
# A value that says something itself: a subject or a verb of being or having in it.
_CLAUSE_RE = re.compile(
    r"^(?:i|we|you|he|she|they|it|my|our|your|his|her|their|this|that)\b|\b(?:is|are|was|were|has|have|had|will|"
    r"can|must|should|i'm|it's|we're)\b",
    re.I,
)


# One's favourite of a kind given under its label: "New favourite restaurant: Kiln in Soho", "Fave film: Heat".
_FAVOURITE_LABEL_RE = re.compile(
    r"^(?:(?:new|current)\s+)?(?P<label>(?:favourite|favorite|fave|go-to)\s+[a-z][\w -]{1,30}?):\s+(?P<rest>\S.*)$",
    re.I | re.S,
)


def label_said(sentence: str) -> str:
    """`sentence` with the colon after a plain label read as "is" (or "are") when a short list of values said
    in words follows it (see the module docstring), or after one's favourite of a kind ("my favourite restaurant
    is Kiln in Soho"); as typed otherwise."""
    if favourite := _FAVOURITE_LABEL_RE.match(sentence.strip()):
        return f"My {favourite.group('label').lower()} is {favourite.group('rest')}"
    line = _PLAIN_LABEL_RE.match(sentence.strip())
    if line is None:
        return sentence
    label, rest = line.group("label"), line.group("rest")
    values = [v.strip() for v in re.split(r",\s+|;\s+", rest.rstrip(".!")) if v.strip()]
    if (
        len(values) < 2
        or _NUMBER_RE.search(rest)
        or _NOT_A_THING_RE.search(label)
        or any(w.lower() in STOP_WORDS for w in label.split())
        or IMPERATIVE_RE.match(rest)
        or any(len(v.split()) > MAX_VALUE_WORDS or _CLAUSE_RE.search(v) for v in values)
    ):
        return sentence
    head = label.split()[-1].lower()
    verb = "are" if head.endswith("s") and not head.endswith(("ss", "us", "is")) else "is"
    return f"{label} {verb} {rest}"


def labelled_values(sentence: str, who: Speaker) -> Statement | None:
    """The values a line gives under a thing's name (see the module docstring), or None."""
    line = _LINE_RE.match(sentence.strip())
    if line is None:
        return None
    label, rest = line.group("label").strip(), line.group("rest").strip().rstrip(".!")
    values = [v.strip() for v in re.split(r",\s+|;\s+", rest) if v.strip()]
    if (
        len(label.split()) > MAX_LABEL_WORDS
        or _NOT_A_THING_RE.search(label)
        or IMPERATIVE_RE.match(rest)
        or not _NUMBER_RE.search(rest)
        or any(len(v.split()) > MAX_VALUE_WORDS for v in values)
    ):
        return None
    text = f"{label[:1].upper()}{label[1:]}: {', '.join(values)}"
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )
