"""A label read as one line of cells: what a photo's text recognition gives for a pill box, a parcel or a
shelf tag ("CITY PHARMACY | Mr A Example | IBUPROFEN 200MG TABLETS | Take ONE tablet THREE times a day |
24 tablets"). No header names its columns, so `records` cannot read it as a table; it is still a record,
kept in its own words: its first cell as its title, the others after it ("City Pharmacy: Mr A Example;
Ibuprofen 200 mg Tablets; Take one tablet three times a day; 24 tablets.").

Shouted capitals are how labels are printed, not what they say: a cell all in capitals is read title-cased,
a word in capitals inside a cell in lower case; "200MG" is "200 mg".
"""

from __future__ import annotations

import re

MIN_CELLS = 3  # "Name | value" is a pair, not a label
MAX_CELLS = 10
MIN_NAMED = 2  # cells opening with a capital: a label names its maker, its holder, its item
MAX_CELL_WORDS = 12  # a cell is a label's field, never a paragraph
_NUMBER_UNIT_RE = re.compile(r"\b(\d+(?:\.\d+)?)(MG|MCG|ML|G|KG|IU)\b")
_SHOUTED_RE = re.compile(r"\b[A-Z]{2,}\b")
_UNITS = frozenset("mg mcg ml g kg iu".split())


def _spoken(cell: str) -> str:
    """`cell` without the label's capitals ("METFORMIN 500MG TABLETS" → "Metformin 500 mg Tablets")."""
    words = _NUMBER_UNIT_RE.sub(lambda m: f"{m.group(1)} {m.group(2).lower()}", cell).split()
    named = [w for w in words if w.isalpha() and w not in _UNITS]
    if named and all(w.isupper() for w in named):  # the whole cell shouted: a name or a heading
        return " ".join(w.capitalize() if w in named else w for w in words)
    return _SHOUTED_RE.sub(lambda m: m.group(0).lower(), " ".join(words))


def label_line(text: str) -> str | None:
    """A one-line label of pipe-separated cells as one statement (see the module); None for anything else."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) != 1:
        return None
    cells = [c.strip() for c in lines[0].strip().strip("|").split("|")]
    if not MIN_CELLS <= len(cells) <= MAX_CELLS or any(
        not c or len(c.split()) > MAX_CELL_WORDS or not re.search(r"[A-Za-z]", c) for c in cells
    ):
        return None
    if sum(c[:1].isupper() for c in cells) < MIN_NAMED:  # "ok | done | 3 files": a machine's status
        return None
    head, *rest = (_spoken(c) for c in cells)
    return f"{head}: {'; '.join(rest)}."
