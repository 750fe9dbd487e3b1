"""A machine timestamp in a record's field said as people say it: "2026-12-09T10:00:00Z" → "9 December 2026
at 10:00 UTC".

A system of record writes when in ISO 8601 with a time ("start": "2026-12-09T10:00:00Z"); nobody says it so,
and nobody asks for it so ("when is the inspection?" is answered "9 December at 10:00"). A field's value that
is such a timestamp alone is stored in words: the day as `domain.text.human_date` writes it, the time of
day as written (seconds left out when they are zero), and the zone as given (a "Z" is UTC, an offset is
kept). A date without a time ("2026-05-11") is left as written, and so is anything else; what the agent must
say for such a date to have been told is the day in words (`spoken_date`: "11 May 2026"), as people say it.
"""

from __future__ import annotations

import re
from datetime import datetime

from reverie.domain.text import human_date

_DATE_ONLY_RE = re.compile(r"^\d{4}-\d\d-\d\d$")
_TIMESTAMP_RE = re.compile(
    r"^(?P<day>\d{4}-\d\d-\d\d)[T ](?P<hm>\d\d:\d\d)(?::(?P<s>\d\d)(?:\.\d+)?)?"
    r"(?P<zone>Z|[+-]\d\d:?\d\d)?$"
)


def spoken_timestamp(value: str) -> str:
    """`value` in words when it is an ISO 8601 timestamp with a time of day, else `value` unchanged."""
    found = _TIMESTAMP_RE.match(value.strip())
    if found is None:
        return value
    try:
        day = datetime.fromisoformat(found.group("day"))
    except ValueError:  # "2026-02-30T10:00"
        return value
    time = found.group("hm") + (f":{found.group('s')}" if found.group("s") not in (None, "00") else "")
    zone = found.group("zone")
    said = f"{human_date(day)} at {time}"
    return said + (" UTC" if zone == "Z" else f" {zone}" if zone else "")


def spoken_date(value: str) -> str | None:
    """A date without a time in words ("2026-08-31" → "31 August 2026"); None for anything else."""
    if not _DATE_ONLY_RE.match(value.strip()):
        return None
    try:
        return human_date(datetime.fromisoformat(value.strip()))
    except ValueError:  # "2026-02-30"
        return None
