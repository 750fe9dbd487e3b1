"""A block of settings pasted as YAML, one field a line: a list under a key read as that key's value, and the
block's title comment as whose settings they are.

    # blockhaven server
    host: hetzner CX32 (Falkenstein)
    ops:
      - rohan
      - dervla

reads as "blockhaven server host: hetzner CX32 (Falkenstein)." (`labelled_values` keeps it) and "The
blockhaven server ops are rohan and dervla.": each field a line of its own that names its thing, the list no
longer a key with nothing after it and bullets that say nothing alone. A block is a run of two or more "key: value" lines
(a YAML fence around it or not); its title is a comment line just above its first field. Nested mappings and
prose are left as they were.
"""

from __future__ import annotations

import re

_FIELD_RE = re.compile(r"^(?P<indent>[ \t]*)(?P<key>[A-Za-z_][\w.-]{0,40}):[ \t]*(?P<value>\S.*)?$")
_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)-[ \t]+(?P<item>\S.*)$")
_TITLE_RE = re.compile(r"^[ \t]*#[ \t]*(?P<title>[^#\n]{2,60}?)[ \t]*$")
_FENCE_RE = re.compile(r"^[ \t]*```")
MIN_FIELDS = 2


def _fields(lines: list[str], start: int) -> tuple[list[tuple[str, str | list[str]]], int]:
    """The (key, value) fields of the block from `start` (a key with a list under it: its items), and
    where the block ends; no fields when a line in it is neither a field nor an item of one."""
    fields: list[tuple[str, str | list[str]]] = []
    n = start
    while n < len(lines):
        found = _FIELD_RE.match(lines[n])
        if found is None or found.group("indent"):
            break
        key, value = found.group("key"), (found.group("value") or "").strip()
        field: str | list[str] = value
        n += 1
        if not value:  # "ops:" then "  - rohan", "  - dervla"
            items: list[str] = []
            while n < len(lines) and (item := _ITEM_RE.match(lines[n])):
                items.append(item.group("item").strip().strip("\"'"))
                n += 1
            if not items:
                return [], n  # a nested mapping or an empty key: not a flat block
            field = items
        fields.append((key, field))
    return fields, n


def read_config_blocks(text: str) -> str:
    """`text` with each flat YAML block written as one line per field, each named by the block's title."""
    lines = text.split("\n")
    out: list[str] = []
    n = 0
    while n < len(lines):
        title = _TITLE_RE.match(lines[n])
        start = n + 1 if title else n
        fields, end = _fields(lines, start) if start < len(lines) else ([], start)
        if len(fields) < MIN_FIELDS or not any(_ITEM_RE.match(line) for line in lines[start:end]):
            out.append(lines[n])  # nothing of this block's needs reading apart
            n += 1
            continue
        owner = f"{title.group('title')} " if title else ""
        out.extend(_field(owner, key, value) for key, value in fields)
        n = end
    return "\n".join(out)


def _field(owner: str, key: str, value: str | list[str]) -> str:
    """One field as a line of its own: "<owner> host: hetzner CX32.", a list as what the field's items are
    ("The blockhaven server ops are rohan and dervla.")."""
    if isinstance(value, str):
        return f"{owner}{key}: {value}."
    items = value[0] if len(value) == 1 else f"{', '.join(value[:-1])} and {value[-1]}"
    return f"The {owner}{key} {'is' if len(value) == 1 else 'are'} {items}."
