"""A record told as one line: a thing named by its label, then its fields, comma after comma.

People setting up a tracker, a ledger or a list tell the agent a row of it the way they would type it:
"Plot 7, holder Mrs Achebe, fee is £45 a year, renewal due 1 March", "Flat 3A, tenant Ms Ferreira, rent
£950 a month, deposit held by the DPS". No subject and verb open it, so no sentence rule reads it, yet it is
a standing fact of the speaker's affairs: kept as the record, its label first ("Plot 7: holder Mrs Achebe,
fee is £45 a year, renewal due 1 March.").

A label is a word and an identifier with a digit ("Plot 7", "Room 101", "Order 4471"); a field is a
lower-case name and its value, with or without "is" ("holder Mrs Achebe", "fee is £45"), the value
holding a number, a name or an amount. Two fields at least: "Room 12, please" or "Table 4, two coffees and
a tea" are no record.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

MIN_FIELDS = 2
MAX_FIELD_WORDS = 8
# "Plot 7", "Flat 3A", "Order #4471": a capitalised word and an identifier holding a digit.
_LABEL_RE = re.compile(r"^(?P<label>[A-Z][a-z]+\s+#?[A-Za-z]*\d[\w/-]*)$")
# "holder Mrs Achebe", "fee is £45 a year", "due on the 1st": a lower-case field name, maybe "is", its value.
_FIELD_RE = re.compile(r"^[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:(?:is|are|:)\s+)?\S")
# A value: a number, an amount, a name ("Mrs Achebe").
_VALUE_RE = re.compile(r"\d|[£$€¥₹]|\b[A-Z][a-z]")


def record_line(sentence: str, who: Speaker) -> Statement | None:
    """The record a line gives (see the module docstring), or None when it is no such line."""
    parts = [p.strip() for p in re.split(r",\s+", sentence.strip().rstrip(".!"))]  # not "£1,205"
    head, fields = parts[0], parts[1:]
    label = _LABEL_RE.match(head)
    if label is None or len(fields) < MIN_FIELDS:
        return None
    for field in fields:
        if (
            not _FIELD_RE.match(field)
            or len(field.split()) > MAX_FIELD_WORDS
            or not _VALUE_RE.search(field.split(None, 1)[1])
        ):
            return None
    text = f"{label.group('label')}: {', '.join(fields)}"
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )
