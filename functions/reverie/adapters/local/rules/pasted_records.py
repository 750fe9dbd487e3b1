"""A record the user pastes as JSON (an export from an app, a system's profile of them), read as a tool's
record is (`records`): each field one fact about what the record is of, with the record's slot, so that
another system's later reading of the same field replaces it, or disputes it.

    Here's my profile export from TrainerRoad:
    {"athlete": "Marta", "ftp_w": 262, "weight_kg": 61}

reads as "Marta's ftp: 262 W." (slot `marta.ftp`) and "Marta's weight: 61 kg."; the line that hands it over
("Here's my profile export from TrainerRoad:", "my garmin stats") announces it and says nothing of its own. A record that names
no one is of the speaker when the line before it says it is theirs ("my profile", "our account"). Prose with
braces in it, or JSON that does not parse, is left to be read as words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from reverie.adapters.local.rules.records import Field, read_records

_BLOCK_START_RE = re.compile(r"^[ \t]*[{\[]", re.M)
# The line handing the record over: it ends with a colon, or is a short title with no sentence's end.
_LEAD_IN_RE = re.compile(r"^(?:.*:|[^.!?]{1,60})$")
_OWN_RE = re.compile(r"\b(?:my|our|mine)\b", re.I)
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class PastedRecord:
    """The facts of the records pasted, the message without them, and the line that handed them over."""

    fields: list[Field]
    text: str
    lead_in: str | None


def pasted_record(text: str, speaker: str) -> PastedRecord | None:
    """The JSON record(s) pasted in `text` by `speaker`, or None when it pastes none that reads."""
    for start in _BLOCK_START_RE.finditer(text):
        at = start.end() - 1
        try:
            parsed, end = _DECODER.raw_decode(text, at)
        except ValueError:
            continue
        if not isinstance(parsed, dict | list):
            continue
        before, after = text[: start.start()].rstrip(), text[end:].strip()
        lines = before.splitlines()
        lead_in = lines[-1].strip() if lines and _LEAD_IN_RE.match(lines[-1].strip()) else None
        own = speaker if lead_in and _OWN_RE.search(lead_in) else None
        records = read_records(json.dumps(parsed), default_subject=own) or []
        fields = [f for record in records for f in record]
        if not fields:
            return None
        kept = "\n".join(lines[:-1] if lead_in else lines)
        return PastedRecord(fields, "\n".join(p for p in (kept, after) if p.strip()), lead_in)
    return None
