"""A note line of when a thing is due ("boiler service due 03/11/2026") is kept as the fact it stands for."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.due_notes import due_line
from reverie.adapters.local.rules.remarks import classify
from reverie.adapters.local.rules.statement_types import Speaker, Statement

WHO = Speaker(name="user", subject="user", ts=datetime(2026, 3, 1, tzinfo=UTC), to_agent=True)


def test_a_verbless_due_line_reads_as_the_sentence_it_stands_for() -> None:
    # GIVEN lines from a pasted note
    # THEN each says when its thing is due
    assert due_line("boiler service due 03/11/2026") == "The boiler service is due 03/11/2026."
    assert due_line("Car tax due by 1 October") == "The car tax is due by 1 October."


def test_the_due_line_is_kept_as_a_fact() -> None:
    # GIVEN the line said to the agent
    kept = classify("boiler service due 03/11/2026", WHO)
    # THEN it is kept, with its date
    assert isinstance(kept, Statement)
    assert "03/11/2026" in kept.text


def test_a_line_with_no_date_or_about_a_person_is_no_due_note() -> None:
    # GIVEN lines that give no date, or whose subject is a person
    # THEN none reads as a due note
    assert due_line("essay due soon") is None
    assert due_line("she is due 03/11/2026") is None
    assert due_line("we due 4 May") is None
