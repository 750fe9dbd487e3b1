"""A nested record's end date ("to", "end_date", "valid_until") is told as "until <date>", so a fact read from
it stops holding when the record says; a field named like an end whose value is no date keeps its own name."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from reverie.adapters.local.rules.records import read_records
from reverie.domain.validity import valid_until

NOW = datetime(2026, 4, 10, 14, 0, tzinfo=UTC)


def _statements(record: dict[str, object]) -> list[str]:
    found = read_records(json.dumps(record))
    assert found is not None
    return [f.statement for fields in found for f in fields]


def test_a_secondments_end_date_is_told_as_until_and_ends_the_fact() -> None:
    # GIVEN a staff record with a secondment running to a stated end date
    record = {
        "employee": "Marta Lindqvist",
        "grade": "Lecturer",
        "secondment": {"name": "Deputy Head of School", "start_date": "2026-03-01", "end_date": "2026-05-31"},
    }
    # WHEN its fields are read as facts
    statements = _statements(record)
    # THEN the secondment ends "until" its end date, and that is when the fact stops holding
    secondment = next(s for s in statements if "Deputy Head" in s)
    assert "until 2026-05-31" in secondment
    assert valid_until(secondment, NOW) == datetime(2026, 6, 1, tzinfo=UTC)
    grade = next(s for s in statements if "Lecturer" in s)
    assert valid_until(grade, NOW) is None


def test_a_camel_case_valid_to_reads_as_an_end_too() -> None:
    record = {"name": "Harbour Café", "offer": {"title": "Two-for-one lunch", "validTo": "2026-04-30"}}
    assert any("until 2026-04-30" in s for s in _statements(record))


def test_a_destination_named_to_is_no_end_date() -> None:
    # GIVEN a booking whose nested leg goes "to" a place, not a date
    record = {"name": "Booking for Tomás", "leg": {"name": "Ferry", "to": "Santander", "from": "Plymouth"}}
    # WHEN read, THEN the place keeps its own word and says no validity
    leg = next(s for s in _statements(record) if "Ferry" in s)
    assert "to Santander" in leg and "until" not in leg
    assert valid_until(leg, NOW) is None
