"""A record's history: a list of dated entries nested in a record ("history", "visits", "services": each
`{"date": "2023-05-11", "mileage": 88400, "work": "timing belt replaced"}`), as a garage's, a vet's or a
clinic's system keeps it. Each entry is a dated fact about what the record is of, in its own words: when,
then what was done, its other fields in brackets ("Honda Jazz's history on 11 May 2023: timing belt
replaced (mileage 88400)"). An entry is told when the agent repeats what was done and when.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.domain.text import human_date

MAX_ENTRIES = 6  # a long history is not mined: its first entries
MAX_TEXT_CHARS = 160
_DATE_RE = re.compile(r"^(20\d\d|19\d\d)-(\d\d)-(\d\d)(?:[T ][\d:.]+Z?)?$")
_DATE_FIELD_RE = re.compile(
    r"^(?:date|day|on|when|done_on|date_done|performed_on|visit_date|service_date)$", re.I
)


@dataclass(frozen=True)
class Entry:
    """One dated entry of a history."""

    when: str  # "11 May 2023"
    day: str  # "2023-05-11": the entry's identity within its history
    what: str  # what was done, its other fields in brackets
    told: str  # what the agent must repeat for the entry to have been told


def _day(value: Any) -> datetime | None:
    found = _DATE_RE.match(value.strip()) if isinstance(value, str) else None
    if found is None:
        return None
    try:
        return datetime(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None


def _entry(item: Any, label: Callable[[str], str]) -> Entry | None:
    if not isinstance(item, dict):
        return None
    dated = [(k, d) for k, v in item.items() if _DATE_FIELD_RE.match(str(k)) and (d := _day(v)) is not None]
    texts = [(k, " ".join(v.split())) for k, v in item.items() if isinstance(v, str) and _day(v) is None]
    texts = [(k, v) for k, v in texts if re.search(r"[a-z]{3}", v)]  # words, not a code
    if len(dated) != 1 or not texts:
        return None
    field, day = dated[0]
    main_field, main = max(texts, key=lambda kv: len(kv[1]))
    rest = [
        f"{label(k)} {v}"
        for k, v in item.items()
        if k not in (field, main_field) and isinstance(v, int | float | str) and not isinstance(v, bool)
    ]
    what = (f"{main} ({', '.join(str(r) for r in rest)})" if rest else main)[:MAX_TEXT_CHARS]
    when = human_date(day)
    return Entry(when=when, day=day.date().isoformat(), what=what, told=f"{main} {when}")


def history(value: Any, label: Callable[[str], str]) -> list[Entry] | None:
    """The entries of a field's value when it is a history (a list of dated entries, see the module), else
    None. `label` puts a field's name in words."""
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        return None
    entries = [_entry(item, label) for item in value[:MAX_ENTRIES]]
    if any(e is None for e in entries):
        return None
    return [e for e in entries if e is not None]
