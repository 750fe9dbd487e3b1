"""A record's timestamp field is stored in words ("2027-01-15T08:30:00Z" → "15 January 2027 at 08:30 UTC");
a bare date, a malformed one, or any other value is left as written."""

from __future__ import annotations

from reverie.adapters.local.rules.records import record_fields
from reverie.adapters.local.rules.timestamps import spoken_timestamp


def test_a_timestamp_is_said_as_a_day_a_time_and_its_zone() -> None:
    assert spoken_timestamp("2027-01-15T08:30:00Z") == "15 January 2027 at 08:30 UTC"
    assert spoken_timestamp("2027-01-15T08:30:45+01:00") == "15 January 2027 at 08:30:45 +01:00"
    assert spoken_timestamp("2027-01-15 19:05") == "15 January 2027 at 19:05"


def test_dates_without_a_time_and_other_values_are_left_as_written() -> None:
    for value in ("2027-01-15", "2027-02-30T10:00:00Z", "v2027-01-15T08:30", "ready at 08:30"):
        assert spoken_timestamp(value) == value


def test_a_calendar_record_s_start_reads_as_a_day() -> None:
    [start] = [f for f in record_fields({"title": "Boiler service", "start": "2027-01-15T08:30:00Z"})]
    assert start.statement == "Boiler service's start: 15 January 2027 at 08:30 UTC"
