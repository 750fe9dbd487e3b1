"""A record kept about someone is named by its role field ('pupil', 'patient'), not by a party it names (an
order's customer), and a field
whose value is prose (a technician's notes) has been told when the agent repeats a share of it."""

from __future__ import annotations

import json

from reverie.adapters.local.rules.answers import numbers
from reverie.adapters.local.rules.outputs import canonical, read_output
from reverie.adapters.local.rules.records import read_records
from reverie.domain.restatement import terms

RECORD = json.dumps(
    {
        "pupil": "Halima Ito",
        "class": "5B",
        "teacher": "Sam Reyes",
        "notes": "Reading is up to level 12. Practise the 7 times table daily for 3 months. Behaviour is fine.",
    }
)


def told(reply: str) -> dict[str, bool]:
    said = canonical(terms(reply)) | numbers(reply)
    facts, _ = read_output(RECORD)
    return {f.statement.split(":")[0]: f.told(said) for f in facts}


def test_a_record_is_named_by_whom_a_service_keeps_it_about() -> None:
    (fields,) = read_records(RECORD) or [[]]
    assert {f.key for f in fields} >= {"halima_ito.notes", "halima_ito.class"}
    order = {
        "order_id": "A-118",
        "customer": "Halima Ito",
        "total": "£42.50",
        "notes": "Leave it. By the door.",
    }
    assert read_records(json.dumps(order)) == []


def test_prose_field_is_told_by_a_share_and_a_short_field_only_whole() -> None:
    reply = "Mr Reyes says Halima's reading is at level 12 and she should practise the 7 times table for 3 months."
    got = told(reply)
    assert got["Halima Ito's notes"] is True
    assert got["Halima Ito's teacher"] is False  # 'Mr Reyes' is not all of 'Sam Reyes'
    assert told("The school sent Halima's report.")["Halima Ito's notes"] is False
