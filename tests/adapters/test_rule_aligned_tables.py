"""A listing whose columns are lined up with spaces under a header line (a bank's debits, a command's table)
is read as records, as a JSON listing or a pipe table is; prose with a double space is not."""

from __future__ import annotations

from reverie.adapters.local.rules.records import read_records

LISTING = """\
NAME            VERSION   LAST CHECKED
hall boiler     2.4.1     3 Feb 2026
garage charger  1.9       12 Jan 2026
"""


def test_columns_lined_up_with_spaces_are_records() -> None:
    # GIVEN a device listing printed with aligned columns
    records = read_records(LISTING)
    # THEN each row is a record of its named thing, one fact per column
    assert records is not None
    said = [[f.statement for f in fields] for fields in records]
    assert said == [
        ["hall boiler's last checked: 3 Feb 2026"],
        ["garage charger's last checked: 12 Jan 2026"],
    ]
    assert records[0][0].key == "hall_boiler.last_checked"


def test_a_row_that_does_not_line_up_is_no_table() -> None:
    # GIVEN rows that split into fewer cells than the header names, or a header that is a sentence
    ragged = "item  qty  price\nbolts  40\nnuts  25  £3"
    prose = "We went out to see  the lights in town.\nIt was lovely  and cold."
    # THEN neither is read as records (prose stays prose)
    assert read_records(ragged) is None
    assert read_records(prose) is None
