"""What people wrote inside a record: an issue's comments, a ticket's notes, a thread's replies, a product's
reviews. A record's fields are its facts (`records`); the entries of a list it carries, each with a text body
and an author, are a conversation about what the record names ("Fixed by updating the driver to 2.4." under
"Printer drops jobs over Wi-Fi"), read as a document is: its sentences under the record's name, an entry that
steers the agent kept apart as its instruction (`untrusted`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from reverie.adapters.local.rules.records import MAX_RECORDS, record_name

MAX_ENTRIES = 30  # a long thread is not mined: its first entries
# The field of an entry that holds what its author wrote.
_BODY_FIELDS = ("body", "text", "content", "comment", "message", "note", "review", "reply")


def _body(entry: dict[str, Any]) -> str | None:
    lowered = {k.lower(): v for k, v in entry.items()}
    for field in _BODY_FIELDS:
        value = lowered.get(field)
        if isinstance(value, str) and value.strip():
            text = " ".join(value.split())
            return text if text[-1] in ".!?" else f"{text}."  # one entry ends where the next begins
    return None


def _written(record: dict[str, Any]) -> str | None:
    """The bodies of the entries of a list `record` carries, one a line; None when it carries none."""
    bodies = [
        body
        for value in record.values()
        if isinstance(value, list)
        for entry in value[:MAX_ENTRIES]
        if isinstance(entry, dict) and (body := _body(entry)) is not None
    ]
    return "\n".join(bodies) or None


def threads(output: str) -> Iterator[tuple[str, str]]:
    """(what a record is named, what was written in it) for each named record of a JSON output that carries
    written entries."""
    try:
        parsed = json.loads(output)
    except ValueError:
        return
    found = parsed if isinstance(parsed, list) else [parsed]
    for record in found[:MAX_RECORDS]:
        if not isinstance(record, dict):
            continue
        name, text = record_name(record), _written(record)
        if name and text:
            yield name, text
