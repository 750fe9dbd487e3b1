"""A pasted list under a topic heading whose bullets are labelled ("practice: Tuesdays, Court 2, 18:00",
"kit washing: Dmitri does it after every match") is read bullet by bullet as statements of their own: the
label is what its value is, or what the clause's "it" stands for. A label before a task, or a bullet with
no label, stays as written."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lists import as_sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 19, 0, tzinfo=UTC))

CLUB_NOTES = """here's the netball stuff, keep it:

## Club notes (spring)
- practice: Tuesdays, Court 2 at Millfield, 18:00-19:30
- kit washing: Dmitri does it after every match
- new goal keeper is **Priya Raman**
"""


def test_each_labelled_bullet_is_its_own_findable_card() -> None:
    # GIVEN a pasted markdown list of a club's arrangements, two of them labelled
    said = SESSION.statements(CLUB_NOTES)
    # THEN each is a card of its own, naming what its label named
    assert "The practice is Tuesdays, Court 2 at Millfield, 18:00-19:30." in said
    assert "Dmitri does the kit washing after every match." in said
    assert "The new goal keeper is Priya Raman." in said
    assert not any("Dmitri" in s and "Millfield" in s for s in said)


def test_a_label_before_a_task_or_an_unlabelled_bullet_stays_as_written() -> None:
    # GIVEN a label before a to-do and a plain bullet under a topic heading
    text = as_sentences("## Trip notes\n- todo: buy adapters\n- passports in the blue folder")
    # THEN neither is rewritten
    assert text.splitlines() == ["todo: buy adapters.", "passports in the blue folder."]
