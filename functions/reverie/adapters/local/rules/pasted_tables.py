"""A table the user pastes as comma-separated values, its header first:

    sku,item,price_gbp,stock
    MUG-07,teak-handled mug,18.00,24

reads as one line a row, named by the row's name column: "teak-handled mug: sku MUG-07, price £18.00, stock
24." (`labelled_values` keeps it). One row is one idea (a thing and its values), so a later paste of the same
row with a new price replaces the card the old row became, and two rows are never one card. A column named
with a currency code ("price_gbp", "cost_usd") gives its amounts in that currency.

A block is an export when its header is a run of column names joined by bare commas (no space after them,
as a spreadsheet writes them; at least three columns) and every row under it has as many cells. Commas in
prose ("eggs, milk, bread") are followed by a space and are no table.
"""

from __future__ import annotations

import csv
import re

from reverie.adapters.local.rules.records import MAX_RECORDS, record_name, with_unit

MIN_COLUMNS = 3
# A column's name: a word or two, snake_case or spaced, no digit ("price_gbp", "Item", "unit cost").
_COLUMN_RE = re.compile(r"^[A-Za-z][A-Za-z_ -]{0,30}$")
# A name in words, not a code ("MUG-07").
_WORDS_RE = re.compile(r"^[A-Za-z][a-z'-]+(?:\s+[A-Za-z][a-z'-]*)*$")


def _cells(line: str) -> list[str]:
    """The line's cells; none when it is no CSV row (a stray carriage return, an unclosed quote's end)."""
    try:
        return [cell.strip() for cell in next(csv.reader([line]), [])]
    except csv.Error:
        return []


def _header(line: str) -> list[str] | None:
    """The column names when `line` is an export's header, else None."""
    if ", " in line or line.count(",") < MIN_COLUMNS - 1:
        return None
    cells = _cells(line)
    return cells if cells and all(_COLUMN_RE.match(c) for c in cells) else None


def _field(column: str, value: str) -> str:
    """One cell as "<column in words> <value>", a currency column's amount with its symbol, a unit column's
    number with its unit (`records.with_unit`)."""
    return " ".join(with_unit(column, value))


def _row(header: list[str], cells: list[str]) -> str | None:
    """A row as the line it stands for: its name, then its other cells, column by column."""
    row = dict(zip(header, cells, strict=True))
    name = record_name(row) or next((c for c in cells if _WORDS_RE.match(c)), None)
    fields = [_field(column, value) for column, value in row.items() if value and value != name]
    if not name or not fields:
        return None
    # "the speckled ramen bowl": a thing named in lower case takes its article ("speckled ..." reads as a verb)
    return f"{'The ' if name[:1].islower() else ''}{name}: {', '.join(fields)}."


def read_pasted_tables(text: str) -> str:
    """`text` with each comma-separated table in it (see the module docstring) told row by row."""
    lines = text.split("\n")
    out: list[str] = []
    n = 0
    while n < len(lines):
        header = _header(lines[n].strip())
        rows: list[list[str]] = []
        end = n + 1
        while header and end < len(lines) and lines[end].strip():
            cells = _cells(lines[end].strip())
            if len(cells) != len(header):
                break
            rows.append(cells)
            end += 1
        if header is None or not rows:
            out.append(lines[n])
            n += 1
            continue
        out.extend(line for cells in rows[:MAX_RECORDS] if (line := _row(header, cells)))
        n = end
    return "\n".join(out)
