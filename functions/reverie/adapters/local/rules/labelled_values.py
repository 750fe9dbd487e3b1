"""A thing's values given under its name, as a form or a note is typed: "opening hours for the website:
weekdays 7:30 to 3, Saturdays 8 to 1, closed Sundays", "bin days: general waste Tuesday, recycling every
other Friday". No verb states them, yet the line says what the thing is: kept as "<label>: <values>."

The label is a short noun phrase (no pronoun, no verb of being) and what follows the colon gives values, at
least one of them a number or a time. Not one: a task after a colon ("Reminder: call the vet at 3"), a label
that scopes a rule ("From now on: ...") or a statement after it (those the sentence rules read).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

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
